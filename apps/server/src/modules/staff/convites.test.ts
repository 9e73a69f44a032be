import { MSG_PAINEL, convitesSchema, equipeSchema, staffEuSchema } from '@rango/domain/painel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { CONVITE_LIMITS } from './routes.ts';
import { API, staffBearer, ultimoLinkPainel } from './testing.ts';

/** Issue 20, finding 4: an invitation waits for the invited person's consent. */
const est = (id: number) => `${API}/painel/estabelecimento/${id}`;
const CONVITES = `${API}/painel/convites/`;
type Auth = { authorization: string };

describe.each(DIALECTS)('team invitations with consent on %s', (dialect) => {
  let ta: TestApp;
  let donoPizzaria: Auth;
  let donoLanchonete: Auth;
  /** Works at the Lanchonete (2); has a password and a real name the Pizzaria does not know. */
  let ana: Auth;

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false });
    donoPizzaria = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    donoLanchonete = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    ana = await staffBearer(ta.app, ta.t.db, 2, 'ana@lanchonete.test', 'atendente');
    await ta.t.db
      .updateTable('funcionario')
      .set({ nome: 'Ana Real da Silva' })
      .where('email', '=', 'ana@lanchonete.test')
      .execute();
  });
  afterAll(async () => {
    await ta.close();
  });

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    ta.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const convidar = (
    idest: number,
    headers: Auth,
    email: string,
    papel = 'atendente',
    nome = 'Quem eu digitei',
  ) => send('POST', `${est(idest)}/equipe/`, headers, { email, nome, papel });
  const eu = async (headers: Auth) =>
    staffEuSchema.parse((await send('GET', `${API}/painel/eu/`, headers)).json());
  const convites = async (headers: Auth) =>
    convitesSchema.parse((await send('GET', CONVITES, headers)).json());

  it('an invitation to an existing account is pending: no role, no real name, only what the owner typed', async () => {
    const res = await convidar(1, donoPizzaria, 'Ana@Lanchonete.test', 'dono', 'Aninha');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      nome: 'Aninha',
      email: 'ana@lanchonete.test',
      papel: 'dono',
      pendente: true,
    });
    expect(res.body).not.toContain('Ana Real');
    const equipe = equipeSchema.parse((await send('GET', `${est(1)}/equipe/`, donoPizzaria)).json());
    const linha = equipe.find((m) => m.email === 'ana@lanchonete.test');
    expect(linha).toMatchObject({ nome: 'Aninha', papel: 'dono', pendente: true });
    expect(JSON.stringify(equipe)).not.toContain('Ana Real');
    // Nothing given yet: the Pizzaria's routes are closed to her, her panel lists only the Lanchonete.
    expect((await send('GET', `${est(1)}/pedidos/`, ana)).statusCode).toBe(404);
    expect((await eu(ana)).estabelecimentos.map((e) => e.id)).toEqual([2]);
    // She is told by e-mail, pointed at the panel (no token: she signs in as always).
    const mail = await ta.t.db
      .selectFrom('mail_outbox')
      .select(['assunto', 'link', 'texto'])
      .where('para', '=', 'ana@lanchonete.test')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.assunto).toBe('Convite para a equipe de Pizzaria Teste');
    expect(mail.link).toBe('http://rango.test/painel');
    expect(mail.texto).toContain('Olá, Ana Real da Silva!');
    // And sees it in the panel.
    expect(await convites(ana)).toEqual([
      {
        idestabelecimento: 1,
        estabelecimento: 'Pizzaria Teste',
        papel: 'dono',
        expira_em: expect.any(String),
      },
    ]);
  });

  it('accepting gives the role; the team then shows the account as it is', async () => {
    const aceitar = await send('POST', `${CONVITES}1/aceitar/`, ana);
    expect(aceitar.statusCode, aceitar.body).toBe(204);
    expect((await eu(ana)).estabelecimentos.map((e) => [e.id, e.papel])).toEqual([
      [2, 'atendente'],
      [1, 'dono'],
    ]);
    expect((await send('GET', `${est(1)}/pedidos/`, ana)).statusCode).toBe(200);
    expect(await convites(ana)).toEqual([]);
    const equipe = equipeSchema.parse((await send('GET', `${est(1)}/equipe/`, donoPizzaria)).json());
    expect(equipe.find((m) => m.email === 'ana@lanchonete.test')).toMatchObject({
      nome: 'Ana Real da Silva',
      pendente: false,
    });
    // Once only; and now in the team, a new invitation is 409.
    const denovo = await send('POST', `${CONVITES}1/aceitar/`, ana);
    expect(denovo.statusCode).toBe(404);
    expect(denovo.json()).toEqual({ detail: MSG_PAINEL.conviteNaoEncontrado });
    expect((await convidar(1, donoPizzaria, 'ana@lanchonete.test')).statusCode).toBe(409);
  });

  it('declining leaves nothing: no role, gone from the team; unknown and malformed ids are 404', async () => {
    const bia = await staffBearer(ta.app, ta.t.db, 2, 'bia@lanchonete.test', 'atendente');
    expect((await convidar(1, donoPizzaria, 'bia@lanchonete.test')).statusCode).toBe(201);
    const recusar = await send('POST', `${CONVITES}1/recusar/`, bia);
    expect(recusar.statusCode).toBe(204);
    expect(await convites(bia)).toEqual([]);
    expect((await send('POST', `${CONVITES}1/aceitar/`, bia)).statusCode).toBe(404);
    expect((await send('GET', `${est(1)}/pedidos/`, bia)).statusCode).toBe(404);
    const equipe = equipeSchema.parse((await send('GET', `${est(1)}/equipe/`, donoPizzaria)).json());
    expect(equipe.map((m) => m.email)).not.toContain('bia@lanchonete.test');
    for (const id of ['999', 'abc', '0', '99999999999'])
      expect((await send('POST', `${CONVITES}${id}/recusar/`, bia)).statusCode).toBe(404);
    // Someone else's invitation cannot be answered: it is per person.
    expect((await convidar(1, donoPizzaria, 'bia@lanchonete.test')).statusCode).toBe(201);
    expect((await send('POST', `${CONVITES}1/aceitar/`, donoLanchonete)).statusCode).toBe(404);
    expect((await send('GET', `${est(1)}/pedidos/`, bia)).statusCode).toBe(404);
    // The owner may withdraw a pending invitation like removing a member.
    const id = equipeSchema
      .parse((await send('GET', `${est(1)}/equipe/`, donoPizzaria)).json())
      .find((m) => m.email === 'bia@lanchonete.test')!.id;
    expect((await send('DELETE', `${est(1)}/equipe/${id}/`, donoPizzaria)).statusCode).toBe(204);
    expect(await convites(bia)).toEqual([]);
    expect((await send('GET', CONVITES, { authorization: 'Bearer x' })).statusCode).toBe(401);
  });

  it('a new e-mail: the link sets the password and accepts; the answer looks the same as for an account', async () => {
    const res = await convidar(1, donoPizzaria, 'novo@pessoa.test', 'atendente', 'Novo');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      nome: 'Novo',
      email: 'novo@pessoa.test',
      papel: 'atendente',
      pendente: true,
    });
    const { token } = await ultimoLinkPainel(ta.t.db, 'novo@pessoa.test');
    const set = await ta.app.inject({
      method: 'POST',
      url: `${API}/painel/auth/link/${token}/`,
      payload: { senha: 'senha-nova-1' },
    });
    expect(set.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${(set.json() as { access: string }).access}` };
    expect((await eu(auth)).estabelecimentos.map((e) => [e.id, e.papel])).toEqual([[1, 'atendente']]);
    expect(await convites(auth)).toEqual([]);
  });

  it('any member may leave; the last owner may not (Portuguese message)', async () => {
    // Ana (owner of 1 since she accepted) leaves the Pizzaria; the original owner stays.
    const sair = await send('POST', `${est(1)}/sair/`, ana);
    expect(sair.statusCode, sair.body).toBe(204);
    expect((await send('GET', `${est(1)}/pedidos/`, ana)).statusCode).toBe(404);
    expect((await eu(ana)).estabelecimentos.map((e) => e.id)).toEqual([2]);
    // An attendant leaves too.
    expect((await send('POST', `${est(2)}/sair/`, ana)).statusCode).toBe(204);
    expect((await eu(ana)).estabelecimentos).toEqual([]);
    // Not a member (any more): 404, as for any route of a place one has no role at.
    expect((await send('POST', `${est(2)}/sair/`, ana)).statusCode).toBe(404);
    // The last owner.
    const ultimo = await send('POST', `${est(2)}/sair/`, donoLanchonete);
    expect(ultimo.statusCode).toBe(400);
    expect(ultimo.json()).toEqual({ detail: MSG_PAINEL.ultimoDonoSair });
    expect((await send('GET', `${est(2)}/pedidos/`, donoLanchonete)).statusCode).toBe(200);
  });

  it('the restaurant’s name is plain text in the invitation e-mail', async () => {
    await ta.t.db
      .updateTable('estabelecimento')
      .set({ apelidooufantasia: '<b>Pizza</b>\n<a href="http://x.test">Clique</a>\u0007' })
      .where('id', '=', 2)
      .execute();
    try {
      for (const email of ['carla@outra.test', 'dono@pizzaria.test']) {
        expect((await convidar(2, donoLanchonete, email)).statusCode).toBe(201);
        const mail = await ta.t.db
          .selectFrom('mail_outbox')
          .select(['assunto', 'texto', 'html'])
          .where('para', '=', email)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const nome = '<b>Pizza</b> <a href="http://x.test">Clique</a>';
        expect(mail.assunto).toContain(nome);
        expect(mail.assunto).not.toMatch(/[\n\r]/);
        expect(mail.assunto).not.toContain('\u0007');
        expect(mail.texto).toContain(`equipe de ${nome} no Rango`);
        expect(mail.html).not.toContain('<b>Pizza');
        expect(mail.html).not.toContain('<a href="http://x.test"');
        expect(mail.html).toContain('&lt;b&gt;Pizza&lt;/b&gt;');
      }
    } finally {
      await ta.t.db
        .updateTable('estabelecimento')
        .set({ apelidooufantasia: 'Lanchonete Vazia' })
        .where('id', '=', 2)
        .execute();
    }
  });
});

describe('team invitation rate limits', () => {
  it('limits invitations per establishment and per address: 429 with a Portuguese message, nothing mailed', async () => {
    const ta = await openTestApp('sqlite', { rateLimit: true });
    try {
      const dono1 = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
      const dono2 = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
      const convidar = (h: Auth, idest: number, email: string) =>
        ta.app.inject({
          method: 'POST',
          url: `${est(idest)}/equipe/`,
          headers: h,
          payload: { email, nome: 'Alguém', papel: 'atendente' },
        });
      // Per address: the same person, from two establishments.
      for (let i = 0; i < CONVITE_LIMITS.email.max; i++) {
        const r = await convidar(i % 2 ? dono1 : dono2, i % 2 ? 1 : 2, 'alvo@x.test');
        expect(r.statusCode, r.body).toBe(201);
      }
      const alvo = await convidar(dono1, 1, 'alvo@x.test');
      expect(alvo.statusCode).toBe(429);
      expect(alvo.json()).toEqual({ detail: MSG_PAINEL.muitosConvites });
      expect(alvo.headers['retry-after']).toBeDefined();
      const mails = await ta.t.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('para', '=', 'alvo@x.test')
        .execute();
      expect(mails).toHaveLength(CONVITE_LIMITS.email.max);
      // Per establishment: many addresses from one place (the other establishment is counted apart).
      const ja = Math.floor(CONVITE_LIMITS.email.max / 2) + 1;
      for (let i = ja; i < CONVITE_LIMITS.estabelecimento.max; i++) {
        expect((await convidar(dono1, 1, `p${i}@x.test`)).statusCode).toBe(201);
      }
      const muitos = await convidar(dono1, 1, 'mais@x.test');
      expect(muitos.statusCode).toBe(429);
      expect(muitos.json()).toEqual({ detail: MSG_PAINEL.muitosConvites });
      expect(
        await ta.t.db.selectFrom('funcionario').select('id').where('email', '=', 'mais@x.test').execute(),
      ).toEqual([]);
      expect((await convidar(dono2, 2, 'mais@x.test')).statusCode).toBe(201);
    } finally {
      await ta.close();
    }
  });
});
