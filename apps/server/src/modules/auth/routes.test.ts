import { MSG, MSG_CONTA, tokenPairSchema } from '@rango/domain';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { API, apiPathOf, bearer, criarCliente, lastLink, novoCadastro } from '../customers/testing.ts';
import { hashToken } from './secrets.ts';

const TOKEN = `${API}/controle/token/`;
const REFRESH = `${API}/controle/token/refresh/`;
const CREDENCIAIS = { non_field_errors: [MSG_CONTA.credenciaisInvalidas] };
const EXPIRADA = { detail: MSG_CONTA.sessaoExpirada };

describe.each(DIALECTS)('auth routes on %s', (dialect) => {
  let ta: TestApp;
  let cliente: { access: string; refresh: string; id: number };
  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    cliente = await criarCliente(ta.app, ta.t.db, 'Login@Example.com');
  });
  afterAll(async () => {
    await ta.close();
  });

  const login = (payload: unknown) =>
    ta.app.inject({ method: 'POST', url: TOKEN, payload: payload as object });
  const refresh = (token: string) =>
    ta.app.inject({ method: 'POST', url: REFRESH, payload: { refresh: token } });

  it('logs in with any case of the e-mail and answers both tokens', async () => {
    const res = await login({ email: 'LOGIN@example.COM', senha: 'segredo1' });
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(res.json());
    expect(pair.refresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await ta.app.inject({ url: `${API}/controle/cliente/`, headers: bearer(pair.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json()[0].email).toBe('login@example.com');
  });

  it('stores refresh tokens only as their SHA-256', async () => {
    const rows = await ta.t.db.selectFrom('refresh_token').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === cliente.refresh)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashToken(cliente.refresh))).toBe(true);
  });

  it('refuses a wrong password and an unknown e-mail with the same 400 non_field_errors', async () => {
    const wrong = await login({ email: 'login@example.com', senha: 'outra' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(CREDENCIAIS);
    const unknown = await login({ email: 'ninguem@example.com', senha: 'segredo1' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(CREDENCIAIS);
  });

  it('refuses a malformed body with the field messages', async () => {
    const res = await login({ email: 'x', senha: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [MSG_CONTA.emailInvalido], senha: [MSG_CONTA.senhaObrigatoria] });
    const notObject = await ta.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { 'content-type': 'application/json' },
      payload: '"texto"',
    });
    expect(notObject.statusCode).toBe(400);
  });

  it('refuses login before confirmation and accepts it after', async () => {
    const email = 'pendente@example.com';
    const cad = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/cliente/`,
      payload: novoCadastro(email),
    });
    expect(cad.statusCode).toBe(201);
    const before = await login({ email, senha: 'segredo1' });
    expect(before.statusCode).toBe(400);
    expect(before.json()).toEqual({ non_field_errors: [MSG_CONTA.contaNaoConfirmada] });
    // A wrong password on an unconfirmed account says nothing about confirmation.
    const wrong = await login({ email, senha: 'errada' });
    expect(wrong.json()).toEqual(CREDENCIAIS);
    const conf = await ta.app.inject({ method: 'POST', url: apiPathOf(await lastLink(ta.t.db, email)) });
    expect(conf.statusCode).toBe(200);
    expect((await login({ email, senha: 'segredo1' })).statusCode).toBe(200);
  });

  it('rotates the refresh token: the new one works, the old one is spent', async () => {
    const first = tokenPairSchema.parse(
      (await login({ email: 'login@example.com', senha: 'segredo1' })).json(),
    );
    const r1 = await refresh(first.refresh);
    expect(r1.statusCode).toBe(200);
    const second = tokenPairSchema.parse(r1.json());
    expect(second.refresh).not.toBe(first.refresh);
    const me = await ta.app.inject({ url: `${API}/controle/cliente/`, headers: bearer(second.access) });
    expect(me.statusCode).toBe(200);
    const r2 = await refresh(second.refresh);
    expect(r2.statusCode).toBe(200);
    const families = await ta.t.db
      .selectFrom('refresh_token')
      .select('familia')
      .where('token_hash', 'in', [hashToken(first.refresh), hashToken(second.refresh)])
      .execute();
    expect(new Set(families.map((f) => f.familia)).size).toBe(1);
  });

  it('a reused refresh token revokes its whole family (the newer token fails too)', async () => {
    const first = tokenPairSchema.parse(
      (await login({ email: 'login@example.com', senha: 'segredo1' })).json(),
    );
    const second = tokenPairSchema.parse((await refresh(first.refresh)).json());
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(EXPIRADA);
    const newer = await refresh(second.refresh);
    expect(newer.statusCode).toBe(401);
    expect(newer.json()).toEqual(EXPIRADA);
    // Another login's family is untouched.
    expect((await refresh(cliente.refresh)).statusCode).toBe(200);
  });

  it('two concurrent uses of one refresh token give exactly one success', async () => {
    const pair = tokenPairSchema.parse(
      (await login({ email: 'login@example.com', senha: 'segredo1' })).json(),
    );
    const results = await Promise.all([refresh(pair.refresh), refresh(pair.refresh), refresh(pair.refresh)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('20 rounds of two concurrent refreshes of one token: at most one 200, then the whole family is refused', async () => {
    for (let round = 0; round < 20; round++) {
      const pair = tokenPairSchema.parse(
        (await login({ email: 'login@example.com', senha: 'segredo1' })).json(),
      );
      const results = await Promise.all([refresh(pair.refresh), refresh(pair.refresh)]);
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok.length, `round ${round}`).toBeLessThanOrEqual(1);
      expect(results.every((r) => r.statusCode === 200 || r.statusCode === 401)).toBe(true);
      if (ok.length < results.length) {
        // A reuse was detected: no token of the family works, the winner's new one included.
        for (const r of ok) {
          const next = await refresh(tokenPairSchema.parse(r.json()).refresh);
          expect(next.statusCode, `round ${round}`).toBe(401);
        }
        const familia = await ta.t.db
          .selectFrom('refresh_token')
          .select('familia')
          .where('token_hash', '=', hashToken(pair.refresh))
          .executeTakeFirstOrThrow();
        const live = await ta.t.db
          .selectFrom('refresh_token')
          .select('id')
          .where('familia', '=', familia.familia)
          .where('revogado', '=', 0)
          .execute();
        expect(live, `round ${round}`).toEqual([]);
      }
    }
  });

  it('refuses unknown, expired and revoked refresh tokens with 401', async () => {
    expect((await refresh('nao-existe')).json()).toEqual(EXPIRADA);
    expect((await refresh('nao-existe')).statusCode).toBe(401);
    const pair = tokenPairSchema.parse(
      (await login({ email: 'login@example.com', senha: 'segredo1' })).json(),
    );
    await ta.t.db
      .updateTable('refresh_token')
      .set({ expira_em: '2000-01-01T00:00:00.000Z' })
      .where('token_hash', '=', hashToken(pair.refresh))
      .execute();
    const expired = await refresh(pair.refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(EXPIRADA);
    const missing = await ta.app.inject({ method: 'POST', url: REFRESH, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: [MSG_CONTA.sessaoExpirada] });
  });

  it('refuses forged access tokens: another secret, alg none, expired, garbage', async () => {
    const url = `${API}/controle/cliente/`;
    const claims = { typ: 'access' };
    const other = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(cliente.id))
      .setIssuer('rango')
      .setAudience('rango-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('outro-segredo-com-muitos-caracteres!!'));
    const none = new UnsecuredJWT(claims)
      .setSubject(String(cliente.id))
      .setIssuer('rango')
      .setAudience('rango-api')
      .setExpirationTime('5m')
      .encode();
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(cliente.id))
      .setIssuer('rango')
      .setAudience('rango-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(testConfig().jwtSecret));
    for (const token of [other, none, expired, 'abc.def.ghi', cliente.refresh]) {
      const res = await ta.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: MSG.naoAutorizado });
    }
    expect((await ta.app.inject({ url })).statusCode).toBe(401);
  });
});

describe.each(DIALECTS)('login rate limits on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    // Windows are fixed: a test crossing a window's end would see its count restart. The clock is
    // frozen just after a window start (only Date is faked; timers run normally).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:01.000Z'));
    ta = await openTestApp(dialect);
  });
  afterAll(async () => {
    await ta.close();
    vi.useRealTimers();
  });

  it('answers 429 with the Portuguese message and Retry-After after 10 tries for one e-mail', async () => {
    const payload = { email: 'alvo@example.com', senha: 'chute' };
    for (let i = 0; i < 10; i++) {
      const res = await ta.app.inject({ method: 'POST', url: TOKEN, payload });
      expect(res.statusCode).toBe(400);
    }
    const res = await ta.app.inject({ method: 'POST', url: TOKEN, payload });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    const retry = Number(res.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    // The counted key is hashed: no e-mail in the table.
    const rows = await ta.t.db.selectFrom('rate_limit').select('chave').execute();
    expect(rows.some((r) => r.chave.includes('alvo'))).toBe(false);
  });

  it('limits one IP across many e-mails (30 a minute)', async () => {
    let status = 0;
    for (let i = 0; i < 25 && status !== 429; i++) {
      const res = await ta.app.inject({
        method: 'POST',
        url: TOKEN,
        payload: { email: `spray${i}@example.com`, senha: 'x' },
      });
      status = res.statusCode;
    }
    // 11 tries above plus these 25 passed 30 for 127.0.0.1.
    expect(status).toBe(429);
    const other = await ta.app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { email: 'spray@example.com', senha: 'x' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(400);
  });

  it('is off when config.rateLimit is false', async () => {
    // A second instance on the same database, with limits off: the counters above do not apply.
    const free = buildApp(testConfig({ rateLimit: false }), { db: ta.t.db });
    try {
      for (let i = 0; i < 12; i++) {
        const res = await free.inject({
          method: 'POST',
          url: TOKEN,
          payload: { email: 'a@b.com', senha: 'x' },
        });
        expect(res.statusCode).toBe(400);
      }
    } finally {
      await free.close();
    }
  });
});
