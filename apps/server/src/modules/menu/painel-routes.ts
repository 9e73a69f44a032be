import {
  MSG_CATALOGO as M,
  categoriaInputSchema,
  grupoOpcaoInputSchema,
  opcaoInputSchema,
  ordemInputSchema,
  produtoInputSchema,
  vincularGrupoInputSchema,
  MAX_BYTES_IMAGEM,
  MAX_BYTES_IMPORTACAO,
  MSG_IMPORTACAO,
  csvParaCardapioEmPassos,
  decodificarCsv,
} from '@rango/domain/painel/catalogo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validar } from '../../http/corpo.ts';
import { HttpError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Autor } from '../establishments/escrita.ts';
import { dono, idDe } from '../establishments/painel-http.ts';
import { exportarCardapio, exportarCsv } from './cardapio-exportar.ts';
import { importarCardapio } from './cardapio-io.ts';
import { emFatias } from './fatias.ts';
import { FilaCheia } from './images.ts';
import { CONTRATOS_CARDAPIO, FORMATO_EXPORTACAO } from './contrato-painel.ts';
import type { CardapioPainelService } from './painel.ts';
import { salvarProdutoRoutes } from './salvar-produto.ts';

interface P {
  id: string;
  idgrupo: string;
  idproduto: string;
  idgrupoopcao: string;
  idopcao: string;
}
type R = FastifyRequest<{ Params: P }>;

/**
 * Menu imports per establishment, dry runs (conferir) and applied (importar) apart: the panel
 * checks a file before importing it, and an owner fixing a spreadsheet checks it again a few
 * times; a script sending files in a loop is stopped (each file at the limits costs about a
 * second of the instance's CPU, spread in slices).
 */
export const IMPORTACAO_LIMITS = {
  conferir: { dezMinutos: { max: 30, windowSeconds: 600 } },
  importar: { dezMinutos: { max: 10, windowSeconds: 600 } },
} as const;

const dryRun = (q: { dry_run?: string }): boolean => q.dry_run === '1' || q.dry_run === 'true';

/**
 * Photo uploads per establishment (each one a decode of up to 50 MP): a menu's photos one after
 * another fit (a 300-product menu within the hour); a script sending them in a loop does not.
 */
export const FOTO_LIMITS = {
  minuto: { max: 30, windowSeconds: 60 },
  hora: { max: 300, windowSeconds: 3600 },
} as const;

/**
 * The owner's back office of the menu (issue 12): categories, products, option groups, options,
 * the import/export of the whole menu and product photos. Every route is the owner's (an
 * attendant 403, another establishment 404); each body's schema is in
 * packages/domain/src/painel/catalogo.ts.
 */
export function cardapioPainelRoutes(svc: CardapioPainelService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id';

    // Menu
    app.get<{ Params: P }>(
      `${B}/cardapio/`,
      { config: { contrato: CONTRATOS_CARDAPIO.cardapio } },
      async (req) => svc.cardapio((await dono(req)).idestabelecimento),
    );

    app.post<{ Params: P }>(
      `${B}/categorias/`,
      { config: { contrato: CONTRATOS_CARDAPIO.criarCategoria } },
      async (req, reply) => {
        const a = await dono(req);
        const { descricao } = validar(categoriaInputSchema, req.body);
        return reply.code(201).send(await svc.criarCategoria(a, descricao));
      },
    );
    // Before /categorias/:idgrupo/ so 'ordem' is never read as an id.
    app.put<{ Params: P }>(
      `${B}/categorias/ordem/`,
      { config: { contrato: CONTRATOS_CARDAPIO.ordenarCategorias } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.ordenarCategorias(a, validar(ordemInputSchema, req.body).ids);
        return reply.code(204).send();
      },
    );
    app.put<{ Params: P }>(
      `${B}/categorias/:idgrupo/`,
      { config: { contrato: CONTRATOS_CARDAPIO.mudarCategoria } },
      async (req) => {
        const a = await dono(req);
        const idgrupo = idDe(req.params.idgrupo, M.categoriaNaoEncontrada);
        const { descricao } = validar(categoriaInputSchema, req.body);
        return svc.mudarCategoria(a, idgrupo, descricao);
      },
    );
    app.delete<{ Params: P }>(
      `${B}/categorias/:idgrupo/`,
      { config: { contrato: CONTRATOS_CARDAPIO.excluirCategoria } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.excluirCategoria(a, idDe(req.params.idgrupo, M.categoriaNaoEncontrada));
        return reply.code(204).send();
      },
    );
    app.put<{ Params: P }>(
      `${B}/categorias/:idgrupo/produtos/ordem/`,
      { config: { contrato: CONTRATOS_CARDAPIO.ordenarProdutos } },
      async (req, reply) => {
        const a = await dono(req);
        const idgrupo = idDe(req.params.idgrupo, M.categoriaNaoEncontrada);
        await svc.ordenarProdutos(a, idgrupo, validar(ordemInputSchema, req.body).ids);
        return reply.code(204).send();
      },
    );

    app.post<{ Params: P }>(
      `${B}/produtos/`,
      { config: { contrato: CONTRATOS_CARDAPIO.criarProduto } },
      async (req, reply) => {
        const a = await dono(req);
        return reply.code(201).send(await svc.criarProduto(a, validar(produtoInputSchema, req.body)));
      },
    );
    // A product with its groups and options as one unit (the editor's save).
    salvarProdutoRoutes(app, B);
    app.get<{ Params: P }>(
      `${B}/produtos/:idproduto/`,
      { config: { contrato: CONTRATOS_CARDAPIO.produto } },
      async (req) => {
        const a = await dono(req);
        return svc.produto(a.idestabelecimento, idDe(req.params.idproduto, M.produtoNaoEncontrado));
      },
    );
    app.put<{ Params: P }>(
      `${B}/produtos/:idproduto/`,
      { config: { contrato: CONTRATOS_CARDAPIO.mudarProduto } },
      async (req) => {
        const a = await dono(req);
        const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
        return svc.mudarProduto(a, idproduto, validar(produtoInputSchema, req.body));
      },
    );
    app.delete<{ Params: P }>(
      `${B}/produtos/:idproduto/`,
      { config: { contrato: CONTRATOS_CARDAPIO.excluirProduto } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.excluirProduto(a, idDe(req.params.idproduto, M.produtoNaoEncontrado));
        return reply.code(204).send();
      },
    );
    app.post<{ Params: P }>(
      `${B}/produtos/:idproduto/duplicar/`,
      { config: { contrato: CONTRATOS_CARDAPIO.duplicarProduto } },
      async (req, reply) => {
        const a = await dono(req);
        return reply
          .code(201)
          .send(await svc.duplicarProduto(a, idDe(req.params.idproduto, M.produtoNaoEncontrado)));
      },
    );
    app.post<{ Params: P }>(
      `${B}/produtos/:idproduto/grupos/`,
      { config: { contrato: CONTRATOS_CARDAPIO.vincularGrupo } },
      async (req) => {
        const a = await dono(req);
        const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
        return svc.vincularGrupo(a, idproduto, validar(vincularGrupoInputSchema, req.body));
      },
    );
    app.put<{ Params: P }>(
      `${B}/produtos/:idproduto/grupos/ordem/`,
      { config: { contrato: CONTRATOS_CARDAPIO.ordenarGrupos } },
      async (req) => {
        const a = await dono(req);
        const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
        return svc.ordenarGruposDoProduto(a, idproduto, validar(ordemInputSchema, req.body).ids);
      },
    );
    app.delete<{ Params: P }>(
      `${B}/produtos/:idproduto/grupos/:idgrupoopcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.desvincularGrupo } },
      async (req) => {
        const a = await dono(req);
        const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
        return svc.desvincularGrupo(a, idproduto, idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado));
      },
    );

    app.post<{ Params: P }>(
      `${B}/grupos-opcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.criarGrupo } },
      async (req, reply) => {
        const a = await dono(req);
        return reply.code(201).send(await svc.criarGrupo(a, validar(grupoOpcaoInputSchema, req.body)));
      },
    );
    app.get<{ Params: P }>(
      `${B}/grupos-opcao/:idgrupoopcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.grupo } },
      async (req) => {
        const a = await dono(req);
        return svc.grupo(a.idestabelecimento, idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado));
      },
    );
    app.put<{ Params: P }>(
      `${B}/grupos-opcao/:idgrupoopcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.mudarGrupo } },
      async (req) => {
        const a = await dono(req);
        const idg = idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado);
        return svc.mudarGrupo(a, idg, validar(grupoOpcaoInputSchema, req.body));
      },
    );
    app.delete<{ Params: P }>(
      `${B}/grupos-opcao/:idgrupoopcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.excluirGrupo } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.excluirGrupo(a, idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado));
        return reply.code(204).send();
      },
    );
    app.post<{ Params: P }>(
      `${B}/grupos-opcao/:idgrupoopcao/opcoes/`,
      { config: { contrato: CONTRATOS_CARDAPIO.criarOpcao } },
      async (req, reply) => {
        const a = await dono(req);
        const idg = idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado);
        return reply.code(201).send(await svc.criarOpcao(a, idg, validar(opcaoInputSchema, req.body)));
      },
    );
    app.put<{ Params: P }>(
      `${B}/grupos-opcao/:idgrupoopcao/opcoes/ordem/`,
      { config: { contrato: CONTRATOS_CARDAPIO.ordenarOpcoes } },
      async (req, reply) => {
        const a = await dono(req);
        const idg = idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado);
        await svc.ordenarOpcoes(a, idg, validar(ordemInputSchema, req.body).ids);
        return reply.code(204).send();
      },
    );
    app.put<{ Params: P }>(
      `${B}/opcoes/:idopcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.mudarOpcao } },
      async (req) => {
        const a = await dono(req);
        const idopcao = idDe(req.params.idopcao, M.opcaoNaoEncontrada);
        return svc.mudarOpcao(a, idopcao, validar(opcaoInputSchema, req.body));
      },
    );
    app.delete<{ Params: P }>(
      `${B}/opcoes/:idopcao/`,
      { config: { contrato: CONTRATOS_CARDAPIO.excluirOpcao } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.excluirOpcao(a, idDe(req.params.idopcao, M.opcaoNaoEncontrada));
        return reply.code(204).send();
      },
    );

    // Import/export (part 3). A CSV arrives as its bytes (aceitarArquivos, below).
    app.get<{ Params: P; Querystring: { formato?: string } }>(
      `${B}/cardapio/exportar/`,
      { config: { contrato: CONTRATOS_CARDAPIO.exportar } },
      async (req, reply) => {
        const a = await dono(req as unknown as R);
        const formato = validar(FORMATO_EXPORTACAO, req.query).formato ?? 'json';
        const nome = `cardapio-${a.idestabelecimento}.${formato}`;
        const corpo =
          formato === 'json'
            ? JSON.stringify(await exportarCardapio(req.server.db, a.idestabelecimento), null, 2)
            : await exportarCsv(req.server.db, a.idestabelecimento);
        return reply
          .header('content-disposition', `attachment; filename="${nome}"`)
          .header('cache-control', 'private, no-store')
          .type(`${formato === 'json' ? 'application/json' : 'text/csv'}; charset=utf-8`)
          .send(corpo);
      },
    );
    // The owner and the establishment's limits are checked before the body (up to 5 MB) is read.
    const autores = new WeakMap<FastifyRequest, Autor>();
    app.post<{ Params: P; Querystring: { dry_run?: string } }>(
      `${B}/cardapio/importar/`,
      {
        bodyLimit: MAX_BYTES_IMPORTACAO,
        config: { contrato: CONTRATOS_CARDAPIO.importar },
        onRequest: async (req, reply) => {
          const a = await dono(req as unknown as R);
          const tipo = dryRun(req.query) ? 'conferir' : 'importar';
          try {
            for (const [nome, regra] of Object.entries(IMPORTACAO_LIMITS[tipo]))
              await rateLimit(req, reply, `cardapio-${tipo}-${nome}`, {
                ...regra,
                key: String(a.idestabelecimento),
              });
          } catch (e) {
            if (e instanceof HttpError && e.statusCode === 429)
              throw new HttpError(429, { detail: MSG_IMPORTACAO.muitasImportacoes });
            throw e;
          }
          autores.set(req, a);
        },
        errorHandler: (error, _req, reply) => {
          if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
            return reply.code(413).send({ detail: MSG_IMPORTACAO.arquivoGrande });
          throw error;
        },
      },
      async (req) => {
        const a = autores.get(req) ?? (await dono(req as unknown as R));
        const opts = { dryRun: dryRun(req.query), midias: svc.midias };
        if (Buffer.isBuffer(req.body)) {
          const csv = await emFatias(csvParaCardapioEmPassos(decodificarCsv(req.body)));
          if ('erros' in csv)
            throw new HttpError(400, {
              aplicado: false,
              alteracoes: [],
              erros: csv.erros,
              menu_versao: null,
            });
          return importarCardapio(req.server.db, a, csv.arquivo, { ...opts, linhas: csv.linhas });
        }
        if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
          throw new HttpError(400, {
            aplicado: false,
            alteracoes: [],
            erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.arquivoInvalido }],
            menu_versao: null,
          });
        }
        return importarCardapio(req.server.db, a, req.body, opts);
      },
    );

    // Product photos: the bytes themselves (aceitarArquivos, below).
    app.put<{ Params: P }>(
      `${B}/produtos/:idproduto/imagem/`,
      {
        bodyLimit: MAX_BYTES_IMAGEM,
        config: { contrato: CONTRATOS_CARDAPIO.imagem },
        // A 50 MB upload is cut at the limit and refused on its field, in Portuguese.
        errorHandler: (error, _req, reply) => {
          if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            return reply.code(413).send({ imagem: [M.imagemGrande] });
          }
          throw error;
        },
      },
      async (req, reply) => {
        const a = await dono(req);
        try {
          for (const [nome, regra] of Object.entries(FOTO_LIMITS))
            await rateLimit(req, reply, `foto-${nome}`, { ...regra, key: String(a.idestabelecimento) });
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 429)
            throw new HttpError(429, { detail: M.imagemMuitas });
          throw e;
        }
        const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
        if (!Buffer.isBuffer(req.body)) throw new HttpError(400, { imagem: [M.imagemTipo] });
        try {
          return await svc.definirImagem(a, idproduto, req.body);
        } catch (e) {
          if (!(e instanceof FilaCheia)) throw e;
          reply.header('retry-after', '5');
          throw new HttpError(503, { detail: M.imagemFila });
        }
      },
    );
    app.delete<{ Params: P }>(
      `${B}/produtos/:idproduto/imagem/`,
      { config: { contrato: CONTRATOS_CARDAPIO.removerImagem } },
      async (req) => {
        const a = await dono(req);
        return svc.removerImagem(a, idDe(req.params.idproduto, M.produtoNaoEncontrado));
      },
    );
  };
}

/**
 * The bodies the back office takes as bytes: a menu file (CSV: its encoding is decided here, not
 * by the client) and product photos (any declared type; the type is sniffed from the bytes).
 * Registered once around every back-office route (store, menu, coupons, audit), as they were
 * when those shared one plugin: a body of these types elsewhere is refused the same way.
 */
export function aceitarArquivos(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: MAX_BYTES_IMPORTACAO },
    (_req, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    /^image\//,
    { parseAs: 'buffer', bodyLimit: MAX_BYTES_IMAGEM },
    (_req, body, done) => done(null, body),
  );
}
