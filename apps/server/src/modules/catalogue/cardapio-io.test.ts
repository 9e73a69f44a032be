import { menuSchema } from '@rango/domain';
import type { Menu } from '@rango/domain';
import {
  COLUNAS_CSV,
  MSG_CATALOGO as M,
  MSG_IMPORTACAO,
  cardapioArquivoSchema,
  csvParaCardapio,
  importacaoResultadoSchema,
} from '@rango/domain/painel/catalogo';
import type { CardapioArquivo, ImportacaoResultado } from '@rango/domain/painel/catalogo';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { novoEstabelecimento } from './testing.ts';

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

  it('CSV refusals with line numbers; BOM, quotes and Latin-1 accepted; 20,001 rows refused', async () => {
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

    const muitas = [
      cab,
      ...Array.from({ length: 20_001 }, (_, i) =>
        linha({ categoria: 'C', produto: `P${i}`, produto_preco: '1' }),
      ),
    ].join('\n');
    const rm = await importar(1, muitas, { csv: true, dry: true });
    expect(rm.statusCode).toBe(400);
    expect(rm.json<ImportacaoResultado>().erros[0]?.msg).toBe(MSG_IMPORTACAO.linhasDemais(20_000));
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
});
