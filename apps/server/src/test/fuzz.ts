/**
 * Bad input for the fuzz tests (fast-check): a valid JSON body with one part broken — a field
 * removed, set to null, a negative, huge or fractional number, an empty, 10,000-character or
 * NUL-holding string, the wrong type, an unknown key, an array emptied or repeated.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Runs per property (FUZZ_RUNS), and the seed (FUZZ_SEED) that makes a failure repeatable. */
export const FUZZ = {
  runs: Number(process.env.FUZZ_RUNS ?? 25),
  seed: Number(process.env.FUZZ_SEED ?? 20261128),
};

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** A value that breaks a field: wrong type, out of range, hostile text. */
export const ruim: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom<Json>(
    null,
    -1,
    0,
    0.5,
    -0.01,
    1e15,
    -1e15,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'x'.repeat(10_000),
    'a\u0000b',
    '<script>alert(1)</script>',
    '1e3',
    'NaN',
    '25:61',
    '2026-02-30',
    '31/02/2026',
    true,
    false,
    [],
    {},
    [null],
    { __proto__: { x: 1 } } as unknown as Json,
  ),
  fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 40 }),
);

export type Caminho = (string | number)[];

/** Every path to a value inside a JSON body (the body itself is the empty path). */
export function caminhos(v: Json, base: Caminho = []): Caminho[] {
  const out: Caminho[] = [base];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...caminhos(x, [...base, i])));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) out.push(...caminhos(x, [...base, k]));
  return out;
}

export type Mutacao =
  | { tipo: 'trocar'; valor: Json }
  | { tipo: 'remover' }
  | { tipo: 'chave'; valor: Json }
  | { tipo: 'esvaziar' }
  | { tipo: 'repetir' };

/** The body with the mutation applied at `caminho` (a copy: the valid body is reused). */
export function mutar(body: Json, caminho: Caminho, m: Mutacao): Json {
  const copia = structuredClone(body);
  if (caminho.length === 0) return m.tipo === 'trocar' ? m.valor : copia;
  const pai = caminho.slice(0, -1).reduce<Json>((o, k) => (o as Record<string, Json>)[k] as Json, copia);
  const chave = caminho[caminho.length - 1]!;
  const alvo = pai as Record<string | number, Json>;
  const atual = alvo[chave] as Json;
  switch (m.tipo) {
    case 'trocar':
      alvo[chave] = m.valor;
      break;
    case 'remover':
      if (Array.isArray(pai)) pai.splice(Number(chave), 1);
      else delete alvo[chave];
      break;
    case 'chave':
      if (atual && typeof atual === 'object' && !Array.isArray(atual)) atual.campo_inesperado = m.valor;
      else alvo[chave] = m.valor;
      break;
    case 'esvaziar':
      alvo[chave] = Array.isArray(atual) ? [] : typeof atual === 'string' ? '' : null;
      break;
    case 'repetir':
      alvo[chave] = Array.isArray(atual) ? [...atual, ...atual] : [atual, atual];
      break;
  }
  return copia;
}

export const mutacao: fc.Arbitrary<Mutacao> = fc.oneof(
  { weight: 4, arbitrary: ruim.map((valor): Mutacao => ({ tipo: 'trocar', valor })) },
  { weight: 2, arbitrary: fc.constant<Mutacao>({ tipo: 'remover' }) },
  { weight: 1, arbitrary: ruim.map((valor): Mutacao => ({ tipo: 'chave', valor })) },
  { weight: 1, arbitrary: fc.constant<Mutacao>({ tipo: 'esvaziar' }) },
  { weight: 1, arbitrary: fc.constant<Mutacao>({ tipo: 'repetir' }) },
);

/** A body made from `base`: one part broken (mostly), or arbitrary JSON. */
export function corpoRuim(base: Json): fc.Arbitrary<Json> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fc.constantFrom(...caminhos(base)), mutacao).map(([c, m]) => mutar(base, c, m)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
  );
}

export interface RotaSobAtaque {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  /** A body the route accepts; sent once first, so the fuzz starts from something it takes. */
  valido: Json | (() => Promise<Json> | Json);
  /** What a refusal must leave as it was (a JSON of what the caller can read, counts…). */
  estado: () => Promise<string>;
  runs?: number;
}

/**
 * The route under bad input: never a 5xx; a refusal answers JSON and leaves `estado` as it was.
 */
export async function fuzzRota(app: FastifyInstance, r: RotaSobAtaque): Promise<void> {
  const valido = async () => (typeof r.valido === 'function' ? r.valido() : r.valido);
  const aceito = await app.inject({
    method: r.method,
    url: r.url,
    headers: r.headers,
    payload: (await valido()) as object,
  });
  expect(aceito.statusCode, aceito.body).toBeLessThan(300);
  await fc.assert(
    fc.asyncProperty(corpoRuim(await valido()), async (payload) => {
      const antes = await r.estado();
      const res = await app.inject({
        method: r.method,
        url: r.url,
        // A bare JSON string or number as the whole body, sent as JSON too.
        body: JSON.stringify(payload),
        headers: { ...r.headers, 'content-type': 'application/json' },
      });
      const onde = `${r.method} ${r.url} ${JSON.stringify(payload).slice(0, 300)} → ${res.body.slice(0, 300)}`;
      expect(res.statusCode, onde).toBeLessThan(500);
      if (res.statusCode >= 400) {
        expect(res.headers['content-type'], onde).toMatch(/application\/json/);
        expect(await r.estado(), `${onde}: a refusal changed what was there`).toBe(antes);
      }
    }),
    { numRuns: r.runs ?? FUZZ.runs * 2, seed: FUZZ.seed, endOnFailure: true },
  );
}

/**
 * A value for a query string or a path segment that breaks it (issue 20): boundary dates (year 0,
 * 9999-12-31, five-digit and signed years, 29 February of a leap year and of another), huge,
 * negative, zero, fractional and non-finite numbers, empty and very long strings, NUL, dots.
 */
export const textoRuim: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '0000-01-01',
      '9999-12-31',
      '10000-01-01',
      '+010000-01-01',
      '-000001-01-01',
      '2024-02-29',
      '2023-02-29',
      '1999-12-31',
      '2000-01-01',
      '1970-01-01',
      '2026-13-01',
      '0',
      '-1',
      '-0',
      '0.5',
      '1.5',
      '1e3',
      '1e308',
      '-1e308',
      'Infinity',
      'NaN',
      '0x10',
      '2147483647',
      '2147483648',
      '9007199254740993',
      '9'.repeat(400),
      '',
      ' ',
      'x'.repeat(10_000),
      'a\u0000b',
      '%',
      '..',
      'null',
      'true',
      '[]',
      '{}',
      '<script>alert(1)</script>',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: -2_147_483_649, max: 2_147_483_649 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  {
    weight: 1,
    arbitrary: fc
      .date({ noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, d.getUTCFullYear() > 9999 || d.getUTCFullYear() < 0 ? 13 : 10)),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

export interface LeituraSobAtaque {
  /** The route with its path parameters as `:nome` ('/x/:id/relatorio/'). */
  url: string;
  /** A valid value of each path parameter. */
  params?: Record<string, string | number>;
  /** A valid query string, as names and values. */
  query?: Record<string, string>;
  headers: Record<string, string>;
  runs?: number;
}

/** Every request answers within this (issue 20: one report ran on until the heap was gone). */
export const LEITURA_MAX_MS = 2000;

type MutacaoLeitura =
  | { onde: 'param'; indice: number; valor: string }
  | { onde: 'query'; indice: number; valor: string }
  | { onde: 'remover'; indice: number }
  | { onde: 'repetir'; indice: number; valor: string }
  | { onde: 'extra'; valor: string }
  | { onde: 'bruta'; valor: string };

const montarUrl = (r: LeituraSobAtaque, m?: MutacaoLeitura): string => {
  const nomes = Object.keys(r.params ?? {});
  let i = 0;
  const caminho = r.url.replace(/:(\w+)/g, (_, nome: string) => {
    const valor =
      m?.onde === 'param' && m.indice % nomes.length === i ? m.valor : String(r.params?.[nome] ?? '');
    i += 1;
    return encodeURIComponent(valor);
  });
  const pares: [string, string][] = Object.entries(r.query ?? {});
  if (m && pares.length > 0) {
    const k =
      (m.onde === 'query' || m.onde === 'remover' || m.onde === 'repetir' ? m.indice : 0) % pares.length;
    if (m.onde === 'query') pares[k] = [pares[k]![0], m.valor];
    if (m.onde === 'remover') pares.splice(k, 1);
    if (m.onde === 'repetir') pares.push([pares[k]![0], m.valor]);
  }
  if (m?.onde === 'extra') pares.push(['campo_inesperado', m.valor]);
  const qs =
    m?.onde === 'bruta'
      ? m.valor
      : pares.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  return qs ? `${caminho}?${qs}` : caminho;
};

/**
 * A GET route under bad query strings and path parameters: the valid request first (below 300),
 * then one parameter replaced, dropped, repeated or added, or a raw query string. Never a 5xx, a
 * refusal in JSON, and every answer within LEITURA_MAX_MS.
 */
export async function fuzzLeitura(app: FastifyInstance, r: LeituraSobAtaque): Promise<void> {
  const valida = await app.inject({ url: montarUrl(r), headers: r.headers });
  expect(valida.statusCode, `${montarUrl(r)} → ${valida.body.slice(0, 300)}`).toBeLessThan(300);
  const n = Math.max(1, Object.keys(r.params ?? {}).length, Object.keys(r.query ?? {}).length);
  const indice = fc.nat({ max: n - 1 });
  const mutacaoLeitura: fc.Arbitrary<MutacaoLeitura> = fc.oneof(
    ...(r.params && Object.keys(r.params).length > 0
      ? [
          {
            weight: 3,
            arbitrary: fc.record({ onde: fc.constant('param' as const), indice, valor: textoRuim }),
          },
        ]
      : []),
    ...(r.query && Object.keys(r.query).length > 0
      ? [
          {
            weight: 4,
            arbitrary: fc.record({ onde: fc.constant('query' as const), indice, valor: textoRuim }),
          },
          { weight: 1, arbitrary: fc.record({ onde: fc.constant('remover' as const), indice }) },
          {
            weight: 1,
            arbitrary: fc.record({ onde: fc.constant('repetir' as const), indice, valor: textoRuim }),
          },
        ]
      : []),
    { weight: 1, arbitrary: fc.record({ onde: fc.constant('extra' as const), valor: textoRuim }) },
    {
      weight: 1,
      arbitrary: fc.record({
        onde: fc.constant('bruta' as const),
        valor: fc.oneof(
          fc.constantFrom(
            '&&&',
            '=',
            'a=1&a=2&a=3',
            '%zz',
            '__proto__[x]=1',
            'a[b][c]=1',
            `${'a=1&'.repeat(2000)}`,
          ),
          fc.string({ maxLength: 60 }).map(encodeURI),
        ),
      }),
    },
  );
  await fc.assert(
    fc.asyncProperty(mutacaoLeitura, async (m) => {
      const url = montarUrl(r, m);
      const t0 = performance.now();
      const res = await app.inject({ url, headers: r.headers });
      const ms = performance.now() - t0;
      const onde = `GET ${url.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, onde).toBeLessThan(500);
      expect(ms, `${onde}: ${Math.round(ms)} ms`).toBeLessThan(LEITURA_MAX_MS);
      if (res.statusCode >= 400) expect(res.headers['content-type'], onde).toMatch(/application\/json/);
    }),
    { numRuns: r.runs ?? FUZZ.runs, seed: FUZZ.seed, endOnFailure: true },
  );
}
