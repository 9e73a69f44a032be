import { MSG, MSG_CONTA, clientesSchema, pedidoGravadoSchema, tokenPairSchema } from '@rango/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mailer } from '../../adapters/mail/index.ts';
import { buildApp } from '../../app.ts';
import { dialectOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { hashToken } from '../auth/secrets.ts';
import { API, apiPathOf, bearer, criarCliente, lastLink, novoCadastro } from './testing.ts';

const CLIENTE = `${API}/controle/cliente/`;
const RECUPERAR = `${API}/controle/cliente/token-resete-senha/`;
const LINK_INVALIDO = { detail: MSG_CONTA.linkInvalido };
const NAO_ENCONTRADO = { detail: MSG.rotaNaoEncontrada };

/** Every user table of the test database, read from the catalogue (new tables are included). */
async function allTables(db: Db): Promise<string[]> {
  if (dialectOf(db) === 'sqlite') {
    const r = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    return r.rows.map((x) => x.name);
  }
  const r = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return r.rows.map((x) => x.table_name);
}

/** Every row of every table as JSON text, one string per table. */
async function dumpAll(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await allTables(db)) {
    const r = await sql<Record<string, unknown>>`select * from ${sql.table(t)}`.execute(db);
    out[t] = JSON.stringify(r.rows).toLowerCase();
  }
  return out;
}

describe.each(DIALECTS)('customer routes on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
  });
  afterAll(async () => {
    await ta.close();
  });

  const post = (url: string, payload?: object) => ta.app.inject({ method: 'POST', url, payload });
  /** Asks for a reset link and waits for the background lookup and mail. */
  const recuperar = async (email: string) => {
    const res = await post(RECUPERAR, { email });
    await ta.app.backgroundTasks.idle();
    return res;
  };

  describe('sign-up', () => {
    it('creates an unconfirmed customer, stores an argon2id hash, mails the link', async () => {
      const res = await post(CLIENTE, novoCadastro('Nova@Example.com'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ detail: MSG_CONTA.cadastroEnviado });
      const row = await ta.t.db
        .selectFrom('cliente')
        .selectAll()
        .where('email', '=', 'nova@example.com')
        .executeTakeFirstOrThrow();
      expect(row.confirmado).toBe(0);
      expect(row.telefone).toBe('11987654321');
      expect(row.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.senha_hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/);
      const [, m, t] = /m=(\d+),t=(\d+)/.exec(row.senha_hash ?? '') ?? [];
      expect(Number(m)).toBeGreaterThanOrEqual(19 * 1024);
      expect(Number(t)).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(await dumpAll(ta.t.db))).not.toContain('segredo1');
      const link = await lastLink(ta.t.db, 'nova@example.com');
      expect(link).toMatch(new RegExp(`^http://rango\\.test/confirma/${row.uuid}/[A-Za-z0-9_-]{43}$`));
      const mail = await ta.t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('para', '=', 'nova@example.com')
        .executeTakeFirstOrThrow();
      expect(mail.assunto).toBe('Confirme seu cadastro no Rango');
      expect(mail.texto).toContain(link);
      expect(mail.html).toContain(link);
      // Only the token's hash is stored.
      const token = link.split('/').pop() ?? '';
      const tokens = await ta.t.db.selectFrom('cliente_token').select('token_hash').execute();
      expect(tokens.map((x) => x.token_hash)).toContain(hashToken(token));
      expect(JSON.stringify(tokens)).not.toContain(token);
    });

    it('refuses each invalid field with the spec message', async () => {
      const res = await post(CLIENTE, {
        nomeourazaosocial: ' ',
        email: 'sem-arroba',
        telefone: '123',
        senha: 'abc',
        confirm: 'abd',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        nomeourazaosocial: [MSG_CONTA.nomeObrigatorio],
        email: [MSG_CONTA.emailInvalido],
        telefone: [MSG_CONTA.telefoneInvalido],
        senha: [MSG_CONTA.senhaCurta],
      });
      const mismatch = await post(CLIENTE, novoCadastro('x@example.com', { confirm: 'outra1' }));
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toEqual({ confirm: [MSG_CONTA.senhasNaoCombinam] });
      const empty = await post(CLIENTE, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({
        nomeourazaosocial: [MSG_CONTA.nomeObrigatorio],
        email: [MSG_CONTA.emailObrigatorio],
        telefone: [MSG_CONTA.telefoneObrigatorio],
        senha: [MSG_CONTA.senhaObrigatoria],
        confirm: [MSG_CONTA.confirmeSenha],
      });
    });

    it('refuses the e-mail of a confirmed account with 400 on email', async () => {
      await criarCliente(ta.app, ta.t.db, 'existe@example.com');
      const res = await post(CLIENTE, novoCadastro('EXISTE@example.com'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ email: [MSG_CONTA.emailJaCadastrado] });
    });

    it('a second sign-up of an unconfirmed e-mail resends a link that confirms with its own password', async () => {
      const email = 'duas-vezes@example.com';
      await post(CLIENTE, novoCadastro(email));
      const first = await lastLink(ta.t.db, email);
      const again = await post(CLIENTE, novoCadastro(email, { senha: 'nova-senha', confirm: 'nova-senha' }));
      expect(again.statusCode).toBe(201);
      const second = await lastLink(ta.t.db, email);
      expect(second).not.toBe(first);
      expect((await post(apiPathOf(second))).statusCode).toBe(200);
      // Confirming one link voids the other pending sign-up's.
      expect((await post(apiPathOf(first))).json()).toEqual(LINK_INVALIDO);
      expect((await post(`${API}/controle/token/`, { email, senha: 'nova-senha' })).statusCode).toBe(200);
      expect((await post(`${API}/controle/token/`, { email, senha: 'segredo1' })).statusCode).toBe(400);
    });

    it("an intruder's sign-up right after the owner's cannot make the owner's link confirm the intruder's password", async () => {
      const email = 'dona@example.com';
      await post(CLIENTE, novoCadastro(email, { senha: 'da-dona1', confirm: 'da-dona1' }));
      const owners = await lastLink(ta.t.db, email);
      const intruder = await post(CLIENTE, novoCadastro(email, { senha: 'intruso1', confirm: 'intruso1' }));
      expect(intruder.statusCode).toBe(201);
      expect(await lastLink(ta.t.db, email)).not.toBe(owners);
      // The owner opens their own link: the account gets the owner's password, not the intruder's.
      expect((await post(apiPathOf(owners))).statusCode).toBe(200);
      expect((await post(`${API}/controle/token/`, { email, senha: 'intruso1' })).json()).toEqual({
        non_field_errors: [MSG_CONTA.credenciaisInvalidas],
      });
      expect((await post(`${API}/controle/token/`, { email, senha: 'da-dona1' })).statusCode).toBe(200);
      // The intruder's link is void once the account is confirmed.
      const rows = await ta.t.db
        .selectFrom('cliente_token')
        .innerJoin('cliente', 'cliente.id', 'cliente_token.idcliente')
        .select(['cliente_token.usado_em'])
        .where('cliente.email', '=', email)
        .where('cliente_token.tipo', '=', 'confirmacao')
        .execute();
      expect(rows.length).toBe(2);
      expect(rows.every((r) => r.usado_em !== null)).toBe(true);
    });

    it('stores SQL and script text in the name verbatim and harmlessly', async () => {
      const nome = `Robert'); DROP TABLE cliente;-- <script>alert(1)</script>`;
      const { access } = await criarCliente(ta.app, ta.t.db, 'bobby@example.com', {
        nomeourazaosocial: nome,
      });
      const me = await ta.app.inject({ url: CLIENTE, headers: bearer(access) });
      expect(me.json()[0].nomeourazaosocial).toBe(nome);
      const mail = await ta.t.db
        .selectFrom('mail_outbox')
        .select('html')
        .where('para', '=', 'bobby@example.com')
        .executeTakeFirstOrThrow();
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;');
    });

    it('answers 413 (not 500) to an oversized body', async () => {
      const res = await post(
        CLIENTE,
        novoCadastro('grande@example.com', { nomeourazaosocial: 'x'.repeat(2 * 1024 * 1024) }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toHaveProperty('detail');
    });

    it('refuses wrong types with 400', async () => {
      const res = await post(CLIENTE, {
        nomeourazaosocial: 42,
        email: ['a'],
        telefone: {},
        senha: null,
        confirm: true,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('confirmation link', () => {
    it('confirms once; a reuse, a tampered token or uuid, or an expired token is a 400', async () => {
      const email = 'confirma@example.com';
      await post(CLIENTE, novoCadastro(email));
      const path = apiPathOf(await lastLink(ta.t.db, email));
      const tampered = path.replace(
        /\/([A-Za-z0-9_-])([A-Za-z0-9_-]{42})\/$/,
        (_m, c: string, rest: string) => `/${c === 'A' ? 'B' : 'A'}${rest}/`,
      );
      expect(tampered).not.toBe(path);
      expect((await post(tampered)).json()).toEqual(LINK_INVALIDO);
      const ok = await post(path);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ detail: MSG_CONTA.confirmacaoSucesso });
      const again = await post(path);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(LINK_INVALIDO);
      for (const bad of [
        `${API}/controle/cliente/nao-e-uuid/confirmar/abc/`,
        `${API}/controle/cliente/00000000-0000-0000-0000-000000000000/confirmar/abc/`,
        `${API}/controle/cliente/'%20or%201=1--/confirmar/x/`,
      ]) {
        const res = await post(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(LINK_INVALIDO);
      }
    });

    it('refuses an expired confirmation link', async () => {
      const email = 'expirou@example.com';
      await post(CLIENTE, novoCadastro(email));
      await ta.t.db
        .updateTable('cliente_token')
        .set({ expira_em: '2000-01-01T00:00:00.000Z' })
        .where('usado_em', 'is', null)
        .execute();
      const res = await post(apiPathOf(await lastLink(ta.t.db, email)));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LINK_INVALIDO);
    });
  });

  describe('recovery and reset', () => {
    it('answers identically for known and unknown e-mails, mailing only the known', async () => {
      await criarCliente(ta.app, ta.t.db, 'esqueci@example.com');
      const before = await ta.t.db.selectFrom('mail_outbox').select('id').execute();
      const known = await post(RECUPERAR, { email: 'Esqueci@example.com' });
      const unknown = await post(RECUPERAR, { email: 'fantasma@example.com' });
      await ta.app.backgroundTasks.idle();
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ detail: MSG_CONTA.recuperacaoEnviada });
      const after = await ta.t.db.selectFrom('mail_outbox').select(['id', 'para']).orderBy('id').execute();
      expect(after.length).toBe(before.length + 1);
      expect(after.at(-1)?.para).toBe('esqueci@example.com');
      const bad = await post(RECUPERAR, { email: 'nao-e-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ email: [MSG_CONTA.emailInvalido] });
    });

    it('answers before the lookup and the mail run, and a mail failure is logged without the address', async () => {
      await criarCliente(ta.app, ta.t.db, 'lento@example.com');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const sent: string[] = [];
      const hanging: Mailer = {
        async send(msg) {
          await gate;
          sent.push(msg.para);
          throw new Error(`550 mailbox unavailable: <${msg.para}>`);
        },
      };
      const app = buildApp(testConfig({ rateLimit: false }), { db: ta.t.db, mailer: hanging });
      try {
        await app.ready();
        const errors = vi.spyOn(app.log, 'error');
        // The mailer hangs: the answer does not wait for it, for a known or an unknown e-mail.
        const known = await app.inject({
          method: 'POST',
          url: RECUPERAR,
          payload: { email: 'lento@example.com' },
        });
        const unknown = await app.inject({
          method: 'POST',
          url: RECUPERAR,
          payload: { email: 'nada@example.com' },
        });
        expect(known.statusCode).toBe(200);
        expect(unknown.statusCode).toBe(200);
        expect(known.body).toBe(unknown.body);
        expect(sent).toEqual([]);
        release();
        await app.backgroundTasks.idle();
        expect(sent).toEqual(['lento@example.com']);
        // The SMTP failure went to the log (not to a 500), with the address masked.
        expect(errors).toHaveBeenCalledTimes(1);
        const logged = JSON.stringify(errors.mock.calls);
        expect(logged).toContain('550 mailbox unavailable');
        expect(logged).not.toContain('lento@example.com');
      } finally {
        await app.close();
      }
    });

    it('resets once, ends every session, and a newer link invalidates the older', async () => {
      const email = 'reset@example.com';
      const { refresh } = await criarCliente(ta.app, ta.t.db, email);
      await recuperar(email);
      const older = apiPathOf(await lastLink(ta.t.db, email));
      await recuperar(email);
      const newer = apiPathOf(await lastLink(ta.t.db, email));
      expect(newer).toContain('/resetar-senha/');
      expect((await post(older, { senha: 'nova1234' })).json()).toEqual(LINK_INVALIDO);
      const short = await post(newer, { senha: 'abc' });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ senha: [MSG_CONTA.senhaCurta] });
      const ok = await post(newer, { senha: 'nova1234' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ detail: MSG_CONTA.senhaAlterada });
      const again = await post(newer, { senha: 'outra123' });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual(LINK_INVALIDO);
      expect((await post(`${API}/controle/token/refresh/`, { refresh })).statusCode).toBe(401);
      expect((await post(`${API}/controle/token/`, { email, senha: 'segredo1' })).statusCode).toBe(400);
      expect((await post(`${API}/controle/token/`, { email, senha: 'nova1234' })).statusCode).toBe(200);
    });

    it('confirms an unconfirmed account (the link proved the e-mail) and expires after an hour', async () => {
      const email = 'reset-pendente@example.com';
      await post(CLIENTE, novoCadastro(email));
      await recuperar(email);
      const path = apiPathOf(await lastLink(ta.t.db, email));
      expect((await post(path, { senha: 'nova1234' })).statusCode).toBe(200);
      expect((await post(`${API}/controle/token/`, { email, senha: 'nova1234' })).statusCode).toBe(200);

      await recuperar(email);
      const late = apiPathOf(await lastLink(ta.t.db, email));
      await ta.t.db
        .updateTable('cliente_token')
        .set({ expira_em: new Date(Date.now() - 1000).toISOString() })
        .where('tipo', '=', 'reset')
        .where('usado_em', 'is', null)
        .execute();
      const res = await post(late, { senha: 'nova5678' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LINK_INVALIDO);
    });
  });

  describe('profile', () => {
    it('GET answers [cliente] in the contract, with the addresses', async () => {
      const { access, id } = await criarCliente(ta.app, ta.t.db, 'perfil@example.com');
      await ta.t.db
        .insertInto('endereco')
        .values({
          idcliente: id,
          idtipoendereco: 1,
          cep: '01414-001',
          rua: 'Rua Haddock Lobo',
          numero: '100',
          bairro: 'Cerqueira César',
          cidade: 'São Paulo',
          uf: 'SP',
          complemento: null,
          detalhe: 'Portão azul',
          lat: -23.56,
          lng: -46.66,
          criado_em: new Date().toISOString(),
        })
        .execute();
      const res = await ta.app.inject({ url: CLIENTE, headers: bearer(access) });
      expect(res.statusCode).toBe(200);
      const [c] = clientesSchema.parse(res.json());
      expect(c).toMatchObject({
        id,
        nomeourazaosocial: 'Maria da Silva',
        email: 'perfil@example.com',
        telefone: '11987654321',
        cnpjoucpf: null,
      });
      expect(c?.clienteendereco_set).toEqual([
        expect.objectContaining({
          cep: '01414-001',
          cidade: { descricao: 'São Paulo', uf: { sigla: 'SP' } },
          uf: 'SP',
          latitude: -23.56,
          longitude: -46.66,
        }),
      ]);
      expect(JSON.stringify(res.json())).not.toMatch(/senha|uuid/);
    });

    it('PATCH updates name, CPF and phone, ignores the e-mail, and checks each field', async () => {
      const { access, id } = await criarCliente(ta.app, ta.t.db, 'muda@example.com');
      const res = await ta.app.inject({
        method: 'PATCH',
        url: `${CLIENTE}${id}/`,
        headers: bearer(access),
        payload: {
          nomeourazaosocial: 'Maria Souza',
          cnpjoucpf: '123.456.789-09',
          telefone: '(21) 3333-4444',
          email: 'outro@example.com',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        nomeourazaosocial: 'Maria Souza',
        cnpjoucpf: '12345678909',
        telefone: '2133334444',
        email: 'muda@example.com',
      });
      const bad = await ta.app.inject({
        method: 'PATCH',
        url: `${CLIENTE}${id}/`,
        headers: bearer(access),
        payload: { nomeourazaosocial: '', cnpjoucpf: '123', telefone: '99' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        nomeourazaosocial: [MSG_CONTA.nomeObrigatorio],
        cnpjoucpf: [MSG_CONTA.cpfInvalido],
        telefone: [MSG_CONTA.telefoneInvalido],
      });
      const cleared = await ta.app.inject({
        method: 'PATCH',
        url: `${CLIENTE}${id}/`,
        headers: bearer(access),
        payload: { cnpjoucpf: '' },
      });
      expect(cleared.json().cnpjoucpf).toBeNull();
    });

    it('PATCH with nothing to change ({} or only the e-mail) answers the customer unchanged', async () => {
      const { access, id } = await criarCliente(ta.app, ta.t.db, 'nada@example.com');
      for (const payload of [{}, { email: 'outro@example.com' }]) {
        const res = await ta.app.inject({
          method: 'PATCH',
          url: `${CLIENTE}${id}/`,
          headers: bearer(access),
          payload,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          id,
          email: 'nada@example.com',
          nomeourazaosocial: 'Maria da Silva',
        });
      }
    });

    it('refuses NUL in login and recovery e-mails, sign-up and profile names with 400 (not a PostgreSQL 500)', async () => {
      const invalido = [MSG_CONTA.textoInvalido];
      const login = await post(`${API}/controle/token/`, { email: 'a\u0000@example.com', senha: 'x' });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toEqual({ email: invalido });
      const rec = await post(RECUPERAR, { email: 'a@example.com\u0000' });
      expect(rec.statusCode).toBe(400);
      expect(rec.json()).toEqual({ email: invalido });
      const cad = await post(CLIENTE, novoCadastro('nul@example.com', { nomeourazaosocial: 'Ana\u0000' }));
      expect(cad.statusCode).toBe(400);
      expect(cad.json()).toEqual({ nomeourazaosocial: invalido });
      const { access, id } = await criarCliente(ta.app, ta.t.db, 'nul-perfil@example.com');
      const perfil = await ta.app.inject({
        method: 'PATCH',
        url: `${CLIENTE}${id}/`,
        headers: bearer(access),
        payload: { nomeourazaosocial: 'Ana\u0000Maria' },
      });
      expect(perfil.statusCode).toBe(400);
      expect(perfil.json()).toEqual({ nomeourazaosocial: invalido });
    });

    it("another customer's id, a malformed id, or no token: 404 / 404 / 401", async () => {
      const a = await criarCliente(ta.app, ta.t.db, 'dono@example.com');
      const b = await criarCliente(ta.app, ta.t.db, 'intruso@example.com');
      for (const method of ['PATCH', 'DELETE'] as const) {
        for (const id of [a.id, 'abc', '0', `${a.id}.0`]) {
          const res = await ta.app.inject({
            method,
            url: `${CLIENTE}${id}/`,
            headers: bearer(b.access),
            payload: { nomeourazaosocial: 'Hack' },
          });
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual(NAO_ENCONTRADO);
        }
        const anon = await ta.app.inject({ method, url: `${CLIENTE}${a.id}/`, payload: {} });
        expect(anon.statusCode).toBe(401);
      }
      const me = await ta.app.inject({ url: CLIENTE, headers: bearer(a.access) });
      expect(me.json()[0].nomeourazaosocial).toBe('Maria da Silva');
    });
  });

  describe('deletion', () => {
    it('erases every personal datum from every table; the e-mail can register again', async () => {
      const email = 'apagar.me@example.com';
      const nome = 'Zuleica Apagável';
      const telefone = '(31) 97654-3210';
      const cpf = '98765432100';
      const { access, id, refresh } = await criarCliente(ta.app, ta.t.db, email, {
        nomeourazaosocial: nome,
        telefone,
      });
      await ta.app.inject({
        method: 'PATCH',
        url: `${CLIENTE}${id}/`,
        headers: bearer(access),
        payload: { cnpjoucpf: cpf },
      });
      await ta.t.db
        .insertInto('endereco')
        .values({
          idcliente: id,
          idtipoendereco: 1,
          cep: '30130-000',
          rua: 'Rua Secreta Zuleica',
          numero: '7',
          bairro: 'Centro',
          cidade: 'Belo Horizonte',
          uf: 'MG',
          complemento: null,
          detalhe: null,
          lat: null,
          lng: null,
          criado_em: new Date().toISOString(),
        })
        .execute();
      await ta.t.db
        .insertInto('cliente_social')
        .values({
          idcliente: id,
          provedor: 'google-oauth2',
          sujeito: 'g-zuleica',
          criado_em: new Date().toISOString(),
        })
        .execute();
      // An order keeps copies of the name, phone, CPF and address (issue 4).
      const pedidoJson = JSON.stringify({
        pedido_id: 'a1b2c3d4-0000-4000-8000-000000000001',
        entregue_as: null,
        ajuste: 0,
        desconto: 0,
        cliente: {
          cpf,
          external_id: 'uuid-zuleica-0001',
          nome,
          telefone: '31976543210',
          endereco: {
            id: 1,
            cep: '30130-000',
            rua: 'Rua Secreta Zuleica',
            numero: '7',
            bairro: 'Centro',
            cidade: 'Belo Horizonte',
            uf: 'MG',
            complemento: 'Casa da Zuleica',
            detalhe: null,
          },
        },
        cpf_pagador: cpf,
        deliveryestabelecimento_id: 1,
        itens: [
          {
            produto_id: 1,
            descricao: 'X-Burger',
            quantidade: 1,
            preco_unit: 3000,
            preco_total: 3000,
            ajuste: 0,
            observacoes: 'Entregar para a Zuleica',
            subitens: [],
          },
        ],
        observacoes: 'Chamar a Zuleica no portão',
        numero_pedido: 4321,
        origem: 'web',
        pagamentos: [],
        previsaoentregamax: 50,
        previsaoentregamin: 30,
        subtotal: 3000,
        taxa_entrega: 490,
        tipo: 'DELIVERY',
        total: 3490,
        endereco_togo: 'Quero encontrar o entregador.',
        codigo_cupom: null,
        cupom: null,
        abono_taxa_entrega: null,
      });
      const agora = new Date().toISOString();
      const { id: idpedido } = await ta.t.db
        .insertInto('pedido')
        .values({
          pedido_id: 'a1b2c3d4-0000-4000-8000-000000000001',
          idcliente: id,
          idestabelecimento: 1,
          referencia: '4321',
          tipo: 'DELIVERY',
          status: 0,
          subtotal: 3000,
          taxa_entrega: 490,
          desconto: 0,
          total: 3490,
          codigo_cupom: null,
          entregue_as: null,
          pedido_json: pedidoJson,
          dthrpedido: agora,
          atualizado_em: agora,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A saved card and an online payment attempt carry the holder's name and CPF (issue 5).
      await ta.t.db
        .insertInto('cartao')
        .values({
          idcliente: id,
          token: 'tok-zuleica-0001',
          bandeira: 'Visa',
          numero: '************1111',
          titular: 'ZULEICA APAGAVEL',
          cnpjoucpf: cpf,
          datahora: agora,
        })
        .execute();
      await ta.t.db
        .insertInto('pagamento')
        .values({
          idpedido,
          pedido_id: 'a1b2c3d4-0000-4000-8000-000000000001',
          idcliente: id,
          chave: 'a1b2c3d400004000800000000000001p1',
          gateway: 'sandbox',
          tipo: 'credito',
          valor: 3490,
          estado: 'pago',
          cartao_token: 'tok-zuleica-0001',
          cartao_bandeira: 'Visa',
          cartao_numero: '************1111',
          cartao_titular: 'ZULEICA APAGAVEL',
          cartao_cnpjoucpf: cpf,
          criado_em: agora,
          atualizado_em: agora,
        })
        .execute();
      await recuperar(email);
      // Long needles only: a short digit run could appear by chance in another row's random token.
      const needles = [
        email,
        'zuleica',
        '31976543210',
        cpf,
        'rua secreta',
        'g-zuleica',
        '30130-000',
        'apagavel',
      ];
      const before = JSON.stringify(await dumpAll(ta.t.db));
      for (const n of needles) expect(before).toContain(n);

      const del = await ta.app.inject({ method: 'DELETE', url: `${CLIENTE}${id}/`, headers: bearer(access) });
      expect(del.statusCode).toBe(204);
      expect(del.body).toBe('');

      const tables = await dumpAll(ta.t.db);
      expect(Object.keys(tables)).toEqual(
        expect.arrayContaining([
          'cliente',
          'cliente_token',
          'refresh_token',
          'cliente_social',
          'endereco',
          'mail_outbox',
          'rate_limit',
        ]),
      );
      for (const [table, rows] of Object.entries(tables)) {
        for (const n of needles) expect(rows, `${n} in ${table}`).not.toContain(n);
      }
      const row = await ta.t.db
        .selectFrom('cliente')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        nomeourazaosocial: 'Cliente excluído',
        email: null,
        telefone: null,
        cnpjoucpf: null,
        senha_hash: null,
      });
      expect(row.excluido_em).not.toBeNull();
      // The order stays for the restaurant's books, its money and items untouched.
      const pedido = await ta.t.db
        .selectFrom('pedido')
        .selectAll()
        .where('id', '=', idpedido)
        .executeTakeFirstOrThrow();
      expect(pedido).toMatchObject({ total: 3490, referencia: '4321' });
      expect(pedidoGravadoSchema.parse(JSON.parse(pedido.pedido_json))).toMatchObject({
        total: 3490,
        cliente: { nome: '', telefone: '', cpf: null, endereco: { bairro: 'Centro', rua: '' } },
      });

      // The old session is dead, login refused, and the e-mail is free again.
      expect((await ta.app.inject({ url: CLIENTE, headers: bearer(access) })).statusCode).toBe(401);
      expect((await post(`${API}/controle/token/refresh/`, { refresh })).statusCode).toBe(401);
      const login = await post(`${API}/controle/token/`, { email, senha: 'segredo1' });
      expect(login.json()).toEqual({ non_field_errors: [MSG_CONTA.credenciaisInvalidas] });
      const again = await criarCliente(ta.app, ta.t.db, email);
      expect(again.id).not.toBe(id);
      tokenPairSchema.parse(again);
    });
  });
});

describe.each(DIALECTS)('customer rate limits on %s', (dialect) => {
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

  it('sign-up: 5 an hour per IP and e-mail, then 429', async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await ta.app.inject({ method: 'POST', url: CLIENTE, payload: novoCadastro('limite@example.com') }))
          .statusCode,
      ).toBe(201);
    }
    const res = await ta.app.inject({
      method: 'POST',
      url: CLIENTE,
      payload: novoCadastro('limite@example.com'),
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('recovery: 5 an hour per IP and e-mail, then 429; another IP can still ask for the same e-mail', async () => {
    const ask = (remoteAddress: string) =>
      ta.app.inject({
        method: 'POST',
        url: RECUPERAR,
        payload: { email: 'vitima@example.com' },
        remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await ask('10.1.0.1')).statusCode).toBe(200);
    const res = await ask('10.1.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    // Nobody can block a victim's recovery by spending the e-mail's quota from elsewhere.
    expect((await ask('10.1.0.2')).statusCode).toBe(200);
  });

  it('recovery: 20 an hour per IP across e-mails, then 429', async () => {
    const ask = (i: number) =>
      ta.app.inject({
        method: 'POST',
        url: RECUPERAR,
        payload: { email: `spray${i}@example.com` },
        remoteAddress: '10.1.1.1',
      });
    for (let i = 0; i < 20; i++) expect((await ask(i)).statusCode).toBe(200);
    expect((await ask(20)).statusCode).toBe(429);
    await ta.app.backgroundTasks.idle();
  });

  it('confirmation and reset links: 30 per 10 minutes per IP, then 429', async () => {
    const url = `${API}/controle/cliente/00000000-0000-0000-0000-000000000000/confirmar/x/`;
    for (let i = 0; i < 30; i++) {
      expect((await ta.app.inject({ method: 'POST', url, remoteAddress: '10.2.0.1' })).statusCode).toBe(400);
    }
    const res = await ta.app.inject({ method: 'POST', url, remoteAddress: '10.2.0.1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
  });
});
