import { MSG, MSG_REMOCAO, remocaoSocialRespostaSchema, remocaoSocialSchema } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signFacebookRequest } from '../../adapters/social/facebook-signed-request.ts';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { API, criarCliente } from './testing.ts';

const APP_ID = '123456';
const APP_SECRET = 'fb-secret';
const PUBLIC_URL = 'https://rango.example.com';
const REMOCAO = `${API}/controle/cliente/social/facebook/remocao/`;
const CONSULTA = (codigo: string) => `${API}/controle/cliente/social/remocao/${codigo}/`;

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: REMOCAO,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const signed = (userId: string, extra: Record<string, unknown> = {}, secret = APP_SECRET) =>
  signFacebookRequest(
    {
      algorithm: 'HMAC-SHA256',
      expires: 0,
      issued_at: Math.floor(Date.now() / 1000),
      user_id: userId,
      ...extra,
    },
    secret,
  );

describe.each(DIALECTS)('Facebook data deletion callback on %s', (dialect) => {
  let ta: TestApp;

  beforeAll(async () => {
    ta = await openTestApp(dialect, {
      rateLimit: false,
      publicUrl: PUBLIC_URL,
      facebookAppId: APP_ID,
      facebookAppSecret: APP_SECRET,
    });
  });
  afterAll(async () => ta.close());

  async function ligar(idcliente: number, provedor: 'facebook' | 'google-oauth2', sujeito: string) {
    await ta.t.db
      .insertInto('cliente_social')
      .values({ idcliente, provedor, sujeito, criado_em: new Date().toISOString() })
      .execute();
  }
  const links = (idcliente: number) =>
    ta.t.db
      .selectFrom('cliente_social')
      .select(['provedor', 'sujeito'])
      .where('idcliente', '=', idcliente)
      .orderBy('provedor')
      .execute();

  it('a correctly signed request removes only the Facebook link and answers the URL and code', async () => {
    const { id } = await criarCliente(ta.app, ta.t.db, 'fb.remover@example.com');
    await ligar(id, 'facebook', 'fb-remover-1');
    await ligar(id, 'google-oauth2', 'g-remover-1');

    const res = await ta.app.inject(form({ signed_request: signed('fb-remover-1') }));
    expect(res.statusCode).toBe(200);
    const body = remocaoSocialRespostaSchema.parse(res.json());
    expect(body.url).toBe(`${PUBLIC_URL}/fb_confirmar_remocao?codigo=${body.confirmation_code}`);
    expect(body.confirmation_code).toMatch(/^[0-9a-f-]{36}$/);

    expect(await links(id)).toEqual([{ provedor: 'google-oauth2', sujeito: 'g-remover-1' }]);
    // The account stays, and its owner still logs in by password.
    const cliente = await ta.t.db
      .selectFrom('cliente')
      .select(['email', 'excluido_em'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(cliente).toEqual({ email: 'fb.remover@example.com', excluido_em: null });
    const login = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/token/`,
      payload: { email: 'fb.remover@example.com', senha: 'segredo1' },
    });
    expect(login.statusCode).toBe(200);

    // Nothing personal recorded: only the code, the provider and the time.
    const rows = await ta.t.db.selectFrom('remocao_social').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('fb-remover-1');
    expect(rows.find((r) => r.codigo === body.confirmation_code)).toMatchObject({ provedor: 'facebook' });

    // The status page can check the code.
    const consulta = await ta.app.inject(CONSULTA(body.confirmation_code));
    expect(consulta.statusCode).toBe(200);
    const status = remocaoSocialSchema.parse(consulta.json());
    expect(status.codigo).toBe(body.confirmation_code);
    expect(Number.isNaN(Date.parse(status.criado_em))).toBe(false);
  });

  it('an account created by Facebook alone is kept (password recovery still reaches it)', async () => {
    const { id } = await criarCliente(ta.app, ta.t.db, 'so.face@example.com');
    await ta.t.db.updateTable('cliente').set({ senha_hash: null }).where('id', '=', id).execute();
    await ligar(id, 'facebook', 'fb-so-face');
    const res = await ta.app.inject(form({ signed_request: signed('fb-so-face') }));
    expect(res.statusCode).toBe(200);
    expect(await links(id)).toEqual([]);
    const cliente = await ta.t.db
      .selectFrom('cliente')
      .select(['email', 'excluido_em'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(cliente).toEqual({ email: 'so.face@example.com', excluido_em: null });
  });

  it('an unknown user id still answers a code (nothing to learn by probing)', async () => {
    const res = await ta.app.inject(form({ signed_request: signed('fb-ninguem') }));
    expect(res.statusCode).toBe(200);
    remocaoSocialRespostaSchema.parse(res.json());
  });

  it('wrong signature, tampered payload, other algorithm, malformed or missing → 400, link kept', async () => {
    const { id } = await criarCliente(ta.app, ta.t.db, 'fb.fica@example.com');
    await ligar(id, 'facebook', 'fb-fica');
    const good = signed('fb-fica');
    const [sig] = good.split('.') as [string, string];
    const tampered = `${sig}.${Buffer.from(JSON.stringify({ algorithm: 'HMAC-SHA256', user_id: 'fb-outro' })).toString('base64url')}`;
    const invalida = { detail: MSG_REMOCAO.assinaturaInvalida };
    const cases: [Record<string, string>, object][] = [
      [{ signed_request: signed('fb-fica', {}, 'outro-segredo') }, invalida],
      [{ signed_request: tampered }, invalida],
      [{ signed_request: `${good}x` }, invalida],
      [{ signed_request: good.replace('.', '') }, invalida],
      [{ signed_request: 'nada.disso!' }, invalida],
      [
        { signed_request: signed('fb-fica', { algorithm: 'HMAC-SHA1' }) },
        { detail: MSG_REMOCAO.algoritmoInvalido },
      ],
      [
        { signed_request: signed('fb-fica', { algorithm: undefined }) },
        { detail: MSG_REMOCAO.algoritmoInvalido },
      ],
      [{ signed_request: signFacebookRequest({ algorithm: 'HMAC-SHA256' }, APP_SECRET) }, invalida],
      [{ signed_request: signFacebookRequest(['x'], APP_SECRET) }, invalida],
      [{ signed_request: '' }, { detail: MSG_REMOCAO.semAssinatura }],
      [{ outro: 'campo' }, { detail: MSG_REMOCAO.semAssinatura }],
    ];
    for (const [fields, expected] of cases) {
      const res = await ta.app.inject(form(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual(expected);
    }
    // A JSON body or no body: still a Portuguese 400, never a 500.
    const semCorpo = await ta.app.inject({ method: 'POST', url: REMOCAO });
    expect(semCorpo.statusCode).toBe(400);
    expect(semCorpo.json()).toEqual({ detail: MSG_REMOCAO.semAssinatura });
    const json = await ta.app.inject({ method: 'POST', url: REMOCAO, payload: { signed_request: 'a.b' } });
    expect(json.statusCode).toBe(400);
    expect(await links(id)).toEqual([{ provedor: 'facebook', sujeito: 'fb-fica' }]);
  });

  it('an oversized form is refused by the body limit, not parsed', async () => {
    const res = await ta.app.inject(form({ signed_request: 'a'.repeat(20_000) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: MSG.requisicaoMalFormada });
  });

  it('the form parser is scoped to this route: other routes still refuse forms (415)', async () => {
    const res = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/token/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.com&senha=x',
    });
    expect(res.statusCode).toBe(415);
  });

  it('GET of an unknown or malformed code is a 404 with a Portuguese detail', async () => {
    for (const codigo of ['00000000-0000-0000-0000-000000000000', 'nao-existe', "x'or'1'='1"]) {
      const res = await ta.app.inject(CONSULTA(encodeURIComponent(codigo)));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: MSG_REMOCAO.codigoDesconhecido });
    }
  });

  it('unconfigured Facebook → 400 naoConfigurado', async () => {
    for (const config of [{}, { facebookAppSecret: APP_SECRET }]) {
      const bare = buildApp(testConfig({ rateLimit: false, ...config }), { db: ta.t.db });
      try {
        const res = await bare.inject(form({ signed_request: signed('fb-qualquer') }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: MSG_REMOCAO.naoConfigurado });
      } finally {
        await bare.close();
      }
    }
  });

  it('is rate-limited per IP (429 with the Portuguese message)', async () => {
    const limited = buildApp(
      testConfig({ rateLimit: true, facebookAppId: APP_ID, facebookAppSecret: APP_SECRET }),
      { db: ta.t.db },
    );
    try {
      let last = 0;
      for (let i = 0; i < 61; i++) {
        last = (await limited.inject({ ...form({ signed_request: 'x.y' }), remoteAddress: '10.9.8.7' }))
          .statusCode;
      }
      expect(last).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
