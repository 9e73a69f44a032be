import { cepAnswerSchema, isCep, UFS } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttp } from '../../test/fake-http.ts';
import type { FakeHttp } from '../../test/fake-http.ts';
import { UpstreamError } from '../upstream.ts';
import { createEmbeddedCepLookup } from './embedded.ts';
import { createCepLookup } from './index.ts';
import { CEP_TABLE } from './sao-paulo.ts';
import { createViacepLookup } from './viacep.ts';

/** Metres between two points (haversine), to check the table against the seeded circles. */
function metres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

// The seed's Sabor da Vila circles and Bella Napoli's fee bairros (db/seed/data).
const SABOR = { lat: -23.5627, lng: -46.6656 };
const IBIRAPUERA = { lat: -23.5874, lng: -46.6576 };
const BELLA_BAIRROS = [
  'Perdizes',
  'Pompeia',
  'Sumaré',
  'Pacaembu',
  'Água Branca',
  'Barra Funda',
  'Higienópolis',
  'Santa Cecília',
  'Vila Madalena',
  'Lapa',
];

describe('embedded CEP table', () => {
  it('has well-formed, unique rows covering the demo city', () => {
    expect(CEP_TABLE.length).toBeGreaterThanOrEqual(60);
    expect(new Set(CEP_TABLE.map((r) => r.cep)).size).toBe(CEP_TABLE.length);
    for (const r of CEP_TABLE) {
      expect(r.cep).toMatch(/^\d{5}-\d{3}$/);
      expect(isCep(r.cep)).toBe(true);
      expect(Object.keys(UFS)).toContain(r.uf);
      expect(r.logradouro.trim()).not.toBe('');
      expect(r.bairro.trim()).not.toBe('');
      // Inside Brazil's bounding box.
      expect(r.lat).toBeGreaterThan(-34);
      expect(r.lat).toBeLessThan(6);
      expect(r.lng).toBeGreaterThan(-74);
      expect(r.lng).toBeLessThan(-34);
    }
  });

  it('holds both establishments and every bairro of Bella Napoli’s fee table', () => {
    const ceps = CEP_TABLE.map((r) => r.cep);
    expect(ceps).toContain('01414-001');
    expect(ceps).toContain('05014-000');
    for (const b of BELLA_BAIRROS) {
      expect(
        CEP_TABLE.filter((r) => r.bairro === b && r.localidade === 'São Paulo').length,
        b,
      ).toBeGreaterThan(0);
    }
  });

  it('places rows inside Sabor da Vila’s circles, in its no-delivery circle, and outside every area', () => {
    const near = CEP_TABLE.filter((r) => metres(SABOR, r) <= 2500 && metres(IBIRAPUERA, r) > 700);
    const far = CEP_TABLE.filter((r) => metres(SABOR, r) > 2500 && metres(SABOR, r) <= 5000);
    const outside = CEP_TABLE.filter((r) => metres(SABOR, r) > 5000 && !BELLA_BAIRROS.includes(r.bairro));
    expect(near.length).toBeGreaterThanOrEqual(15);
    expect(far.length).toBeGreaterThanOrEqual(5);
    expect(outside.length).toBeGreaterThanOrEqual(3);
    expect(CEP_TABLE.some((r) => metres(IBIRAPUERA, r) <= 700)).toBe(true);
    // The examples the report and the demo use.
    for (const cep of ['01414-001', '01310-200', '01426-001']) {
      const r = CEP_TABLE.find((x) => x.cep === cep);
      expect(r && metres(SABOR, r)).toBeLessThanOrEqual(2500);
    }
    expect(outside.map((r) => r.cep)).toContain('05653-070');
  });
});

describe('embedded CEP lookup', () => {
  const cep = createEmbeddedCepLookup();

  it('answers a seeded CEP in ViaCEP’s shape', async () => {
    const r = await cep.lookup('01414001');
    expect(r).toEqual({
      cep: '01414-001',
      logradouro: 'Rua Haddock Lobo',
      bairro: 'Cerqueira César',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect(cepAnswerSchema.safeParse(r).success).toBe(true);
  });

  it('answers null for a CEP it does not know', async () => {
    expect(await cep.lookup('99999999')).toBeNull();
  });

  it('is the default of the configuration', async () => {
    const r = await createCepLookup({ cepProvider: 'embedded', viacepUrl: 'http://127.0.0.1:9' }).lookup(
      '05014000',
    );
    expect(r?.bairro).toBe('Perdizes');
  });
});

describe('ViaCEP adapter against a local fake', () => {
  let fake: FakeHttp;
  beforeAll(async () => {
    fake = await startFakeHttp((app) => {
      app.get<{ Params: { cep: string } }>('/ws/:cep/json/', async (req, reply) => {
        const { cep } = req.params;
        if (cep === '01414001') {
          return {
            cep: '01414-001',
            logradouro: 'Rua Haddock Lobo',
            complemento: 'de 401/402 a 899/900',
            unidade: '',
            bairro: 'Cerqueira César',
            localidade: 'São Paulo',
            uf: 'SP',
            estado: 'São Paulo',
            regiao: 'Sudeste',
            ibge: '3550308',
            gia: '1004',
            ddd: '11',
            siafi: '7107',
          };
        }
        if (cep === '99999999') return { erro: 'true' };
        if (cep === '99999998') return { erro: true };
        if (cep === '50000000') return reply.code(500).send('Internal Server Error');
        if (cep === '60000000') return reply.type('text/html').send('<html>manutenção</html>');
        if (cep === '70000000') return { cep: 70000000 };
        if (cep === '80000000') {
          await new Promise((r) => setTimeout(r, 1000));
          return { erro: true };
        }
        return reply.code(400).type('text/html').send('<h1>Http 400</h1>');
      });
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('GETs /ws/{cep}/json/ and answers the fields we use', async () => {
    const viacep = createViacepLookup(fake.url);
    expect(await viacep.lookup('01414001')).toEqual({
      cep: '01414-001',
      logradouro: 'Rua Haddock Lobo',
      bairro: 'Cerqueira César',
      localidade: 'São Paulo',
      uf: 'SP',
    });
    expect(fake.requests.at(-1)?.url).toBe('/ws/01414001/json/');
  });

  it('reads erro "true" and erro true, and a 400, as no such CEP', async () => {
    const viacep = createViacepLookup(`${fake.url}/`);
    expect(await viacep.lookup('99999999')).toBeNull();
    expect(await viacep.lookup('99999998')).toBeNull();
    expect(await viacep.lookup('12345678')).toBeNull();
  });

  it('turns a 5xx, a non-JSON body, a body of another shape, a timeout and no server into UpstreamError', async () => {
    const viacep = createViacepLookup(fake.url, { timeoutMs: 200 });
    await expect(viacep.lookup('50000000')).rejects.toBeInstanceOf(UpstreamError);
    await expect(viacep.lookup('60000000')).rejects.toBeInstanceOf(UpstreamError);
    await expect(viacep.lookup('70000000')).rejects.toBeInstanceOf(UpstreamError);
    await expect(viacep.lookup('80000000')).rejects.toBeInstanceOf(UpstreamError);
    await expect(createViacepLookup('http://127.0.0.1:9').lookup('01414001')).rejects.toBeInstanceOf(
      UpstreamError,
    );
  });

  it('is chosen by CEP_PROVIDER=viacep', async () => {
    const r = await createCepLookup({ cepProvider: 'viacep', viacepUrl: fake.url }).lookup('01414001');
    expect(r?.logradouro).toBe('Rua Haddock Lobo');
  });
});
