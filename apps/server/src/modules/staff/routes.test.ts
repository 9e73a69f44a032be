import { MSG } from '@rango/domain';
import { MSG_PAINEL, staffEuSchema, staffLinkSchema, staffTokenPairSchema } from '@rango/domain/painel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { hashToken } from '../auth/secrets.ts';
import { novoEstabelecimento } from '../../test/catalogo.ts';
import { bearer, criarCliente } from '../customers/testing.ts';
import { API, SENHA_TESTE, criarFuncionario, loginFuncionario, ultimoLinkPainel } from './testing.ts';

const LOGIN = `${API}/painel/auth/login/`;
const REFRESH = `${API}/painel/auth/refresh/`;
const LOGOUT = `${API}/painel/auth/logout/`;
const RECUPERAR = `${API}/painel/auth/recuperar/`;
const CADASTRO = `${API}/painel/auth/cadastro/`;
const EU = `${API}/painel/eu/`;
const link = (token: string) => `${API}/painel/auth/link/${token}/`;
const EXPIRADA = { detail: MSG_PAINEL.sessaoExpirada };

describe.each(DIALECTS)('staff auth on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    await criarFuncionario(ta.t.db, 1, 'Dono@Pizzaria.test', 'dono');
    await criarFuncionario(ta.t.db, 2, 'dono@pizzaria.test', 'atendente');
  });
  afterAll(async () => {
    await ta.close();
  });

  const post = (url: string, payload: object) => ta.app.inject({ method: 'POST', url, payload });

  it('signs in with any case of the e-mail; /painel/eu/ lists every establishment and role', async () => {
    const res = await post(LOGIN, { email: 'DONO@pizzaria.TEST', senha: SENHA_TESTE });
    expect(res.statusCode).toBe(200);
    const pair = staffTokenPairSchema.parse(res.json());
    const eu = await ta.app.inject({ url: EU, headers: bearer(pair.access) });
    expect(eu.statusCode).toBe(200);
    const body = staffEuSchema.parse(eu.json());
    expect(body.email).toBe('dono@pizzaria.test');
    expect(body.estabelecimentos.map((e) => [e.id, e.papel])).toEqual([
      [2, 'atendente'],
      [1, 'dono'],
    ]);
    const rows = await ta.t.db.selectFrom('funcionario_refresh').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === hashToken(pair.refresh))).toBe(true);
    expect(rows.some((r) => r.token_hash === pair.refresh)).toBe(false);
  });

  it('refuses a wrong password, an unknown e-mail and a malformed body with Portuguese texts', async () => {
    const wrong = await post(LOGIN, { email: 'dono@pizzaria.test', senha: 'errada-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ non_field_errors: [MSG_PAINEL.credenciaisInvalidas] });
    const unknown = await post(LOGIN, { email: 'ninguem@pizzaria.test', senha: SENHA_TESTE });
    expect(unknown.json()).toEqual(wrong.json());
    const bad = await post(LOGIN, { email: 'x', senha: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [MSG_PAINEL.emailInvalido], senha: [MSG_PAINEL.senhaObrigatoria] });
  });

  it('keeps staff and customer tokens apart', async () => {
    const cliente = await criarCliente(ta.app, ta.t.db, 'cliente@example.com');
    const asStaff = await ta.app.inject({ url: EU, headers: bearer(cliente.access) });
    expect(asStaff.statusCode).toBe(401);
    expect(asStaff.json()).toEqual(EXPIRADA);
    const staff = await loginFuncionario(ta.app, 'dono@pizzaria.test');
    const asCliente = await ta.app.inject({ url: `${API}/controle/cliente/`, headers: bearer(staff.access) });
    expect(asCliente.statusCode).toBe(401);
    expect(asCliente.json()).toEqual({ detail: MSG.naoAutorizado });
    // Neither refresh token renews the other kind of session.
    expect((await post(REFRESH, { refresh: cliente.refresh })).statusCode).toBe(401);
    expect((await post(`${API}/controle/token/refresh/`, { refresh: staff.refresh })).statusCode).toBe(401);
    expect((await ta.app.inject({ url: EU })).statusCode).toBe(401);
  });

  it('rotates the refresh token; a reused one revokes the whole family', async () => {
    const first = await loginFuncionario(ta.app, 'dono@pizzaria.test');
    const r1 = await post(REFRESH, { refresh: first.refresh });
    expect(r1.statusCode).toBe(200);
    const second = staffTokenPairSchema.parse(r1.json());
    expect(second.refresh).not.toBe(first.refresh);
    expect((await ta.app.inject({ url: EU, headers: bearer(second.access) })).statusCode).toBe(200);
    // The spent token again: someone holds a copy. The family ends, the successor included.
    const reuse = await post(REFRESH, { refresh: first.refresh });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(EXPIRADA);
    expect((await post(REFRESH, { refresh: second.refresh })).statusCode).toBe(401);
    // Another session of the same person is untouched.
    const other = await loginFuncionario(ta.app, 'dono@pizzaria.test');
    expect((await post(REFRESH, { refresh: other.refresh })).statusCode).toBe(200);
  });

  it('logs out: the session’s family is revoked, other sessions live on', async () => {
    const a = await loginFuncionario(ta.app, 'dono@pizzaria.test');
    const b = await loginFuncionario(ta.app, 'dono@pizzaria.test');
    const out = await post(LOGOUT, { refresh: a.refresh });
    expect(out.statusCode).toBe(204);
    expect((await post(REFRESH, { refresh: a.refresh })).statusCode).toBe(401);
    expect((await post(REFRESH, { refresh: b.refresh })).statusCode).toBe(200);
    expect((await post(LOGOUT, { refresh: 'desconhecido' })).statusCode).toBe(204);
    expect((await post(LOGOUT, {})).statusCode).toBe(400);
  });

  it('recovers the password by e-mail: the link works once, sets the password and ends the sessions', async () => {
    const email = 'reset@pizzaria.test';
    await criarFuncionario(ta.t.db, 1, email, 'atendente');
    const old = await loginFuncionario(ta.app, email);
    const res = await post(RECUPERAR, { email: 'Reset@Pizzaria.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: MSG_PAINEL.recuperarEnviado });
    // An unknown e-mail gets the same answer and no mail.
    const unknown = await post(RECUPERAR, { email: 'ninguem@pizzaria.test' });
    expect(unknown.json()).toEqual(res.json());
    await ta.app.backgroundTasks.idle();
    const ninguem = await ta.t.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('para', '=', 'ninguem@pizzaria.test')
      .execute();
    expect(ninguem).toEqual([]);

    const { link: url, token } = await ultimoLinkPainel(ta.t.db, email);
    expect(url).toBe(`http://rango.test/painel/senha/${token}`);
    const info = await ta.app.inject({ url: link(token) });
    expect(info.statusCode).toBe(200);
    expect(staffLinkSchema.parse(info.json())).toEqual({
      tipo: 'senha',
      email,
      nome: 'reset',
      estabelecimento: null,
      papel: null,
    });
    const curta = await post(link(token), { senha: 'curta' });
    expect(curta.statusCode).toBe(400);
    expect(curta.json()).toEqual({ senha: [MSG_PAINEL.senhaCurta] });
    const set = await post(link(token), { senha: 'nova-senha-1' });
    expect(set.statusCode).toBe(200);
    const pair = staffTokenPairSchema.parse(set.json());
    expect((await ta.app.inject({ url: EU, headers: bearer(pair.access) })).statusCode).toBe(200);
    // Used once: the same link again is refused, and the password is unchanged by the attempt.
    const again = await post(link(token), { senha: 'outra-senha-2' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: MSG_PAINEL.linkInvalido });
    expect((await ta.app.inject({ url: link(token) })).statusCode).toBe(404);
    expect((await post(LOGIN, { email, senha: SENHA_TESTE })).statusCode).toBe(400);
    expect((await post(LOGIN, { email, senha: 'outra-senha-2' })).statusCode).toBe(400);
    expect((await post(LOGIN, { email, senha: 'nova-senha-1' })).statusCode).toBe(200);
    // The session from before the reset is over.
    expect((await post(REFRESH, { refresh: old.refresh })).statusCode).toBe(401);
  });

  it('a restaurant signs itself up: the e-mailed link sets the password, then the owner creates the establishment', async () => {
    const email = 'cantina@nova.test';
    const res = await post(CADASTRO, { nome: ' Ana Dona ', email: 'Cantina@Nova.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: MSG_PAINEL.cadastroEnviado });
    await ta.app.backgroundTasks.idle();
    const { link: url, token } = await ultimoLinkPainel(ta.t.db, email);
    expect(url).toBe(`http://rango.test/painel/cadastro/${token}`);
    const mail = await ta.t.db
      .selectFrom('mail_outbox')
      .select(['assunto'])
      .where('para', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.assunto).toBe('Cadastre o seu restaurante no Rango');
    // No password yet: the account cannot sign in.
    const cedo = await post(LOGIN, { email, senha: SENHA_TESTE });
    expect(cedo.json()).toEqual({ non_field_errors: [MSG_PAINEL.credenciaisInvalidas] });
    const info = await ta.app.inject({ url: link(token) });
    expect(staffLinkSchema.parse(info.json())).toEqual({
      tipo: 'cadastro',
      email,
      nome: 'Ana Dona',
      estabelecimento: null,
      papel: null,
    });
    const set = await post(link(token), { senha: 'senha-da-ana' });
    expect(set.statusCode).toBe(200);
    const auth = bearer(staffTokenPairSchema.parse(set.json()).access);
    expect(
      staffEuSchema.parse((await ta.app.inject({ url: EU, headers: auth })).json()).estabelecimentos,
    ).toEqual([]);
    const criado = await ta.app.inject({
      method: 'POST',
      url: `${API}/painel/estabelecimentos/`,
      headers: auth,
      payload: novoEstabelecimento('Cantina da Ana'),
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const eu = staffEuSchema.parse((await ta.app.inject({ url: EU, headers: auth })).json());
    expect(eu.estabelecimentos.map((e) => [e.apelidooufantasia, e.papel])).toEqual([
      ['Cantina da Ana', 'dono'],
    ]);
    // The link is spent.
    expect((await post(link(token), { senha: 'outra-senha-1' })).statusCode).toBe(404);
  });

  it('a sign-up with an e-mail that has an account answers the same and mails a new-password link; the password holds until it is used', async () => {
    const email = 'dono@pizzaria.test';
    const res = await post(CADASTRO, { nome: 'Outro', email });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: MSG_PAINEL.cadastroEnviado });
    await ta.app.backgroundTasks.idle();
    const { link: url } = await ultimoLinkPainel(ta.t.db, email);
    expect(url).toMatch(/\/painel\/senha\//);
    expect((await post(LOGIN, { email, senha: SENHA_TESTE })).statusCode).toBe(200);
    const f = await ta.t.db
      .selectFrom('funcionario')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(f.n)).toBe(1);
  });

  it('a sign-up never finished gets a new sign-up link on a second try; the first link is void', async () => {
    const email = 'esqueci@nova.test';
    await post(CADASTRO, { nome: 'Bia', email });
    await ta.app.backgroundTasks.idle();
    const primeiro = await ultimoLinkPainel(ta.t.db, email);
    await post(CADASTRO, { nome: 'Bia', email });
    await ta.app.backgroundTasks.idle();
    const segundo = await ultimoLinkPainel(ta.t.db, email);
    expect(segundo.link).toMatch(/\/painel\/cadastro\//);
    expect(segundo.token).not.toBe(primeiro.token);
    expect((await ta.app.inject({ url: link(primeiro.token) })).statusCode).toBe(404);
    expect((await post(link(segundo.token), { senha: 'senha-da-bia' })).statusCode).toBe(200);
  });

  it('refuses a sign-up without a name or with a bad e-mail, in Portuguese, and creates nothing', async () => {
    const antes = await ta.t.db
      .selectFrom('funcionario')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await post(CADASTRO, { nome: '  ', email: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ nome: [MSG_PAINEL.nomeObrigatorio], email: [MSG_PAINEL.emailInvalido] });
    const vazio = await ta.app.inject({ method: 'POST', url: CADASTRO, payload: {} });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json()).toEqual({
      nome: [MSG_PAINEL.nomeObrigatorio],
      email: [MSG_PAINEL.emailObrigatorio],
    });
    await ta.app.backgroundTasks.idle();
    const depois = await ta.t.db
      .selectFrom('funcionario')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(depois.n)).toBe(Number(antes.n));
  });

  it('answers 410 for an expired link and 404 for an unknown or malformed one', async () => {
    const email = 'expira@pizzaria.test';
    await criarFuncionario(ta.t.db, 1, email, 'atendente');
    await post(RECUPERAR, { email });
    await ta.app.backgroundTasks.idle();
    const { token } = await ultimoLinkPainel(ta.t.db, email);
    await ta.t.db
      .updateTable('funcionario_link')
      .set({ expira_em: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const get = await ta.app.inject({ url: link(token) });
    expect(get.statusCode).toBe(410);
    expect(get.json()).toEqual({ detail: MSG_PAINEL.linkExpirado });
    const set = await post(link(token), { senha: 'nova-senha-1' });
    expect(set.statusCode).toBe(410);
    expect((await post(LOGIN, { email, senha: SENHA_TESTE })).statusCode).toBe(200);
    for (const t of ['x'.repeat(43), 'curto', '%00', 'a'.repeat(90)]) {
      const r = await ta.app.inject({ url: link(t) });
      expect(r.statusCode).toBe(404);
      expect(r.json()).toEqual({ detail: MSG_PAINEL.linkInvalido });
    }
  });
});

describe('staff login rate limit', () => {
  it('limits sign-ups per IP and e-mail (5 an hour): the sixth answers 429 and mails nothing', async () => {
    const ta = await openTestApp('sqlite', { rateLimit: true });
    try {
      const cadastrar = () =>
        ta.app.inject({
          method: 'POST',
          url: CADASTRO,
          payload: { nome: 'Repetido', email: 'muito@nova.test' },
        });
      for (let i = 0; i < 5; i++) expect((await cadastrar()).statusCode).toBe(202);
      const blocked = await cadastrar();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      await ta.app.backgroundTasks.idle();
      const mails = await ta.t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('para', '=', 'muito@nova.test')
        .execute();
      expect(mails).toHaveLength(5);
    } finally {
      await ta.close();
    }
  });

  it('answers 429 past the per-IP and e-mail limit, without counting the customers’ logins', async () => {
    const ta = await openTestApp('sqlite', { rateLimit: true });
    try {
      await criarFuncionario(ta.t.db, 1, 'limite@pizzaria.test', 'dono');
      const tentar = () =>
        ta.app.inject({
          method: 'POST',
          url: LOGIN,
          payload: { email: 'limite@pizzaria.test', senha: 'errada-123' },
        });
      for (let i = 0; i < 10; i++) expect((await tentar()).statusCode).toBe(400);
      const blocked = await tentar();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      // The customers' login is counted apart.
      const cliente = await ta.app.inject({
        method: 'POST',
        url: `${API}/controle/token/`,
        payload: { email: 'limite@pizzaria.test', senha: 'errada-123' },
      });
      expect(cliente.statusCode).toBe(400);
    } finally {
      await ta.close();
    }
  });

  it('a token signed for another audience or kind is refused', async () => {
    const ta = await openTestApp('sqlite', { rateLimit: false });
    try {
      const id = await criarFuncionario(ta.t.db, 1, 'aud@pizzaria.test', 'dono');
      // The customer's token kind for the same id: a customer signer cannot mint panel access.
      const other = buildApp(testConfig(), { db: ta.t.db });
      const customerToken = await other.accessTokens.sign(id);
      await other.close();
      const res = await ta.app.inject({ url: EU, headers: bearer(customerToken) });
      expect(res.statusCode).toBe(401);
      const staffToken = await ta.app.staffTokens.sign(id);
      expect((await ta.app.inject({ url: EU, headers: bearer(staffToken) })).statusCode).toBe(200);
    } finally {
      await ta.close();
    }
  });
});
