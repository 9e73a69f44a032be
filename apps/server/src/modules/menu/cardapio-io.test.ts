import { menuSchema } from '@rango/domain';
import type { Menu } from '@rango/domain';
import {
  BASE_MIDIA_LOCAL,
  COLUNAS_CSV,
  LIMITES_IMPORTACAO,
  MSG_CATALOGO as M,
  MSG_IMPORTACAO,
  cardapioArquivoSchema,
  cardapioParaCsv,
  csvParaCardapio,
  importacaoResultadoSchema,
} from '@rango/domain/painel/catalogo';
import type { CardapioArquivo, ImportacaoResultado } from '@rango/domain/painel/catalogo';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { CASOS_FORMULA } from '../../test/csv-formulas.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { importarCardapio } from './cardapio-io.ts';
import { IMPORTACAO_LIMITS } from './painel-routes.ts';
import { createS3Storage } from './s3.ts';
import { createCardapioPainelService } from './painel.ts';
import { cardapioGrande, novoEstabelecimento } from '../../test/catalogo.ts';

const est = (id: number | string) => `${API}/painel/estabelecimento/${id}`;

const NOVO = novoEstabelecimento('Cantina Vazia', {
  endereco: {
    rua: 'Rua A',
    numero: '1',
    bairro: 'Centro',
    complemento: null,
    cep: '01001-000',
    cidade: 'São Paulo',
    uf: 'SP',
  },
  fones: [],
  pedidominimo: 0,
  previsaoentregamin: 20,
  previsaoentregamax: 40,
});

/** The file with every id replaced by its order of first appearance (ids differ between establishments). */
function semIds<T extends Menu | CardapioArquivo>(a: T): T {
  const maps = new Map<string, Map<number, number>>();
  const troca = (tipo: string, id: number) => {
    const m = maps.get(tipo) ?? maps.set(tipo, new Map()).get(tipo)!;
    return m.get(id) ?? m.set(id, m.size + 1).get(id)!;
  };
  return JSON.parse(JSON.stringify(a), function (this: unknown, k: string, v: unknown) {
    if (typeof v === 'number' && ['idgrupo', 'idproduto', 'idgrupoopcao', 'idopcao'].includes(k))
      return troca(k, v);
    return v;
  }) as T;
}

describe.each(DIALECTS)('menu import/export on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let atendente: { authorization: string };

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
  });
  afterAll(async () => ta?.close());

  const call = (opts: InjectOptions, headers = dono) =>
    ta.app.inject({ ...opts, headers: { ...headers, ...(opts.headers ?? {}) } });
  const versao = async (id: number) =>
    (
      await ta.t.db
        .selectFrom('estabelecimento')
        .select('menu_versao')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).menu_versao;
  const exportar = async (id: number, formato: 'json' | 'csv' = 'json') => {
    const res = await call({ url: `${est(id)}/cardapio/exportar/?formato=${formato}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cardapio-${id}.${formato}"`);
    return res.body;
  };
  const importar = async (id: number, corpo: unknown, { dry = false, csv = false } = {}) =>
    call({
      method: 'POST',
      url: `${est(id)}/cardapio/importar/${dry ? '?dry_run=1' : ''}`,
      payload: corpo as InjectOptions['payload'],
      headers: csv ? { 'content-type': 'text/csv' } : {},
    });
  const novoEstabelecimento = async (): Promise<number> => {
    const res = await call({ method: 'POST', url: `${API}/painel/estabelecimentos/`, payload: NOVO });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: number }>().id;
  };
  const menuPublico = async (id: number) =>
    menuSchema.parse((await ta.app.inject({ url: `${API}/api/estabelecimento/${id}/menu/` })).json());

  it('JSON: export → import on the same establishment changes nothing; the export is the same', async () => {
    const texto = await exportar(1);
    const arquivo = cardapioArquivoSchema.parse(JSON.parse(texto));
    expect(arquivo.grupos.map((c) => c.descricao)).toEqual(['Pizzas', 'Bebidas']);
    const v = await versao(1);
    const dry = await importar(1, arquivo, { dry: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(importacaoResultadoSchema.parse(dry.json())).toEqual({
      aplicado: false,
      alteracoes: [],
      erros: [],
      menu_versao: null,
    });
    const real = await importar(1, arquivo);
    expect(real.json<ImportacaoResultado>()).toMatchObject({ aplicado: true, alteracoes: [] });
    expect(await versao(1)).toBe(v);
    expect(await exportar(1)).toBe(texto);
  });

  it('JSON and CSV: a round trip onto an empty establishment is lossless (same file but for the ids)', async () => {
    const original = cardapioArquivoSchema.parse(JSON.parse(await exportar(1)));
    const vazio = await novoEstabelecimento();
    const res = await importar(vazio, original);
    expect(res.statusCode, res.body).toBe(200);
    const r = importacaoResultadoSchema.parse(res.json());
    expect(r.aplicado).toBe(true);
    expect(r.alteracoes.every((x) => x.acao === 'criar')).toBe(true);
    const copia = cardapioArquivoSchema.parse(JSON.parse(await exportar(vazio)));
    expect(semIds(copia)).toEqual(semIds(original));
    expect(semIds(await menuPublico(vazio))).toEqual(semIds(await menuPublico(1)));

    const csv = await exportar(1, 'csv');
    expect(csv.startsWith('\uFEFF' + COLUNAS_CSV.join(';'))).toBe(true);
    const outro = await novoEstabelecimento();
    const rc = await importar(outro, csv, { csv: true });
    expect(rc.statusCode, rc.body).toBe(200);
    expect(semIds(cardapioArquivoSchema.parse(JSON.parse(await exportar(outro))))).toEqual(semIds(original));
    // The CSV of the copy reads back as the same menu, and the CSV import on the original changes nothing.
    const csvCopia = await exportar(outro, 'csv');
    const lido = csvParaCardapio(csvCopia.slice(1));
    expect('arquivo' in lido && semIds(lido.arquivo)).toEqual(semIds(original));
    const dry = await importar(1, csv, { dry: true, csv: true });
    expect(dry.json<ImportacaoResultado>().alteracoes).toEqual([]);
  });

  it('dry run lists what would change and writes nothing; applying does it in one version move', async () => {
    const arquivo = cardapioArquivoSchema.parse(JSON.parse(await exportar(1)));
    const pizzas = arquivo.grupos[0]!;
    pizzas.produtos[0]!.preco = 41.5;
    arquivo.grupos[1]!.produtos = arquivo.grupos[1]!.produtos.filter((p) => p.descricao !== 'Água');
    arquivo.grupos[1]!.produtos.push({
      idproduto: 999_999,
      descricao: 'Suco de Laranja',
      detalhe: null,
      imagem: null,
      preco: 9.9,
      precooferta: 0,
      stindisponivel: 0,
      quantidade: 0,
      observacoes: null,
      grupoopcoes: [],
    });
    const v = await versao(1);
    const antes = await exportar(1);
    const dry = await importar(1, arquivo, { dry: true });
    expect(dry.statusCode).toBe(200);
    const r = importacaoResultadoSchema.parse(dry.json());
    expect(r.aplicado).toBe(false);
    expect(r.alteracoes).toEqual(
      expect.arrayContaining([
        {
          acao: 'alterar',
          entidade: 'produto',
          id: pizzas.produtos[0]!.idproduto,
          descricao: pizzas.produtos[0]!.descricao,
          linha: null,
        },
        { acao: 'excluir', entidade: 'produto', id: 310, descricao: 'Água', linha: null },
        { acao: 'criar', entidade: 'produto', id: null, descricao: 'Suco de Laranja', linha: null },
      ]),
    );
    expect(await versao(1)).toBe(v);
    expect(await exportar(1)).toBe(antes);
    const ok = await importar(1, arquivo);
    expect(ok.json<ImportacaoResultado>()).toMatchObject({ aplicado: true, menu_versao: v + 1 });
    const menu = await menuPublico(1);
    const produtos = menu.grupos.flatMap((g) => g.produtos);
    expect(produtos.find((p) => p.idproduto === pizzas.produtos[0]!.idproduto)?.preco).toBe(41.5);
    expect(produtos.map((p) => p.descricao)).toContain('Suco de Laranja');
    expect(produtos.map((p) => p.descricao)).not.toContain('Água');
  });

  it('JSON refusals: every bad value with its path, nothing written', async () => {
    const arquivo = cardapioArquivoSchema.parse(JSON.parse(await exportar(1)));
    const p = arquivo.grupos[0]!.produtos[0]!;
    p.preco = 123456789;
    const g = p.grupoopcoes[0]!;
    const kit = { ...g, idgrupoopcao: 777_777, stprecopraticado: 10 as const, opcoes: [] };
    p.grupoopcoes.push(kit);
    arquivo.gruposopcao_avulsos = [{ ...g, idgrupoopcao: 888_888, qtdmultiplomin: 5, qtdmultiplomax: 2 }];
    const v = await versao(1);
    const antes = await exportar(1);
    const res = await importar(1, arquivo, { dry: true });
    expect(res.statusCode).toBe(400);
    const r = importacaoResultadoSchema.parse(res.json());
    expect(r.erros).toEqual(
      expect.arrayContaining([
        { linha: null, caminho: 'grupos.0.produtos.0.preco', msg: M.dinheiroInvalido },
        {
          linha: null,
          caminho: `grupos.0.produtos.0.grupoopcoes.${p.grupoopcoes.length - 1}.stprecopraticado`,
          msg: M.kitSemOpcoes,
        },
        { linha: null, caminho: 'gruposopcao_avulsos.0.qtdmultiplomin', msg: M.minimoAcimaDoMaximo },
      ]),
    );
    expect((await importar(1, arquivo)).statusCode).toBe(400);
    expect((await importar(1, { formato: 'outro' })).json<ImportacaoResultado>().erros[0]?.msg).toBe(
      MSG_IMPORTACAO.arquivoInvalido,
    );
    expect(await versao(1)).toBe(v);
    expect(await exportar(1)).toBe(antes);
  });

  it('CSV refusals with line numbers; BOM, quotes and Latin-1 accepted', async () => {
    const cab = COLUNAS_CSV.join(';');
    const linha = (vals: Partial<Record<(typeof COLUNAS_CSV)[number], string>>) =>
      COLUNAS_CSV.map((c) => vals[c] ?? '').join(';');
    const v = await versao(1);
    const semColuna = await importar(1, 'categoria;produto\nPizzas;X\n', { csv: true, dry: true });
    expect(semColuna.statusCode).toBe(400);
    expect(semColuna.json<ImportacaoResultado>().erros[0]).toMatchObject({ linha: 1 });
    expect(semColuna.json<ImportacaoResultado>().erros[0]?.msg).toContain('Faltam colunas: categoria_id');

    const ruim = [
      cab,
      linha({ categoria: 'Lanches', produto: 'X-Burger', produto_preco: '25,00' }),
      linha({ categoria: 'Lanches', produto: 'X-Salada', produto_preco: 'vinte' }),
      linha({ categoria: 'Lanches', produto: 'X-Tudo', produto_preco: '-3' }),
    ].join('\n');
    const r = await importar(1, ruim, { csv: true });
    expect(r.statusCode).toBe(400);
    expect(r.json<ImportacaoResultado>().erros).toEqual([
      { linha: 3, caminho: '', msg: MSG_IMPORTACAO.dinheiroInvalido('produto_preco') },
    ]);
    const negativo = [cab, linha({ categoria: 'Lanches', produto: 'X-Tudo', produto_preco: '-3' })].join(
      '\n',
    );
    const rn = await importar(1, negativo, { csv: true });
    expect(rn.json<ImportacaoResultado>().erros).toEqual([
      { linha: 2, caminho: 'grupos.0.produtos.0.preco', msg: M.dinheiroInvalido },
    ]);
    expect(await versao(1)).toBe(v);

    // A spreadsheet's own file: BOM or Latin-1, quoted cells with ';' and quotes, CRLF.
    const vazio = await novoEstabelecimento();
    const bom = `\uFEFF${cab}\r\n${linha({ categoria: 'Açaí', produto: '"Tigela; 500 ml ""grande"""', produto_preco: '19,90', grupo: 'Adicionais', grupo_multiplo: '1', opcao: 'Granola', opcao_preco: '2,50' })}\r\n`;
    const ok = await importar(vazio, bom, { csv: true });
    expect(ok.statusCode, ok.body).toBe(200);
    const menu = await menuPublico(vazio);
    expect(menu.grupos[0]).toMatchObject({
      descricao: 'Açaí',
      produtos: [{ descricao: 'Tigela; 500 ml "grande"', preco: 19.9 }],
    });
    expect(menu.grupos[0]!.produtos[0]!.grupoopcoes[0]!.opcoes[0]).toMatchObject({
      descricao: 'Granola',
      preco: 250,
    });
    const latin = Buffer.from(
      `${cab}\n${linha({ categoria: 'Pães', produto: 'Pão de queijo', produto_preco: '5' })}\n`,
      'latin1',
    );
    const outro = await novoEstabelecimento();
    const rl = await importar(outro, latin, { csv: true });
    expect(rl.statusCode, rl.body).toBe(200);
    expect((await menuPublico(outro)).grupos[0]).toMatchObject({
      descricao: 'Pães',
      produtos: [{ descricao: 'Pão de queijo' }],
    });
  });

  it('CSV: a row without produto_id is a new product even when an existing one has its name; the dry run names that one', async () => {
    const cab = COLUNAS_CSV.join(';');
    const linha = (vals: Partial<Record<(typeof COLUNAS_CSV)[number], string>>) =>
      COLUNAS_CSV.map((c) => vals[c] ?? '').join(';');
    const outro = await novoEstabelecimento();
    const criar = [
      cab,
      linha({ categoria: 'Pizzas', produto: 'Pizza Calabresa', produto_preco: '39,90' }),
      linha({ categoria: 'Pizzas', produto: 'Pizza Atum', produto_preco: '42,00' }),
    ].join('\n');
    expect((await importar(outro, criar, { csv: true })).statusCode).toBe(200);
    const csv = (await exportar(outro, 'csv')).slice(1).trim().split(/\r?\n/);
    const calabresa = csv.find((l) => l.includes('Pizza Calabresa'))!;
    const idCalabresa = Number(calabresa.split(';')[COLUNAS_CSV.indexOf('produto_id')]);
    const semId = (l: string) => {
      const c = l.split(';');
      c[COLUNAS_CSV.indexOf('produto_id')] = '';
      return c.join(';');
    };

    // The same product listed again without its id, beside the original: a second product.
    const copia = semId(calabresa).replace('Pizza Calabresa', 'pizza calabresa ');
    const dois = await importar(outro, [...csv, copia].join('\n'), { csv: true, dry: true });
    expect(dois.statusCode, dois.body).toBe(200);
    expect(importacaoResultadoSchema.parse(dois.json()).alteracoes).toEqual([
      {
        acao: 'criar',
        entidade: 'produto',
        id: null,
        descricao: 'pizza calabresa',
        linha: 4,
        aviso: MSG_IMPORTACAO.mesmoNomeMantido('Pizza Calabresa', idCalabresa),
      },
    ]);

    // The original's row without its id: a new product, the original deleted — said so.
    const troca = await importar(outro, csv.map((l) => (l === calabresa ? semId(l) : l)).join('\n'), {
      csv: true,
      dry: true,
    });
    expect(troca.statusCode, troca.body).toBe(200);
    expect(importacaoResultadoSchema.parse(troca.json()).alteracoes).toEqual([
      {
        acao: 'criar',
        entidade: 'produto',
        id: null,
        descricao: 'Pizza Calabresa',
        linha: 2,
        aviso: MSG_IMPORTACAO.mesmoNomeExcluido('Pizza Calabresa', idCalabresa),
      },
      { acao: 'excluir', entidade: 'produto', id: idCalabresa, descricao: 'Pizza Calabresa', linha: null },
    ]);
    expect(MSG_IMPORTACAO.mesmoNomeExcluido('Pizza Calabresa', idCalabresa)).toContain('será excluído');

    // Applied: the first file keeps the original (same id) and adds one.
    expect((await importar(outro, [...csv, copia].join('\n'), { csv: true })).statusCode).toBe(200);
    const produtos = (await menuPublico(outro)).grupos.flatMap((g) => g.produtos);
    expect(produtos.map((p) => [p.idproduto === idCalabresa, p.descricao])).toEqual([
      [true, 'Pizza Calabresa'],
      [false, 'Pizza Atum'],
      [false, 'pizza calabresa'],
    ]);
  });

  it('owner only', async () => {
    expect((await call({ url: `${est(1)}/cardapio/exportar/` }, atendente)).statusCode).toBe(403);
    expect(
      (await call({ method: 'POST', url: `${est(1)}/cardapio/importar/`, payload: {} }, atendente))
        .statusCode,
    ).toBe(403);
    expect((await call({ url: `${est(1)}/cardapio/exportar/?formato=xml` })).statusCode).toBe(400);
  });

  it('refuses a file over the limits, the CSV and the JSON alike, saying each limit; nothing written', async () => {
    const vazio = await novoEstabelecimento();
    const v = await versao(vazio);
    const msgs = (r: { json: <T>() => T }) => r.json<ImportacaoResultado>().erros.map((e) => e.msg);
    // 2,001 products in 201 categories.
    const grande = cardapioGrande({ produtos: LIMITES_IMPORTACAO.produtos + 1, comGrupo: 0 });
    const esperado = [MSG_IMPORTACAO.categoriasDemais(201), MSG_IMPORTACAO.produtosDemais(2001)];
    const rj = await importar(vazio, grande, { dry: true });
    expect(rj.statusCode).toBe(400);
    expect(msgs(rj)).toEqual(esperado);
    expect(esperado[1]).toBe('O arquivo tem 2.001 produtos; o máximo é 2.000.');
    const rc = await importar(vazio, cardapioParaCsv(grande), { dry: true, csv: true });
    expect(rc.statusCode).toBe(400);
    expect(msgs(rc)).toEqual(esperado);
    // 5,001 rows (one per option of each product): the JSON counted, the CSV stopped at the limit.
    const linhas = cardapioGrande({ produtos: 1001, comGrupo: 1000, opcoes: 5 });
    expect(msgs(await importar(vazio, linhas))).toEqual([MSG_IMPORTACAO.linhasDemais(5001)]);
    expect(msgs(await importar(vazio, cardapioParaCsv(linhas), { csv: true }))).toEqual([
      MSG_IMPORTACAO.linhasDemais(null),
    ]);
    // Over 5 MB: 413, in Portuguese.
    const enorme = await importar(
      vazio,
      `${COLUNAS_CSV.join(';')}\n${'x'.repeat(LIMITES_IMPORTACAO.bytes)}`,
      {
        csv: true,
      },
    );
    expect(enorme.statusCode).toBe(413);
    expect(enorme.json()).toEqual({ detail: MSG_IMPORTACAO.arquivoGrande });
    expect(await versao(vazio)).toBe(v);
    expect((await menuPublico(vazio)).grupos).toEqual([]);
  });

  it('a /healthz issued during an import of the largest allowed file answers in a fraction of it', async () => {
    const vazio = await novoEstabelecimento();
    const csv = cardapioParaCsv(cardapioGrande());
    expect(csv.split('\r\n').length - 2).toBe(LIMITES_IMPORTACAO.linhas);
    const base = await ta.app.listen({ port: 0, host: '127.0.0.1' });
    const t0 = performance.now();
    let fim = 0;
    const importacao = importar(vazio, csv, { dry: true, csv: true }).then((r) => {
      fim = performance.now();
      return r;
    });
    // Health checks over a real socket, as a balancer sends them (each arrives as I/O, served
    // when the event loop gets to it), one after the other until the import answers.
    const esperas: number[] = [];
    while (fim === 0 && esperas.length < 10_000) {
      const t = performance.now();
      const h = await fetch(`${base}/healthz`);
      expect(h.status).toBe(200);
      await h.arrayBuffer();
      if (fim === 0) esperas.push(performance.now() - t);
    }
    const r = await importacao;
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<ImportacaoResultado>().alteracoes.length).toBeGreaterThan(7000);
    const duracao = fim - t0;
    // Before: the file was read and checked in one go, and a health check waited for all of it.
    expect(
      esperas.length,
      `${esperas.length} health checks in ${Math.round(duracao)} ms`,
    ).toBeGreaterThanOrEqual(3);
    // A generous bound, for a loaded machine (a slice is ~8 ms; before, 73 % of the import on
    // PostgreSQL and the whole of it on SQLite).
    expect(Math.max(...esperas), `import ${Math.round(duracao)} ms`).toBeLessThan(duracao / 2);
  });

  it("image fields take only the app's own photos; notes get the description's limit; nothing half-imported", async () => {
    const vazio = await novoEstabelecimento();
    const arquivo = cardapioGrande({ produtos: 9, comGrupo: 1, opcoes: 2 });
    expect((await importar(vazio, arquivo)).statusCode).toBe(200);
    const v = await versao(vazio);
    const antes = await exportar(vazio);
    const p = arquivo.grupos[0]!.produtos;
    const nossa = `${BASE_MIDIA_LOCAL}produtos/0123456789abcdef0123.webp`;
    p[0]!.imagem = 'javascript:alert(1)';
    p[1]!.imagem = '//outro.example/api/ead/media/produtos/a.webp';
    p[2]!.imagem = 'https://outro.example/api/ead/media/produtos/a.webp';
    p[3]!.imagem = `${BASE_MIDIA_LOCAL}produtos/../../../etc/passwd.webp`;
    p[4]!.imagem = `${BASE_MIDIA_LOCAL}produtos/${'a'.repeat(2_000_000)}.webp`;
    p[5]!.observacoes = 'Gelada. '.repeat(300_000);
    p[6]!.quantidade = 5_000_000_000;
    p[7]!.imagem = nossa;
    p[8]!.imagem = `${BASE_MIDIA_LOCAL}produtos/pizza-calabresa.svg`;
    p[0]!.grupoopcoes[0]!.opcoes[0]!.detalhe = 'x'.repeat(501);
    const r = await importar(vazio, arquivo, { dry: true });
    expect(r.statusCode).toBe(400);
    const caminho = (i: number, campo: string) => `grupos.0.produtos.${i}.${campo}`;
    expect(r.json<ImportacaoResultado>().erros).toEqual([
      { linha: null, caminho: caminho(0, 'imagem'), msg: MSG_IMPORTACAO.imagemExterna },
      { linha: null, caminho: 'grupos.0.produtos.0.grupoopcoes.0.opcoes.0.detalhe', msg: M.textoLongo(500) },
      { linha: null, caminho: caminho(1, 'imagem'), msg: MSG_IMPORTACAO.imagemExterna },
      { linha: null, caminho: caminho(2, 'imagem'), msg: MSG_IMPORTACAO.imagemExterna },
      { linha: null, caminho: caminho(3, 'imagem'), msg: MSG_IMPORTACAO.imagemExterna },
      { linha: null, caminho: caminho(4, 'imagem'), msg: MSG_IMPORTACAO.imagemExterna },
      { linha: null, caminho: caminho(5, 'observacoes'), msg: M.textoLongo(1000) },
      { linha: null, caminho: caminho(6, 'quantidade'), msg: M.quantidadeInvalida },
    ]);
    expect((await importar(vazio, arquivo)).statusCode).toBe(400);
    // The CSV the same, with the line.
    const cab = COLUNAS_CSV.join(';');
    const linha = COLUNAS_CSV.map((c): string =>
      c === 'categoria' ? 'Lanches' : c === 'produto' ? 'X' : c === 'produto_preco' ? '10' : '',
    );
    linha[COLUNAS_CSV.indexOf('produto_imagem')] = 'javascript:alert(1)';
    const rc = await importar(vazio, `${cab}\n${linha.join(';')}\n`, { csv: true });
    expect(rc.json<ImportacaoResultado>().erros).toEqual([
      { linha: 2, caminho: 'grupos.0.produtos.0.imagem', msg: MSG_IMPORTACAO.imagemExterna },
    ]);
    expect(await versao(vazio)).toBe(v);
    expect(await exportar(vazio)).toBe(antes);

    // The app's own photos (the pipeline's and the demo's) are taken; an empty one is none.
    for (const i of [0, 1, 2, 3, 4]) p[i]!.imagem = i === 0 ? '' : null;
    p[5]!.observacoes = 'Gelada';
    p[6]!.quantidade = 0;
    p[0]!.grupoopcoes[0]!.opcoes[0]!.detalhe = null;
    expect((await importar(vazio, arquivo)).statusCode).toBe(200);
    const menu = (await menuPublico(vazio)).grupos[0]!.produtos;
    expect(menu.map((x) => x.imagem)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      nossa,
      p[8]!.imagem,
    ]);
    expect(menu[5]!.observacoes).toBe('Gelada');
  });

  it("an object store's photos are the app's own too (its public URL)", async () => {
    const svc = createCardapioPainelService(ta.t.db, {
      midia: createS3Storage({
        endpoint: 'https://s3.example',
        bucket: 'rango',
        region: 'sa-east-1',
        accessKeyId: 'x',
        secretAccessKey: 'y',
        publicUrl: 'https://cdn.example/rango',
      }),
    });
    expect(svc.midias).toEqual([BASE_MIDIA_LOCAL, 'https://cdn.example/rango/']);
    const vazio = await novoEstabelecimento();
    const arquivo = cardapioGrande({ produtos: 2, comGrupo: 0 });
    const [a, b] = arquivo.grupos[0]!.produtos;
    a!.imagem = 'https://cdn.example/rango/produtos/0123456789abcdef0123.webp';
    b!.imagem = 'https://cdn.example/rangox/produtos/0123456789abcdef0123.webp';
    const autor = { idfuncionario: null, idestabelecimento: vazio };
    await expect(
      importarCardapio(ta.t.db, autor, arquivo, { dryRun: true, midias: svc.midias }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: {
        erros: [{ linha: null, caminho: 'grupos.0.produtos.1.imagem', msg: MSG_IMPORTACAO.imagemExterna }],
      },
    });
    b!.imagem = null;
    const ok = await importarCardapio(ta.t.db, autor, arquivo, { dryRun: true, midias: svc.midias });
    expect(ok.alteracoes.length).toBeGreaterThan(0);
  });

  it('CSV export guards formulas like the sales report; a guarded menu imports back as it was', async () => {
    const a = await novoEstabelecimento();
    const arquivo = cardapioGrande({ produtos: CASOS_FORMULA.length, comGrupo: 1, opcoes: 2 });
    // Negative money and percents are numbers, never guarded.
    const opcao = arquivo.grupos[0]!.produtos[0]!.grupoopcoes[0]!.opcoes[0]!;
    Object.assign(opcao, { valorafetatudo: -250, valorafetaproduto: -12.5, stpercentualafetaproduto: 1 });
    expect((await importar(a, arquivo)).statusCode).toBe(200);
    // Every case as a product's name, written as a spreadsheet could have left it (tab, CR).
    const ids = (await menuPublico(a)).grupos.flatMap((c) => c.produtos.map((p) => p.idproduto));
    for (const [i, c] of CASOS_FORMULA.entries())
      await ta.t.db
        .updateTable('produto')
        .set({ descricao: c.texto })
        .where('idproduto', '=', ids[i]!)
        .execute();
    const csv = await exportar(a, 'csv');
    for (const [i, c] of CASOS_FORMULA.entries())
      expect(csv, JSON.stringify(c.texto)).toContain(`;${ids[i]};${c.celula};`);
    expect(csv).toContain(';-2,50;0;0;-12,5;1\r\n');

    // Export → import: the names a product may have come back the same, apostrophes and all.
    const validos = CASOS_FORMULA.filter((c) => c.texto.trim() === c.texto && !/[\t\r]/.test(c.texto));
    for (const [i, c] of CASOS_FORMULA.entries())
      if (!validos.includes(c))
        await ta.t.db
          .updateTable('produto')
          .set({ descricao: `Produto ${i}` })
          .where('idproduto', '=', ids[i]!)
          .execute();
    const original = await exportar(a, 'csv');
    const b = await novoEstabelecimento();
    const r = await importar(b, original, { csv: true });
    expect(r.statusCode, r.body).toBe(200);
    const nomes = (await menuPublico(b)).grupos.flatMap((c) => c.produtos.map((p) => p.descricao));
    for (const c of validos) expect(nomes).toContain(c.texto);
    expect(semIds(cardapioArquivoSchema.parse(JSON.parse(await exportar(b))))).toEqual(
      semIds(cardapioArquivoSchema.parse(JSON.parse(await exportar(a)))),
    );
    expect(
      (await importar(a, original, { csv: true, dry: true })).json<ImportacaoResultado>().alteracoes,
    ).toEqual([]);
  });
});

describe.each(DIALECTS)('menu import rate limits on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: true });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
  });
  afterAll(async () => ta?.close());

  it('dry runs and imports per establishment, each its own count: 429 with its message, before the body is read', async () => {
    const importar = (dry: boolean, payload: unknown = { formato: 'outro' }) =>
      ta.app.inject({
        method: 'POST',
        url: `${est(1)}/cardapio/importar/${dry ? '?dry_run=1' : ''}`,
        headers: dono,
        payload: payload as InjectOptions['payload'],
      });
    for (let i = 0; i < IMPORTACAO_LIMITS.conferir.dezMinutos.max; i++)
      expect((await importar(true)).statusCode).toBe(400);
    const demais = await importar(true);
    expect(demais.statusCode).toBe(429);
    expect(demais.json()).toEqual({ detail: MSG_IMPORTACAO.muitasImportacoes });
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0);
    // Even an oversized body is refused by the count first.
    expect((await importar(true, 'x'.repeat(LIMITES_IMPORTACAO.bytes + 1))).statusCode).toBe(429);
    for (let i = 0; i < IMPORTACAO_LIMITS.importar.dezMinutos.max; i++)
      expect((await importar(false)).statusCode).toBe(400);
    expect((await importar(false)).statusCode).toBe(429);
    // Another establishment's owner is not counted with this one.
    const outro = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    const res = await ta.app.inject({
      method: 'POST',
      url: `${est(2)}/cardapio/importar/?dry_run=1`,
      headers: outro,
      payload: { formato: 'outro' },
    });
    expect(res.statusCode).toBe(400);
  });
});
