import type { AddressInfo } from 'node:net';
import { MSG, MSG_CONTA, socialConfigSchema, tokenPairSchema } from '@rango/domain';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { CryptoKey, JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { API, bearer, criarCliente, novoCadastro } from '../../modules/customers/testing.ts';

const CLIENT_ID = 'rango-test.apps.googleusercontent.com';
const APP_ID = '123456';
const APP_SECRET = 'fb-secret';
const GOOGLE = `${API}/controle/cliente/social/google-oauth2/`;
const FACEBOOK = `${API}/controle/cliente/social/facebook/`;
const FALHOU = { detail: MSG_CONTA.socialFalhou };

/** Facebook users the fake Graph API knows, by user access token. */
const FB_USERS: Record<string, { id: string; name: string; email?: string; app_id?: string }> = {
  'fb-token-joao': { id: 'fb-1', name: 'João Face', email: 'joao.face@example.com' },
  'fb-token-sem-email': { id: 'fb-2', name: 'Sem Email' },
  'fb-token-outro-app': { id: 'fb-3', name: 'Outro App', email: 'outro@example.com', app_id: '999' },
};

/** One local server standing in for Google's JWKS endpoint and Facebook's Graph API. */
async function startProviders(publicJwk: object): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  app.get('/oauth2/v3/certs', async () => ({ keys: [publicJwk] }));
  app.get<{ Querystring: { input_token?: string; access_token?: string } }>(
    '/debug_token',
    async (req, reply) => {
      if (req.query.access_token !== `${APP_ID}|${APP_SECRET}`) {
        return reply.code(400).send({ error: { message: 'Invalid OAuth access token.', code: 190 } });
      }
      const user = FB_USERS[req.query.input_token ?? ''];
      if (!user) return { data: { is_valid: false, error: { code: 190, message: 'Invalid token' } } };
      return { data: { app_id: user.app_id ?? APP_ID, type: 'USER', is_valid: true, user_id: user.id } };
    },
  );
  app.get<{ Querystring: { access_token?: string; fields?: string } }>('/me', async (req, reply) => {
    const user = FB_USERS[req.query.access_token ?? ''];
    if (!user) return reply.code(400).send({ error: { message: 'Invalid OAuth access token.', code: 190 } });
    return { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, app };
}

describe.each(DIALECTS)('social login on %s', (dialect) => {
  let ta: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let key: CryptoKey;
  let otherKey: CryptoKey;

  const idToken = (
    claims: JWTPayload,
    opts: { aud?: string; iss?: string; exp?: number; signWith?: CryptoKey } = {},
  ) =>
    new SignJWT({ email_verified: true, name: 'Gabi Google', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.signWith ?? key);

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    providers = await startProviders(jwk);
    ta = await openTestApp(dialect, {
      rateLimit: false,
      googleClientId: CLIENT_ID,
      googleJwksUrl: `${providers.url}/oauth2/v3/certs`,
      facebookAppId: APP_ID,
      facebookAppSecret: APP_SECRET,
      facebookGraphUrl: providers.url,
    });
  });
  afterAll(async () => {
    await ta.close();
    await providers.app.close();
  });

  const post = (url: string, payload: object) => ta.app.inject({ method: 'POST', url, payload });

  it('GET /controle/cliente/social/ says which providers are configured', async () => {
    const res = await ta.app.inject(`${API}/controle/cliente/social/`);
    expect(res.statusCode).toBe(200);
    expect(socialConfigSchema.parse(res.json())).toEqual({
      google: { client_id: CLIENT_ID },
      facebook: { app_id: APP_ID },
    });
  });

  it('Google: a valid ID token creates a confirmed customer without password; again logs into the same', async () => {
    const token = await idToken({ sub: 'g-100', email: 'Gabi@Example.com' });
    const res = await post(GOOGLE, { access_token: token, name: 'ignored profile field' });
    expect(res.statusCode).toBe(200);
    const pair = tokenPairSchema.parse(res.json());
    const me = await ta.app.inject({ url: `${API}/controle/cliente/`, headers: bearer(pair.access) });
    expect(me.json()[0]).toMatchObject({ email: 'gabi@example.com', nomeourazaosocial: 'Gabi Google' });
    const row = await ta.t.db
      .selectFrom('cliente')
      .selectAll()
      .where('email', '=', 'gabi@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ confirmado: 1, senha_hash: null });
    // Same Google account, even with another e-mail now: the link by subject wins.
    const again = await post(GOOGLE, {
      access_token: await idToken({ sub: 'g-100', email: 'novo@example.com' }),
    });
    const me2 = await ta.app.inject({
      url: `${API}/controle/cliente/`,
      headers: bearer(again.json().access),
    });
    expect(me2.json()[0].id).toBe(me.json()[0].id);
    // Also accepted with the issuer without scheme.
    const bare = await post(GOOGLE, {
      access_token: await idToken(
        { sub: 'g-100', email: 'gabi@example.com' },
        { iss: 'accounts.google.com' },
      ),
    });
    expect(bare.statusCode).toBe(200);
  });

  it('Google: links to the existing customer with the same verified e-mail', async () => {
    const { id } = await criarCliente(ta.app, ta.t.db, 'ligar@example.com');
    const res = await post(GOOGLE, {
      access_token: await idToken({ sub: 'g-200', email: 'ligar@example.com' }),
    });
    expect(res.statusCode).toBe(200);
    const me = await ta.app.inject({ url: `${API}/controle/cliente/`, headers: bearer(res.json().access) });
    expect(me.json()[0].id).toBe(id);
    // The password still works too.
    const login = await post(`${API}/controle/token/`, { email: 'ligar@example.com', senha: 'segredo1' });
    expect(login.statusCode).toBe(200);
  });

  it('Google: linking an unconfirmed sign-up confirms it and drops its unproved password', async () => {
    await post(`${API}/controle/cliente/`, novoCadastro('squat@example.com'));
    const res = await post(GOOGLE, {
      access_token: await idToken({ sub: 'g-300', email: 'squat@example.com' }),
    });
    expect(res.statusCode).toBe(200);
    const login = await post(`${API}/controle/token/`, { email: 'squat@example.com', senha: 'segredo1' });
    expect(login.json()).toEqual({ non_field_errors: [MSG_CONTA.credenciaisInvalidas] });
  });

  it('Google: wrong audience, wrong issuer, expired, other key, unverified e-mail, garbage → 400', async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      await idToken({ sub: 'g-9', email: 'x@example.com' }, { aud: 'someone-else' }),
      await idToken({ sub: 'g-9', email: 'x@example.com' }, { iss: 'https://evil.example.com' }),
      await idToken({ sub: 'g-9', email: 'x@example.com' }, { exp: now - 60 }),
      await idToken({ sub: 'g-9', email: 'x@example.com' }, { signWith: otherKey }),
      await idToken({ sub: 'g-9', email: 'x@example.com', email_verified: false }),
      await idToken({ sub: 'g-9' }),
      'nem.um.jwt',
    ];
    for (const token of bad) {
      const res = await post(GOOGLE, { access_token: token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(FALHOU);
    }
    const missing = await post(GOOGLE, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ access_token: [MSG_CONTA.socialFalhou] });
    const count = await ta.t.db
      .selectFrom('cliente')
      .select('id')
      .where('email', '=', 'x@example.com')
      .execute();
    expect(count).toEqual([]);
  });

  it('Facebook: a valid token logs in (checked with debug_token and /me)', async () => {
    const res = await post(FACEBOOK, { access_token: 'fb-token-joao' });
    expect(res.statusCode).toBe(200);
    const me = await ta.app.inject({ url: `${API}/controle/cliente/`, headers: bearer(res.json().access) });
    expect(me.json()[0]).toMatchObject({ email: 'joao.face@example.com', nomeourazaosocial: 'João Face' });
    const social = await ta.t.db
      .selectFrom('cliente_social')
      .selectAll()
      .where('sujeito', '=', 'fb-1')
      .executeTakeFirstOrThrow();
    expect(social.provedor).toBe('facebook');
  });

  it('Facebook: invalid token, another app’s token, no e-mail → 400', async () => {
    for (const token of ['fb-token-falso', 'fb-token-outro-app', 'fb-token-sem-email']) {
      const res = await post(FACEBOOK, { access_token: token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(FALHOU);
    }
  });

  it('an unknown provider is a 404', async () => {
    const res = await post(`${API}/controle/cliente/social/twitter/`, { access_token: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: MSG.rotaNaoEncontrada });
  });

  it('unconfigured providers: null in the config and 400 socialNaoConfigurado', async () => {
    const bare = buildApp(testConfig({ rateLimit: false }), { db: ta.t.db });
    try {
      expect((await bare.inject(`${API}/controle/cliente/social/`)).json()).toEqual({
        google: null,
        facebook: null,
      });
      for (const url of [GOOGLE, FACEBOOK]) {
        const res = await bare.inject({ method: 'POST', url, payload: { access_token: 'qualquer' } });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: MSG_CONTA.socialNaoConfigurado });
      }
    } finally {
      await bare.close();
    }
  });

  it('a provider that cannot be reached is a 400 socialFalhou, not a 500', async () => {
    const down = buildApp(
      testConfig({
        rateLimit: false,
        googleClientId: CLIENT_ID,
        googleJwksUrl: 'http://127.0.0.1:9/certs',
        facebookAppId: APP_ID,
        facebookAppSecret: APP_SECRET,
        facebookGraphUrl: 'http://127.0.0.1:9',
      }),
      { db: ta.t.db },
    );
    try {
      const g = await down.inject({
        method: 'POST',
        url: GOOGLE,
        payload: { access_token: await idToken({ sub: 'g-1', email: 'a@b.com' }) },
      });
      expect(g.statusCode).toBe(400);
      expect(g.json()).toEqual(FALHOU);
      const f = await down.inject({
        method: 'POST',
        url: FACEBOOK,
        payload: { access_token: 'fb-token-joao' },
      });
      expect(f.statusCode).toBe(400);
      expect(f.json()).toEqual(FALHOU);
    } finally {
      await down.close();
    }
  });
});
