import { MSG_CONTA, cepAnswerSchema, geocodeAnswerSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { startFakeHttp } from '../../test/fake-http.ts';
import type { FakeHttp } from '../../test/fake-http.ts';
import { CEP_INDISPONIVEL, CEP_INVALIDO, GEO_LIMITS } from './routes.ts';

const GEOCODE = '/api/ead/api/geocode/';
const q = (params: Record<string, string>) => `${GEOCODE}?${new URLSearchParams(params)}`;
const HADDOCK = {
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01414-001',
};

describe.each(DIALECTS)('CEP and geocoding routes (embedded) on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp(dialect);
  });
  afterAll(async () => {
    await ta.close();
  });

  it('GET /api/cep/:cep/ answers a seeded CEP, with or without the hyphen, cached for a day', async () => {
    for (const cep of ['01414-001', '01414001']) {
      const res = await ta.app.inject(`/api/ead/api/cep/${cep}/`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(cepAnswerSchema.parse(res.json())).toEqual({
        cep: '01414-001',
        logradouro: 'Rua Haddock Lobo',
        bairro: 'Cerqueira César',
        localidade: 'São Paulo',
        uf: 'SP',
      });
    }
  });

  it('answers {erro: true} for an unknown CEP', async () => {
    const res = await ta.app.inject('/api/ead/api/cep/99999-999/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ erro: true });
  });

  it('refuses a malformed CEP with 400 and a Portuguese detail', async () => {
    for (const bad of ['1234', '01414-0011', 'abcde-fgh', '01414--001', '%27%20or%201%3D1', '0141400a']) {
      const res = await ta.app.inject(`/api/ead/api/cep/${bad}/`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ detail: CEP_INVALIDO });
    }
  });

  it('GET /api/geocode/ places a tabled address', async () => {
    const res = await ta.app.inject(q(HADDOCK));
    expect(res.statusCode).toBe(200);
    expect(geocodeAnswerSchema.parse(res.json())).toEqual({ latitude: -23.5627, longitude: -46.6656 });
  });

  it('accepts the state’s full name and no CEP', async () => {
    const { cep: _cep, ...rest } = HADDOCK;
    const res = await ta.app.inject(q({ ...rest, uf: 'São Paulo' }));
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 with the spec’s text for an address it cannot place', async () => {
    const res = await ta.app.inject(
      q({ ...HADDOCK, rua: 'Rua Inexistente', bairro: 'Nenhum', cep: '99999-999' }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG_CONTA.erroLocalizarEndereco });
  });

  it('refuses missing, bad and oversized params with 400 per field', async () => {
    let res = await ta.app.inject(GEOCODE);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      rua: [MSG_CONTA.campoObrigatorio],
      numero: [MSG_CONTA.campoObrigatorio],
      bairro: [MSG_CONTA.campoObrigatorio],
      cidade: [MSG_CONTA.campoObrigatorio],
      uf: [MSG_CONTA.campoObrigatorio],
    });
    res = await ta.app.inject(q({ ...HADDOCK, uf: 'Xyz' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ uf: [MSG_CONTA.ufDuasLetras] });
    res = await ta.app.inject(q({ ...HADDOCK, rua: 'x'.repeat(5000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ rua: [MSG_CONTA.textoLongo] });
    // A repeated parameter arrives as an array: a clear 400, not a 500.
    res = await ta.app.inject(`${q(HADDOCK)}&rua=outra`);
    expect(res.statusCode).toBe(400);
  });

  it('limits each IP’s lookups per minute with 429 and Retry-After', async () => {
    // Fixed windows: within 2 × max + 1 calls a window must overflow, even across a boundary.
    let limited;
    for (let i = 0; i <= 2 * GEO_LIMITS.geocode.max && !limited; i++) {
      const res = await ta.app.inject(q(HADDOCK));
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited?.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not affected.
    const other = await ta.app.inject({ url: q(HADDOCK), remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('CEP and geocoding routes with outside providers on %s', (dialect) => {
  let fake: FakeHttp;
  let ta: TestApp;
  // A second app on the same database (two test databases at once confuse the PostgreSQL
  // migrator, which sees the first schema's lock table).
  let down: FastifyInstance;
  beforeAll(async () => {
    fake = await startFakeHttp((app) => {
      app.get<{ Params: { cep: string } }>('/ws/:cep/json/', async (req) =>
        req.params.cep === '05014000'
          ? {
              cep: '05014-000',
              logradouro: 'Rua Monte Alegre',
              bairro: 'Perdizes',
              localidade: 'São Paulo',
              uf: 'SP',
            }
          : { erro: 'true' },
      );
      app.get('/search', async () => [{ lat: '-23.5367', lon: '-46.6716' }]);
    });
    ta = await openTestApp(dialect, {
      cepProvider: 'viacep',
      viacepUrl: fake.url,
      geocoder: 'nominatim',
      geocoderUrl: fake.url,
    });
    down = buildApp(
      testConfig({
        cepProvider: 'viacep',
        viacepUrl: 'http://127.0.0.1:9',
        geocoder: 'nominatim',
        geocoderUrl: 'http://127.0.0.1:9',
      }),
      { db: ta.t.db },
    );
  });
  afterAll(async () => {
    await down.close();
    await ta.close();
    await fake.close();
  });

  it('answers from ViaCEP and Nominatim', async () => {
    let res = await ta.app.inject('/api/ead/api/cep/05014-000/');
    expect(res.json()).toEqual({
      cep: '05014-000',
      logradouro: 'Rua Monte Alegre',
      bairro: 'Perdizes',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    res = await ta.app.inject('/api/ead/api/cep/05014-999/');
    expect(res.json()).toEqual({ erro: true });
    res = await ta.app.inject(q({ ...HADDOCK, rua: 'Rua Monte Alegre', numero: '1024', bairro: 'Perdizes' }));
    expect(res.json()).toEqual({ latitude: -23.5367, longitude: -46.6716 });
  });

  it('answers 502 with a detail, never a 500, when the providers are down', async () => {
    let res = await down.inject('/api/ead/api/cep/05014-000/');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: CEP_INDISPONIVEL });
    res = await down.inject(q(HADDOCK));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: MSG_CONTA.erroLocalizarEndereco });
  });
});
