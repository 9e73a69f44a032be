import { MSG } from '@rango/domain';
import type { Schema } from '@rango/domain';
import {
  MSG_CATALOGO as M,
  areaInputSchema,
  categoriaInputSchema,
  cupomInputSchema,
  estabelecimentoInputSchema,
  excecoesHorarioInputSchema,
  formasPgtoInputSchema,
  grupoOpcaoInputSchema,
  horariosInputSchema,
  opcaoInputSchema,
  ordemInputSchema,
  produtoInputSchema,
  taxaBairroInputSchema,
  vincularGrupoInputSchema,
  MAX_BYTES_IMAGEM,
  MAX_BYTES_IMPORTACAO,
  MSG_IMPORTACAO,
  cardapioParaCsv,
  csvParaCardapio,
  decodificarCsv,
} from '@rango/domain/painel/catalogo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, parseId } from '../../http/errors.ts';
import { requireFuncionario, requireStaff } from '../staff/guard.ts';
import { exportarCardapio, importarCardapio } from './cardapio-io.ts';
import type { Autor, CatalogueService } from './service.ts';

/**
 * Parses a body with its back-office schema. A refusal is a 400 with each field's Portuguese
 * text (the schemas carry them all) under its path joined with dots ('horarios.2.abertura').
 */
export function parseCatalogo<T>(schema: Schema<T>, body: unknown): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { non_field_errors: [MSG.requisicaoMalFormada] });
  }
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const erros: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const campo = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    const lista = (erros[campo] ??= []);
    if (!lista.includes(issue.message)) lista.push(issue.message);
  }
  throw new HttpError(400, erros);
}

/** A path id of a thing inside the establishment; malformed answers like an unknown one. */
function idDe(raw: string, detail: string): number {
  const id = parseId(raw);
  if (id === undefined) throw new HttpError(404, { detail });
  return id;
}

interface P {
  id: string;
  idarea: string;
  idtaxa: string;
  idgrupo: string;
  idproduto: string;
  idgrupoopcao: string;
  idopcao: string;
  idcupom: string;
}
type R = FastifyRequest<{ Params: P }>;

/** The owner of the path's establishment (401 / 404 / 403 from the staff guard). */
async function dono(req: R): Promise<Autor> {
  const s = await requireStaff(req, req.params.id, 'dono');
  return { idfuncionario: s.idfuncionario, idestabelecimento: s.idestabelecimento };
}

/** The map under the delivery circles (config.ts's MAPA_TILES_URL); unset = numbers only. */
export interface MapaTiles {
  tilesUrl: string;
  atribuicao: string;
}

/**
 * The back office (issue 12): the owner's writes of establishment data, hours, delivery, payment
 * methods, menu and coupons, and the audit log. Every route is the owner's (an attendant 403,
 * another establishment 404); each body's schema is in packages/domain/src/painel/catalogo.ts.
 */
export function catalogueRoutes(svc: CatalogueService, mapa?: MapaTiles) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id';

    app.post('/painel/estabelecimentos/', async (req, reply) => {
      const idfuncionario = await requireFuncionario(req);
      const v = parseCatalogo(estabelecimentoInputSchema, req.body);
      const e = await svc.criarEstabelecimento(idfuncionario, v);
      req.log.info({ estabelecimento: e.id, funcionario: idfuncionario }, 'painel: estabelecimento criado');
      return reply.code(201).send(e);
    });

    app.get<{ Params: P }>(`${B}/dados/`, async (req) =>
      svc.estabelecimento((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(`${B}/dados/`, async (req) =>
      svc.mudarEstabelecimento(await dono(req), parseCatalogo(estabelecimentoInputSchema, req.body)),
    );

    app.get<{ Params: P }>(`${B}/horarios/`, async (req) =>
      svc.horarios((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(`${B}/horarios/`, async (req) =>
      svc.mudarHorarios(await dono(req), parseCatalogo(horariosInputSchema, req.body)),
    );

    app.get<{ Params: P }>(`${B}/horarios/excecoes/`, async (req) =>
      svc.excecoes((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(`${B}/horarios/excecoes/`, async (req) =>
      svc.mudarExcecoes(await dono(req), parseCatalogo(excecoesHorarioInputSchema, req.body)),
    );

    app.get<{ Params: P }>(`${B}/areas/`, async (req) => svc.areas((await dono(req)).idestabelecimento));
    // The tiles the panel draws the circles over: { tiles: null } when none are configured.
    app.get<{ Params: P }>(`${B}/areas/mapa/`, async (req) => {
      await dono(req);
      return { tiles: mapa?.tilesUrl ?? null, atribuicao: mapa?.atribuicao ?? '' };
    });
    app.post<{ Params: P }>(`${B}/areas/`, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarArea(a, parseCatalogo(areaInputSchema, req.body)));
    });
    app.put<{ Params: P }>(`${B}/areas/:idarea/`, async (req) => {
      const a = await dono(req);
      const idarea = idDe(req.params.idarea, M.areaNaoEncontrada);
      return svc.mudarArea(a, idarea, parseCatalogo(areaInputSchema, req.body));
    });
    app.delete<{ Params: P }>(`${B}/areas/:idarea/`, async (req, reply) => {
      const a = await dono(req);
      await svc.excluirArea(a, idDe(req.params.idarea, M.areaNaoEncontrada));
      return reply.code(204).send();
    });

    app.get<{ Params: P }>(`${B}/taxas-bairro/`, async (req) =>
      svc.taxas((await dono(req)).idestabelecimento),
    );
    app.post<{ Params: P }>(`${B}/taxas-bairro/`, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarTaxa(a, parseCatalogo(taxaBairroInputSchema, req.body)));
    });
    app.put<{ Params: P }>(`${B}/taxas-bairro/:idtaxa/`, async (req) => {
      const a = await dono(req);
      const idtaxa = idDe(req.params.idtaxa, M.taxaNaoEncontrada);
      return svc.mudarTaxa(a, idtaxa, parseCatalogo(taxaBairroInputSchema, req.body));
    });
    app.delete<{ Params: P }>(`${B}/taxas-bairro/:idtaxa/`, async (req, reply) => {
      const a = await dono(req);
      await svc.excluirTaxa(a, idDe(req.params.idtaxa, M.taxaNaoEncontrada));
      return reply.code(204).send();
    });

    app.get<{ Params: P }>(`${B}/formas-pagamento/`, async (req) =>
      svc.formas((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(`${B}/formas-pagamento/`, async (req) =>
      svc.mudarFormas(await dono(req), parseCatalogo(formasPgtoInputSchema, req.body)),
    );

    // Menu
    app.get<{ Params: P }>(`${B}/cardapio/`, async (req) =>
      svc.cardapio((await dono(req)).idestabelecimento),
    );

    app.post<{ Params: P }>(`${B}/categorias/`, async (req, reply) => {
      const a = await dono(req);
      const { descricao } = parseCatalogo(categoriaInputSchema, req.body);
      return reply.code(201).send(await svc.criarCategoria(a, descricao));
    });
    // Before /categorias/:idgrupo/ so 'ordem' is never read as an id.
    app.put<{ Params: P }>(`${B}/categorias/ordem/`, async (req, reply) => {
      const a = await dono(req);
      await svc.ordenarCategorias(a, parseCatalogo(ordemInputSchema, req.body).ids);
      return reply.code(204).send();
    });
    app.put<{ Params: P }>(`${B}/categorias/:idgrupo/`, async (req) => {
      const a = await dono(req);
      const idgrupo = idDe(req.params.idgrupo, M.categoriaNaoEncontrada);
      const { descricao } = parseCatalogo(categoriaInputSchema, req.body);
      return svc.mudarCategoria(a, idgrupo, descricao);
    });
    app.delete<{ Params: P }>(`${B}/categorias/:idgrupo/`, async (req, reply) => {
      const a = await dono(req);
      await svc.excluirCategoria(a, idDe(req.params.idgrupo, M.categoriaNaoEncontrada));
      return reply.code(204).send();
    });
    app.put<{ Params: P }>(`${B}/categorias/:idgrupo/produtos/ordem/`, async (req, reply) => {
      const a = await dono(req);
      const idgrupo = idDe(req.params.idgrupo, M.categoriaNaoEncontrada);
      await svc.ordenarProdutos(a, idgrupo, parseCatalogo(ordemInputSchema, req.body).ids);
      return reply.code(204).send();
    });

    app.post<{ Params: P }>(`${B}/produtos/`, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarProduto(a, parseCatalogo(produtoInputSchema, req.body)));
    });
    app.get<{ Params: P }>(`${B}/produtos/:idproduto/`, async (req) => {
      const a = await dono(req);
      return svc.produto(a.idestabelecimento, idDe(req.params.idproduto, M.produtoNaoEncontrado));
    });
    app.put<{ Params: P }>(`${B}/produtos/:idproduto/`, async (req) => {
      const a = await dono(req);
      const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
      return svc.mudarProduto(a, idproduto, parseCatalogo(produtoInputSchema, req.body));
    });
    app.delete<{ Params: P }>(`${B}/produtos/:idproduto/`, async (req, reply) => {
      const a = await dono(req);
      await svc.excluirProduto(a, idDe(req.params.idproduto, M.produtoNaoEncontrado));
      return reply.code(204).send();
    });
    app.post<{ Params: P }>(`${B}/produtos/:idproduto/duplicar/`, async (req, reply) => {
      const a = await dono(req);
      return reply
        .code(201)
        .send(await svc.duplicarProduto(a, idDe(req.params.idproduto, M.produtoNaoEncontrado)));
    });
    app.post<{ Params: P }>(`${B}/produtos/:idproduto/grupos/`, async (req) => {
      const a = await dono(req);
      const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
      return svc.vincularGrupo(a, idproduto, parseCatalogo(vincularGrupoInputSchema, req.body));
    });
    app.put<{ Params: P }>(`${B}/produtos/:idproduto/grupos/ordem/`, async (req) => {
      const a = await dono(req);
      const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
      return svc.ordenarGruposDoProduto(a, idproduto, parseCatalogo(ordemInputSchema, req.body).ids);
    });
    app.delete<{ Params: P }>(`${B}/produtos/:idproduto/grupos/:idgrupoopcao/`, async (req) => {
      const a = await dono(req);
      const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
      return svc.desvincularGrupo(a, idproduto, idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado));
    });

    app.post<{ Params: P }>(`${B}/grupos-opcao/`, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarGrupo(a, parseCatalogo(grupoOpcaoInputSchema, req.body)));
    });
    app.get<{ Params: P }>(`${B}/grupos-opcao/:idgrupoopcao/`, async (req) => {
      const a = await dono(req);
      return svc.grupo(a.idestabelecimento, idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado));
    });
    app.put<{ Params: P }>(`${B}/grupos-opcao/:idgrupoopcao/`, async (req) => {
      const a = await dono(req);
      const idg = idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado);
      return svc.mudarGrupo(a, idg, parseCatalogo(grupoOpcaoInputSchema, req.body));
    });
    app.delete<{ Params: P }>(`${B}/grupos-opcao/:idgrupoopcao/`, async (req, reply) => {
      const a = await dono(req);
      await svc.excluirGrupo(a, idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado));
      return reply.code(204).send();
    });
    app.post<{ Params: P }>(`${B}/grupos-opcao/:idgrupoopcao/opcoes/`, async (req, reply) => {
      const a = await dono(req);
      const idg = idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado);
      return reply.code(201).send(await svc.criarOpcao(a, idg, parseCatalogo(opcaoInputSchema, req.body)));
    });
    app.put<{ Params: P }>(`${B}/grupos-opcao/:idgrupoopcao/opcoes/ordem/`, async (req, reply) => {
      const a = await dono(req);
      const idg = idDe(req.params.idgrupoopcao, M.grupoNaoEncontrado);
      await svc.ordenarOpcoes(a, idg, parseCatalogo(ordemInputSchema, req.body).ids);
      return reply.code(204).send();
    });
    app.put<{ Params: P }>(`${B}/opcoes/:idopcao/`, async (req) => {
      const a = await dono(req);
      const idopcao = idDe(req.params.idopcao, M.opcaoNaoEncontrada);
      return svc.mudarOpcao(a, idopcao, parseCatalogo(opcaoInputSchema, req.body));
    });
    app.delete<{ Params: P }>(`${B}/opcoes/:idopcao/`, async (req, reply) => {
      const a = await dono(req);
      await svc.excluirOpcao(a, idDe(req.params.idopcao, M.opcaoNaoEncontrada));
      return reply.code(204).send();
    });

    // Coupons
    app.get<{ Params: P }>(`${B}/cupons/`, async (req) => svc.cupons((await dono(req)).idestabelecimento));
    app.post<{ Params: P }>(`${B}/cupons/`, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarCupom(a, parseCatalogo(cupomInputSchema, req.body)));
    });
    app.put<{ Params: P }>(`${B}/cupons/:idcupom/`, async (req) => {
      const a = await dono(req);
      const idcupom = idDe(req.params.idcupom, M.cupomNaoEncontrado);
      return svc.mudarCupom(a, idcupom, parseCatalogo(cupomInputSchema, req.body));
    });
    app.delete<{ Params: P }>(`${B}/cupons/:idcupom/`, async (req, reply) => {
      const a = await dono(req);
      const c = await svc.excluirCupom(a, idDe(req.params.idcupom, M.cupomNaoEncontrado));
      return c ? reply.send(c) : reply.code(204).send();
    });

    // Import/export (part 3). A CSV arrives as its bytes (encoding decided here, not by the client).
    app.addContentTypeParser(
      ['text/csv', 'text/plain', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_BYTES_IMPORTACAO },
      (_req, body, done) => done(null, body),
    );
    app.get<{ Params: P; Querystring: { formato?: string } }>(
      `${B}/cardapio/exportar/`,
      async (req, reply) => {
        const a = await dono(req as unknown as R);
        const formato = req.query.formato ?? 'json';
        if (formato !== 'json' && formato !== 'csv') throw new HttpError(400, { formato: [M.valorInvalido] });
        const arquivo = await exportarCardapio(req.server.db, a.idestabelecimento);
        const nome = `cardapio-${a.idestabelecimento}.${formato}`;
        reply
          .header('content-disposition', `attachment; filename="${nome}"`)
          .header('cache-control', 'private, no-store');
        if (formato === 'json')
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(arquivo, null, 2));
        return reply.type('text/csv; charset=utf-8').send(cardapioParaCsv(arquivo));
      },
    );
    app.post<{ Params: P; Querystring: { dry_run?: string } }>(
      `${B}/cardapio/importar/`,
      { bodyLimit: MAX_BYTES_IMPORTACAO },
      async (req) => {
        const a = await dono(req as unknown as R);
        const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true';
        if (Buffer.isBuffer(req.body)) {
          const csv = csvParaCardapio(decodificarCsv(req.body));
          if ('erros' in csv)
            throw new HttpError(400, {
              aplicado: false,
              alteracoes: [],
              erros: csv.erros,
              menu_versao: null,
            });
          return importarCardapio(req.server.db, a, csv.arquivo, { dryRun, linhas: csv.linhas });
        }
        if (typeof req.body !== 'object' || req.body === null || Array.isArray(req.body)) {
          throw new HttpError(400, {
            aplicado: false,
            alteracoes: [],
            erros: [{ linha: null, caminho: '', msg: MSG_IMPORTACAO.arquivoInvalido }],
            menu_versao: null,
          });
        }
        return importarCardapio(req.server.db, a, req.body, { dryRun });
      },
    );

    // Product photos: the bytes themselves (any declared type; the type is sniffed from the bytes).
    app.addContentTypeParser(
      /^image\//,
      { parseAs: 'buffer', bodyLimit: MAX_BYTES_IMAGEM },
      (_req, body, done) => done(null, body),
    );
    app.put<{ Params: P }>(
      `${B}/produtos/:idproduto/imagem/`,
      {
        bodyLimit: MAX_BYTES_IMAGEM,
        // A 50 MB upload is cut at the limit and refused on its field, in Portuguese.
        errorHandler: (error, _req, reply) => {
          if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
            return reply.code(413).send({ imagem: [M.imagemGrande] });
          }
          throw error;
        },
      },
      async (req) => {
        const a = await dono(req);
        const idproduto = idDe(req.params.idproduto, M.produtoNaoEncontrado);
        if (!Buffer.isBuffer(req.body)) throw new HttpError(400, { imagem: [M.imagemTipo] });
        return svc.definirImagem(a, idproduto, req.body);
      },
    );
    app.delete<{ Params: P }>(`${B}/produtos/:idproduto/imagem/`, async (req) => {
      const a = await dono(req);
      return svc.removerImagem(a, idDe(req.params.idproduto, M.produtoNaoEncontrado));
    });

    // Audit
    app.get<{ Params: P; Querystring: { antes?: string } }>(`${B}/auditoria/`, async (req) => {
      const a = await dono(req as unknown as R);
      const antes = req.query.antes === undefined ? undefined : parseId(req.query.antes);
      if (req.query.antes !== undefined && antes === undefined) {
        throw new HttpError(400, { antes: [M.idInvalido] });
      }
      return svc.auditoria(a.idestabelecimento, antes);
    });
  };
}
