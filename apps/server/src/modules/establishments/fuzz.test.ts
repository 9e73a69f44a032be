/**
 * The owner's write API under bad input (issue 12, 'Bad input'): every write route gets bodies
 * made from a valid one with one part broken (a field removed, set to null, a negative, huge or
 * fractional number, an empty, 10,000-character or NUL-holding string, the wrong type, an unknown
 * key, an array emptied or repeated) and wholly arbitrary JSON. Whatever comes, the answer is never
 * a 5xx, and a refusal leaves everything the owner can read (and the menu's version) as it was.
 * And the back office's reads under bad query strings and path parameters (issue 20): never a
 * 5xx, every answer within 2 s.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { FUZZ, fuzzLeitura, fuzzRota } from '../../test/fuzz.ts';
import { GRUPO } from '../../test/painel.ts';
import type { Json } from '../../test/fuzz.ts';
import { definirHorarios } from '../orders/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';

const est = `${API}/painel/estabelecimento/1`;
/** Next year: special dates go up to its end (issue 20). */
const ANO = new Date().getUTCFullYear() + 1;
/** What the owner can read, to compare before and after a refusal. */
const LEITURAS = [
  'dados/',
  'horarios/',
  'horarios/excecoes/',
  'areas/',
  'taxas-bairro/',
  'formas-pagamento/',
  'cardapio/',
  'cupons/',
];

describe.each(DIALECTS)('the owner’s write API under bad input on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await ta.app.ready();
    await definirHorarios(ta.t.db, 1);
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@fuzz.test', 'dono');
  });
  afterAll(async () => ta?.close());

  const call = (opts: InjectOptions) =>
    ta.app.inject({ ...opts, headers: { ...(opts.headers as Record<string, string>), ...dono } });
  const ler = async <T = Json>(path: string): Promise<T> => {
    const res = await call({ url: `${est}/${path}` });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const estado = async () => {
    const partes = await Promise.all(LEITURAS.map((p) => ler(p)));
    const v = await ta.t.db
      .selectFrom('estabelecimento')
      .select('menu_versao')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return JSON.stringify([v.menu_versao, ...partes]);
  };

  const sobAtaque = (method: 'POST' | 'PUT', url: string, valido: () => Promise<Json>) =>
    fuzzRota(ta.app, { method, url, headers: dono, valido, estado });

  const primeiro = async (path: string, chave: string): Promise<number> => {
    const lista = await ler<Record<string, unknown>[] | Record<string, Record<string, unknown>[]>>(path);
    const itens = Array.isArray(lista) ? lista : (Object.values(lista).find(Array.isArray) ?? []);
    const id = itens[0]?.[chave];
    if (typeof id !== 'number') throw new Error(`${path}: sem ${chave}`);
    return id;
  };

  it('the establishment’s data', () => sobAtaque('PUT', `${est}/dados/`, () => ler('dados/')));
  it('the week’s hours', () => sobAtaque('PUT', `${est}/horarios/`, () => ler('horarios/')));
  it('holidays and special dates', () =>
    sobAtaque('PUT', `${est}/horarios/excecoes/`, () =>
      Promise.resolve({
        excecoes: [
          { data: `${ANO}-12-25`, fechado: true, faixas: [] },
          {
            data: `${ANO}-12-31`,
            fechado: false,
            faixas: [{ abertura: '10:00', fechamento: '15:00', dia_seguinte: false }],
          },
        ],
      }),
    ));
  it('a delivery circle', () =>
    sobAtaque('POST', `${est}/areas/`, () =>
      Promise.resolve({ lat: -23.5, lng: -46.6, raio: 2000, taxaentrega: 500, valorminimo: null }),
    ));
  it('a neighbourhood fee', () =>
    sobAtaque('POST', `${est}/taxas-bairro/`, () =>
      Promise.resolve({ bairro: 'Pinheiros', cidade: 'São Paulo', uf: 'SP', valor: 700, valorminimo: 6000 }),
    ));
  it('payment methods', () => sobAtaque('PUT', `${est}/formas-pagamento/`, () => ler('formas-pagamento/')));
  it('a category', () =>
    sobAtaque('POST', `${est}/categorias/`, () => Promise.resolve({ descricao: 'Doces' })));
  it('a product', async () => {
    const idproduto = await primeiro('cardapio/', 'idproduto').catch(async () => {
      const c = await ler<{ categorias: { produtos: { idproduto: number }[] }[] }>('cardapio/');
      return c.categorias.flatMap((x) => x.produtos)[0]!.idproduto;
    });
    await sobAtaque('PUT', `${est}/produtos/${idproduto}/`, () => ler(`produtos/${idproduto}/`));
  });
  it('an option group and its options', async () => {
    const criado = await call({
      method: 'POST',
      url: `${est}/grupos-opcao/`,
      payload: GRUPO,
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const id = criado.json<{ idgrupoopcao: number }>().idgrupoopcao;
    await sobAtaque('PUT', `${est}/grupos-opcao/${id}/`, () => ler(`grupos-opcao/${id}/`));
    await sobAtaque('POST', `${est}/grupos-opcao/${id}/opcoes/`, () =>
      Promise.resolve({ descricao: 'Grande', preco: 500 }),
    );
  });
  it('menu import, JSON: the exported file with one part broken, as a dry run and for real', async () => {
    const exportado = await call({ url: `${est}/cardapio/exportar/?formato=json` });
    const arquivo = exportado.json<Json>();
    await sobAtaque('POST', `${est}/cardapio/importar/?dry_run=1`, () => Promise.resolve(arquivo));
    await sobAtaque('POST', `${est}/cardapio/importar/`, () => Promise.resolve(arquivo));
  });
  it('menu import, CSV: lines dropped or repeated, quotes, separators, a BOM, Latin-1 bytes, cut short', async () => {
    const csv = (await call({ url: `${est}/cardapio/exportar/?formato=csv` })).rawPayload;
    const estrago = fc.oneof(
      fc
        .tuple(fc.nat(), fc.constantFrom('"', ';', '\n', '\r\n', '\ufeff', '""', ',', '\u0000', 'é'))
        .map(([i, t]) => (b: Buffer) => {
          const k = i % (b.length + 1);
          return Buffer.concat([b.subarray(0, k), Buffer.from(t), b.subarray(k)]);
        }),
      fc.nat().map((i) => (b: Buffer) => b.subarray(0, i % (b.length + 1))),
      fc.nat().map((i) => (b: Buffer) => {
        const linhas = b.toString('utf8').split('\n');
        linhas.splice(i % linhas.length, 1);
        return Buffer.from(linhas.join('\n'));
      }),
      fc.nat().map((i) => (b: Buffer) => {
        const linhas = b.toString('utf8').split('\n');
        linhas.splice(i % linhas.length, 0, linhas[i % linhas.length]!);
        return Buffer.from(linhas.join('\n'));
      }),
      // The same text in Latin-1 (a spreadsheet's 'CSV' on Windows).
      fc.constant((b: Buffer) => Buffer.from(b.toString('utf8'), 'latin1')),
      fc.uint8Array({ maxLength: 300 }).map((u) => () => Buffer.from(u)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(estrago, { minLength: 1, maxLength: 3 }), fc.boolean(), async (fs, dry) => {
        const corpo = fs.reduce((b, f) => f(b), csv);
        const antes = await estado();
        const res = await call({
          method: 'POST',
          url: `${est}/cardapio/importar/${dry ? '?dry_run=1' : ''}`,
          body: corpo,
          headers: { 'content-type': 'text/csv' },
        });
        expect(res.statusCode, res.body.slice(0, 500)).toBeLessThan(500);
        if (res.statusCode >= 400 || dry) expect(await estado()).toBe(antes);
      }),
      { numRuns: FUZZ.runs * 2, seed: FUZZ.seed, endOnFailure: true },
    );
  });
  it('a coupon', () =>
    sobAtaque('POST', `${est}/cupons/`, async () => ({
      codigo: `FUZZ${Math.floor(Math.random() * 1e9)}`,
      ehpercentual: true,
      desconto: 10,
    })));

  describe('reads under bad query strings and path parameters (issue 20)', () => {
    const ler = (url: string, extra: Partial<Parameters<typeof fuzzLeitura>[1]> = {}) =>
      fuzzLeitura(ta.app, {
        url: `${API}/painel/estabelecimento/:id/${url}`,
        params: { id: 1 },
        headers: dono,
        ...extra,
      });

    it('the establishment’s data, hours, holidays, areas, fees, payment methods, menu, coupons', async () => {
      for (const url of [...LEITURAS, 'areas/mapa/']) await ler(url);
    });
    it('the menu exported, and the audit log page by page', async () => {
      await ler('cardapio/exportar/', { query: { formato: 'csv' } });
      await ler('auditoria/', { query: { antes: '1000000' }, runs: FUZZ.runs * 2 });
    });
    it('a product and an option group', async () => {
      const cardapio = (await call({ url: `${est}/cardapio/` })).json<{
        categorias: { produtos: { idproduto: number }[] }[];
      }>();
      const idproduto = cardapio.categorias.flatMap((x) => x.produtos)[0]!.idproduto;
      await ler('produtos/:idproduto/', { params: { id: 1, idproduto } });
      const grupo = await call({
        method: 'POST',
        url: `${est}/grupos-opcao/`,
        payload: {
          descricao: 'Borda',
          multiplo: false,
          qtdinclusa: 0,
          qtdmultiplomin: 0,
          qtdmultiplomax: 1,
          stprecopraticado: 0,
          stnegagrupoopcao: 0,
        },
      });
      expect(grupo.statusCode, grupo.body).toBe(201);
      const idgrupoopcao = grupo.json<{ idgrupoopcao: number }>().idgrupoopcao;
      await ler('grupos-opcao/:idgrupoopcao/', { params: { id: 1, idgrupoopcao } });
    });
  });
});
