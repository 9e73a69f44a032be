import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeHttp } from '../../test/fake-http.ts';
import type { FakeHttp } from '../../test/fake-http.ts';
import { UpstreamError } from '../upstream.ts';
import { createEmbeddedGeocoder, foldName } from './embedded.ts';
import { createGoogleGeocoder } from './google.ts';
import { createGeocoder } from './index.ts';
import type { GeocodeQuery } from './index.ts';
import { createNominatimGeocoder } from './nominatim.ts';

const HADDOCK: GeocodeQuery = {
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01414-001',
};

describe('embedded geocoder', () => {
  const geo = createEmbeddedGeocoder();

  it('places a tabled CEP at its point', async () => {
    expect(await geo.geocode(HADDOCK)).toEqual({ latitude: -23.5627, longitude: -46.6656 });
  });

  it('ignores a CEP whose city is not the one given and falls back to the street', async () => {
    const r = await geo.geocode({ ...HADDOCK, cep: '22021-001' });
    expect(r).toEqual({ latitude: -23.5627, longitude: -46.6656 });
  });

  it('matches the street without accents, case or the long prefix, in the given bairro', async () => {
    const pinheiros = await geo.geocode({
      rua: 'r. oscar freire',
      numero: '1800',
      bairro: 'PINHEIROS',
      cidade: 'sao paulo',
      uf: 'SP',
    });
    expect(pinheiros).toEqual({ latitude: -23.5583, longitude: -46.6768 });
    const jardins = await geo.geocode({
      rua: 'Rua Oscar Freire',
      numero: '900',
      bairro: 'Jardim Paulista',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(jardins).toEqual({ latitude: -23.5662, longitude: -46.6688 });
  });

  it('answers the middle of a street’s stretches when the bairro does not tell them apart', async () => {
    const r = await geo.geocode({
      rua: 'Av. Paulista',
      numero: '1',
      bairro: 'Paulista',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(r?.latitude).toBeGreaterThan(-23.571);
    expect(r?.latitude).toBeLessThan(-23.555);
  });

  it('falls back to the bairro’s centroid in the city', async () => {
    const r = await geo.geocode({
      rua: 'Rua Desconhecida',
      numero: '10',
      bairro: 'Perdizes',
      cidade: 'São Paulo',
      uf: 'SP',
    });
    expect(r).not.toBeNull();
    expect(r?.latitude).toBeCloseTo(-23.5375, 2);
    expect(r?.longitude).toBeCloseTo(-46.672, 2);
  });

  it('answers null for what it cannot place: unknown street and bairro, or another city', async () => {
    expect(
      await geo.geocode({
        rua: 'Rua Inexistente',
        numero: '1',
        bairro: 'Nenhum',
        cidade: 'São Paulo',
        uf: 'SP',
      }),
    ).toBeNull();
    expect(await geo.geocode({ ...HADDOCK, cidade: 'Curitiba', uf: 'PR', cep: undefined })).toBeNull();
    // Same city name, another state.
    expect(await geo.geocode({ ...HADDOCK, uf: 'RJ', cep: undefined })).toBeNull();
  });

  it('folds names for comparison', () => {
    expect(foldName('  Água   Branca ')).toBe('agua branca');
    expect(foldName('SUMARÉ')).toBe('sumare');
  });

  it('is the default of the configuration; Google needs a key', () => {
    expect(() =>
      createGeocoder({ geocoder: 'embedded', geocoderKey: undefined, geocoderUrl: undefined }),
    ).not.toThrow();
    expect(() =>
      createGeocoder({ geocoder: 'google', geocoderKey: undefined, geocoderUrl: undefined }),
    ).toThrow(/GEOCODER_KEY/);
  });
});

describe('Google Geocoding adapter against a local fake', () => {
  let fake: FakeHttp;
  beforeAll(async () => {
    fake = await startFakeHttp((app) => {
      app.get<{ Querystring: Record<string, string> }>('/maps/api/geocode/json', async (req, reply) => {
        const { address } = req.query;
        if (req.query.key !== 'chave-teste') {
          return { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] };
        }
        if (address?.startsWith('Rua Haddock Lobo')) {
          return {
            status: 'OK',
            results: [
              {
                formatted_address:
                  'R. Haddock Lobo, 595 - Cerqueira César, São Paulo - SP, 01414-001, Brasil',
                geometry: { location: { lat: -23.5627, lng: -46.6656 }, location_type: 'ROOFTOP' },
                place_id: 'abc',
              },
            ],
          };
        }
        if (address?.startsWith('Rua Limite')) return { status: 'OVER_QUERY_LIMIT', results: [] };
        if (address?.startsWith('Rua Quebrada')) return reply.code(500).send({ error: 'boom' });
        return { status: 'ZERO_RESULTS', results: [] };
      });
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('sends the address string, key, region and country and reads the first location', async () => {
    const geo = createGoogleGeocoder({ key: 'chave-teste', baseUrl: fake.url });
    expect(await geo.geocode(HADDOCK)).toEqual({ latitude: -23.5627, longitude: -46.6656 });
    const sent = new URL(fake.requests.at(-1)?.url ?? '', fake.url);
    expect(sent.pathname).toBe('/maps/api/geocode/json');
    expect(sent.searchParams.get('address')).toBe('Rua Haddock Lobo, 595, Cerqueira César, São Paulo, SP');
    expect(sent.searchParams.get('key')).toBe('chave-teste');
    expect(sent.searchParams.get('region')).toBe('br');
    expect(sent.searchParams.get('components')).toBe('country:BR');
  });

  it('answers null for ZERO_RESULTS', async () => {
    const geo = createGoogleGeocoder({ key: 'chave-teste', baseUrl: fake.url });
    expect(await geo.geocode({ ...HADDOCK, rua: 'Rua Que Não Existe' })).toBeNull();
  });

  it('throws UpstreamError for REQUEST_DENIED, OVER_QUERY_LIMIT, a 5xx and no server', async () => {
    await expect(
      createGoogleGeocoder({ key: 'errada', baseUrl: fake.url }).geocode(HADDOCK),
    ).rejects.toBeInstanceOf(UpstreamError);
    const geo = createGoogleGeocoder({ key: 'chave-teste', baseUrl: fake.url });
    await expect(geo.geocode({ ...HADDOCK, rua: 'Rua Limite' })).rejects.toBeInstanceOf(UpstreamError);
    await expect(geo.geocode({ ...HADDOCK, rua: 'Rua Quebrada' })).rejects.toBeInstanceOf(UpstreamError);
    await expect(
      createGoogleGeocoder({ key: 'k', baseUrl: 'http://127.0.0.1:9' }).geocode(HADDOCK),
    ).rejects.toBeInstanceOf(UpstreamError);
  });

  it('is chosen by GEOCODER=google with its key', async () => {
    const geo = createGeocoder({ geocoder: 'google', geocoderKey: 'chave-teste', geocoderUrl: fake.url });
    expect(await geo.geocode(HADDOCK)).toEqual({ latitude: -23.5627, longitude: -46.6656 });
  });
});

describe('Nominatim adapter against a local fake', () => {
  let fake: FakeHttp;
  beforeAll(async () => {
    fake = await startFakeHttp((app) => {
      app.get<{ Querystring: Record<string, string> }>('/search', async (req, reply) => {
        const q = req.query.q ?? '';
        if (q.startsWith('Rua Haddock Lobo')) {
          return [
            {
              place_id: 1,
              lat: '-23.5627000',
              lon: '-46.6656000',
              category: 'building',
              type: 'yes',
              display_name: '595, Rua Haddock Lobo, Cerqueira César, São Paulo, Brasil',
            },
          ];
        }
        if (q.startsWith('Rua Lotada')) return reply.code(429).send({ error: 'Too many requests' });
        if (q.startsWith('Rua Estranha')) return { error: 'Unable to geocode' };
        if (q.startsWith('Rua Torta')) return [{ lat: 'norte', lon: 'sul' }];
        return [];
      });
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('sends q, jsonv2, limit 1, Brazil and a User-Agent, and reads lat/lon strings', async () => {
    const geo = createNominatimGeocoder({ baseUrl: fake.url });
    expect(await geo.geocode(HADDOCK)).toEqual({ latitude: -23.5627, longitude: -46.6656 });
    const req = fake.requests.at(-1);
    const sent = new URL(req?.url ?? '', fake.url);
    expect(sent.pathname).toBe('/search');
    expect(sent.searchParams.get('q')).toBe('Rua Haddock Lobo, 595, Cerqueira César, São Paulo, SP');
    expect(sent.searchParams.get('format')).toBe('jsonv2');
    expect(sent.searchParams.get('limit')).toBe('1');
    expect(sent.searchParams.get('countrycodes')).toBe('br');
    expect(req?.headers['user-agent']).toBe('Rango/1.0');
  });

  it('answers null for an empty result', async () => {
    const geo = createNominatimGeocoder({ baseUrl: fake.url });
    expect(await geo.geocode({ ...HADDOCK, rua: 'Rua Que Não Existe' })).toBeNull();
  });

  it('throws UpstreamError for a 429, an error object, unreadable coordinates and no server', async () => {
    const geo = createNominatimGeocoder({ baseUrl: fake.url });
    await expect(geo.geocode({ ...HADDOCK, rua: 'Rua Lotada' })).rejects.toBeInstanceOf(UpstreamError);
    await expect(geo.geocode({ ...HADDOCK, rua: 'Rua Estranha' })).rejects.toBeInstanceOf(UpstreamError);
    await expect(geo.geocode({ ...HADDOCK, rua: 'Rua Torta' })).rejects.toBeInstanceOf(UpstreamError);
    await expect(
      createNominatimGeocoder({ baseUrl: 'http://127.0.0.1:9' }).geocode(HADDOCK),
    ).rejects.toBeInstanceOf(UpstreamError);
  });

  it('is chosen by GEOCODER=nominatim', async () => {
    const geo = createGeocoder({ geocoder: 'nominatim', geocoderKey: undefined, geocoderUrl: fake.url });
    expect(await geo.geocode(HADDOCK)).toEqual({ latitude: -23.5627, longitude: -46.6656 });
  });
});
