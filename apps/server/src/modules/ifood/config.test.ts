/**
 * iFood's hosts and poll period from the environment (IFOOD_API_URL, IFOOD_AUTH_URL,
 * IFOOD_CONSULTA_SEGUNDOS): defaults are iFood's documented ones, a malformed value stops the
 * start with a clear line, and the token is asked at the auth host while the rest goes to the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { startFakeIfood } from '../../test/fakes/ifood.ts';
import type { FakeIfood } from '../../test/fakes/ifood.ts';
import { Segredo } from '../secrets/service.ts';
import { createIfoodApi, IfoodErro } from './api.ts';

describe('iFood configuration', () => {
  let fake: FakeIfood;
  beforeAll(async () => {
    fake = await startFakeIfood();
  });
  afterAll(async () => fake?.close());

  it("defaults to iFood's documented host and 30 s poll; the auth host follows the API's", () => {
    expect(loadConfig({}).ifood).toEqual({
      apiUrl: 'https://merchant-api.ifood.com.br',
      authUrl: 'https://merchant-api.ifood.com.br',
      consultaMs: 30_000,
    });
    expect(
      loadConfig({ IFOOD_API_URL: 'http://127.0.0.1:4010/', IFOOD_CONSULTA_SEGUNDOS: '2' }).ifood,
    ).toEqual({ apiUrl: 'http://127.0.0.1:4010', authUrl: 'http://127.0.0.1:4010', consultaMs: 2000 });
    expect(loadConfig({ IFOOD_AUTH_URL: 'https://auth.exemplo.com' }).ifood?.authUrl).toBe(
      'https://auth.exemplo.com',
    );
  });

  it('refuses a malformed URL or period, without echoing credentials', () => {
    expect(() => loadConfig({ IFOOD_API_URL: 'merchant-api.ifood.com.br' })).toThrow(ConfigError);
    expect(() => loadConfig({ IFOOD_API_URL: 'ftp://x.com' })).toThrow(/IFOOD_API_URL inválida/);
    expect(() => loadConfig({ IFOOD_AUTH_URL: 'https://user:senha@x.com' })).toThrow(
      /IFOOD_AUTH_URL inválida: https:\/\/\*\*\*@x\.com/,
    );
    for (const v of ['0', '1.5', 'abc', '601'])
      expect(() => loadConfig({ IFOOD_CONSULTA_SEGUNDOS: v })).toThrow(/IFOOD_CONSULTA_SEGUNDOS inválido/);
  });

  it('asks the token at the auth host and calls the merchant API at its own host', async () => {
    // The API host refuses connections: the token comes from the fake, the poll fails on the network.
    const api = createIfoodApi({ baseUrl: 'http://127.0.0.1:9', authUrl: fake.url });
    const c = { clientId: fake.clientId, clientSecret: new Segredo(fake.clientSecret) };
    const antes = fake.contagem.token;
    const erro = await api.eventos(c, ['merchant-1']).catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(IfoodErro);
    expect((erro as IfoodErro).status).toBe(0);
    expect(fake.contagem.token).toBe(antes + 1);
    expect(fake.contagem.polling).toBe(0);
  });
});
