import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { criarCliente } from '../modules/customers/testing.ts';
import { STAFF_AUDIENCE, STAFF_TYP } from '../modules/staff/tokens.ts';
import { criarFuncionario, loginFuncionario } from '../modules/staff/testing.ts';
import { openTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { DIALECTS, testConfig } from '../test/db.ts';
import { IAT_TOLERANCIA_SEGUNDOS, createAccessTokens } from './auth.ts';

const API = '/api/ead';
const agoraSegundos = () => Math.floor(Date.now() / 1000);

/** A token as the server would sign it, but issued `iatDelta` seconds from now (valid 5 min after). */
function assinar(sub: number, iatDelta: number, kind: { typ: string; audience: string }): Promise<string> {
  const iat = agoraSegundos() + iatDelta;
  return new SignJWT({ typ: kind.typ })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(sub))
    .setIssuer('rango')
    .setAudience(kind.audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 300)
    .sign(new TextEncoder().encode(testConfig().jwtSecret));
}

const CLIENTE = { typ: 'access', audience: 'rango-api' };
const STAFF = { typ: STAFF_TYP, audience: STAFF_AUDIENCE };

describe('access tokens issued in the future', () => {
  it('are refused past the clock skew, accepted within it (injected clock)', async () => {
    const secret = testConfig().jwtSecret;
    const inicio = new Date('2030-01-01T12:00:00.000Z');
    const em = (segundos: number) => () => new Date(inicio.getTime() + segundos * 1000);
    // The db is never read: the secret is given.
    const db = undefined as never;
    const agora = createAccessTokens(db, { secret, ttlSeconds: 300, agora: em(0) });
    const adiantado = (s: number) => createAccessTokens(db, { secret, ttlSeconds: 300, agora: em(s) });
    expect(await agora.verify(await agora.sign(7))).toBe(7);
    expect(await agora.verify(await adiantado(IAT_TOLERANCIA_SEGUNDOS).sign(7))).toBe(7);
    expect(await agora.verify(await adiantado(IAT_TOLERANCIA_SEGUNDOS + 1).sign(7))).toBeUndefined();
    expect(await agora.verify(await adiantado(3600).sign(7))).toBeUndefined();
    // The same token is fine once its issue time has come.
    const futuro = await adiantado(3600).sign(7);
    expect(await adiantado(3600).verify(futuro)).toBe(7);
  });

  it('are refused when they do not say when they were issued', async () => {
    const secret = testConfig().jwtSecret;
    const semIat = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuer('rango')
      .setAudience('rango-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(secret));
    const tokens = createAccessTokens(undefined as never, { secret, ttlSeconds: 300 });
    expect(await tokens.verify(semIat)).toBeUndefined();
  });
});

describe('access tokens verified once (issue 21: no WebCrypto job per call)', () => {
  it('are not checked by WebCrypto again, and still expire on time (injected clock)', async () => {
    const secret = testConfig().jwtSecret;
    const inicio = new Date('2030-01-01T12:00:00.000Z').getTime();
    let agora = inicio;
    const tokens = createAccessTokens(undefined as never, {
      secret,
      ttlSeconds: 300,
      agora: () => new Date(agora),
    });
    const token = await tokens.sign(7);
    const verify = vi.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      expect(await tokens.verify(token)).toBe(7);
      expect(await tokens.verify(token)).toBe(7);
      expect(verify).toHaveBeenCalledTimes(1);
      agora = inicio + 299_999;
      expect(await tokens.verify(token)).toBe(7);
      // exp ≤ now: expired, as jose says.
      agora = inicio + 300_000;
      expect(await tokens.verify(token)).toBeUndefined();
      // A forged signature on the same claims is still checked and refused.
      const forjado = `${token.slice(0, token.lastIndexOf('.') + 1)}${'A'.repeat(43)}`;
      agora = inicio;
      expect(await tokens.verify(forjado)).toBeUndefined();
      expect(verify).toHaveBeenCalledTimes(2);
    } finally {
      verify.mockRestore();
    }
  });
});

describe.each(DIALECTS)('future-issued tokens over HTTP on %s', (dialect) => {
  let ta: TestApp;
  let idcliente: number;
  let idfuncionario: number;
  beforeAll(async () => {
    ta = await openTestApp(dialect);
    idcliente = (await criarCliente(ta.app, ta.t.db, 'futuro@example.com')).id;
    idfuncionario = await criarFuncionario(ta.t.db, 1, 'futuro@rango.test', 'dono');
    await loginFuncionario(ta.app, 'futuro@rango.test');
  });
  afterAll(async () => {
    await ta.close();
  });

  const pedir = (url: string, token: string) =>
    ta.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  it("a customer's token issued an hour ahead answers 401 like an invalid one", async () => {
    const url = `${API}/controle/cliente/`;
    const invalido = await pedir(url, 'abc.def.ghi');
    expect(invalido.statusCode).toBe(401);
    expect((await pedir(url, await assinar(idcliente, 0, CLIENTE))).statusCode).toBe(200);
    expect((await pedir(url, await assinar(idcliente, 30, CLIENTE))).statusCode).toBe(200);
    for (const delta of [IAT_TOLERANCIA_SEGUNDOS + 5, 3600]) {
      const res = await pedir(url, await assinar(idcliente, delta, CLIENTE));
      expect(res.statusCode, `iat +${delta} s`).toBe(401);
      expect(res.json()).toEqual(invalido.json());
    }
  });

  it("a staff member's token issued an hour ahead answers 401 like an invalid one", async () => {
    const eu = `${API}/painel/eu/`;
    const loja = `${API}/painel/estabelecimento/1/loja/`;
    expect((await pedir(eu, await assinar(idfuncionario, 0, STAFF))).statusCode).toBe(200);
    expect((await pedir(loja, await assinar(idfuncionario, 30, STAFF))).statusCode).toBe(200);
    for (const url of [eu, loja]) {
      const invalido = await pedir(url, 'abc.def.ghi');
      expect(invalido.statusCode).toBe(401);
      for (const delta of [IAT_TOLERANCIA_SEGUNDOS + 5, 3600]) {
        const res = await pedir(url, await assinar(idfuncionario, delta, STAFF));
        expect(res.statusCode, `${url} iat +${delta} s`).toBe(401);
        expect(res.json()).toEqual(invalido.json());
      }
    }
  });
});
