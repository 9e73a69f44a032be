import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MSG_CONTA, pedidoCriadoSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import type { Db } from '../../db/index.ts';
import { DIALECTS } from '../../test/db.ts';
import {
  API,
  definirHorarios,
  montarPedido,
  novoCliente,
  novoEndereco,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { ARQUIVO_MEUS_DADOS, TABELAS_MEUS_DADOS } from './meus-dados.ts';

const PIX = { id: 31, sttipopgto: 200, descricao: 'PIX' };
const REFRI = { produto: 311, quantidade: 5 };
const URL_DADOS = `${API}/controle/cliente/meus-dados/`;
/** A card number as it would be typed: it must never be in the export (nor stored). */
const NUMERO_CARTAO = '4111111111111111';

/** Every row type a customer can have, written directly for `c` with `marca` in its text. */
async function semear(db: Db, c: ClienteTeste, marca: string) {
  const agora = new Date().toISOString();
  const email = `${marca}@exemplo.com.br`;
  await db.updateTable('cliente').set({ email, cnpjoucpf: '12345678909' }).where('id', '=', c.id).execute();
  await novoEndereco(db, c.id, { rua: `Rua ${marca}`, detalhe: `Portão ${marca}` });
  await db
    .insertInto('cartao')
    .values({
      idcliente: c.id,
      token: `tok-${marca}-${randomUUID()}`,
      bandeira: 'Visa',
      numero: '************1111',
      titular: `TITULAR ${marca}`.toUpperCase(),
      cnpjoucpf: '12345678909',
      datahora: agora,
    })
    .execute();
  await db
    .insertInto('cliente_social')
    .values({ idcliente: c.id, provedor: 'google-oauth2', sujeito: `g-${marca}`, criado_em: agora })
    .execute();
  await db
    .insertInto('cliente_token')
    .values({
      idcliente: c.id,
      tipo: 'reset',
      token_hash: randomUUID().replace(/-/g, '').padEnd(64, '0'),
      expira_em: agora,
      usado_em: null,
      criado_em: agora,
    })
    .execute();
  const familia = randomUUID();
  for (const n of [1, 2]) {
    await db
      .insertInto('refresh_token')
      .values({
        idcliente: c.id,
        familia,
        token_hash: `${n}${randomUUID().replace(/-/g, '')}`.padEnd(64, 'f'),
        expira_em: agora,
        usado_em: null,
        revogado: 0,
        criado_em: new Date(Date.now() + n * 1000).toISOString(),
      })
      .execute();
  }
  await db
    .insertInto('mail_outbox')
    .values({
      para: email,
      assunto: `Redefinir senha ${marca}`,
      texto: `link secreto ${marca}`,
      html: '<p>x</p>',
      link: `http://rango.test/resetar-senha/${marca}/segredo`,
      criado_em: agora,
      enviado_em: null,
    })
    .execute();
  const cupom = await db
    .insertInto('cupom')
    .values({
      idestabelecimento: 1,
      codigo: `C${marca.toUpperCase()}${randomUUID().slice(0, 6)}`,
      ehpercentual: 0,
      desconto: 100,
      limitedesconto: 0,
      subtotalminimo: 0,
      valido_de: null,
      valido_ate: null,
      limite_total: null,
      limite_por_cliente: null,
      ativo: 1,
      criado_em: agora,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('cupom_uso')
    .values({
      idcupom: cupom.id,
      idcliente: c.id,
      pedido_id: `cupom-${marca}-${randomUUID()}`,
      criado_em: agora,
    })
    .execute();
}

describe.each(DIALECTS)("LGPD 'Baixar meus dados' on %s", (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let joao: ClienteTeste;
  const pedidosDe: Record<string, number[]> = { maria: [], joao: [] };

  beforeAll(async () => {
    h = await openTestApp(dialect);
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db, { nome: 'Maria Exportada' });
    joao = await novoCliente(h.app, h.t.db, { nome: 'João Outro', telefone: '11900001111' });
    for (const [nome, c] of [
      ['maria', maria],
      ['joao', joao],
    ] as const) {
      await semear(h.t.db, c, nome);
      for (const forma of [undefined, PIX]) {
        const p = montarPedido(produtos, {
          itens: [REFRI],
          observacoes: `Sem cebola ${nome}`,
          ...(forma ? { formapgto: forma } : {}),
        });
        if (forma) Object.assign(p.pagamentos[0]!, { pre_pago: true, tipo: 'PIX', troco_para: null });
        const res = await h.app.inject({
          method: 'POST',
          url: pedidoUrl(1),
          payload: p as object,
          headers: c.headers,
        });
        expect(res.statusCode, res.body).toBe(201);
        pedidosDe[nome]!.push(pedidoCriadoSchema.parse(res.json()).id);
      }
    }
  });
  afterAll(async () => h.close());

  const baixar = (c: ClienteTeste | null = maria) =>
    h.app.inject({ url: URL_DADOS, ...(c ? { headers: c.headers } : {}) });

  it("answers the owner's data as a JSON download, and only theirs; never a card number, CVV or token", async () => {
    const res = await baixar();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ARQUIVO_MEUS_DADOS}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const d = res.json();
    expect(d.perfil).toMatchObject({
      id: maria.id,
      nome: 'Maria Exportada',
      email: 'maria@exemplo.com.br',
      cpf_cnpj: '12345678909',
    });
    expect(d.enderecos).toEqual([expect.objectContaining({ rua: 'Rua maria', referencia: 'Portão maria' })]);
    expect(d.cartoes_salvos).toEqual([
      expect.objectContaining({ bandeira: 'Visa', final: '1111', titular: 'TITULAR MARIA' }),
    ]);
    expect(d.pedidos.map((p: { id: number }) => p.id)).toEqual(pedidosDe.maria);
    const pix = d.pedidos[1];
    expect(pix.pagamentos).toEqual([expect.objectContaining({ tipo: 'pix', estado: 'pendente' })]);
    expect(pix.historico.length).toBeGreaterThan(0);
    expect(pix.pedido.observacoes).toBe('Sem cebola maria');
    expect(d.logins_sociais).toEqual([
      expect.objectContaining({ provedor: 'google-oauth2', identificador: 'g-maria' }),
    ]);
    expect(d.historico_de_acesso).toHaveLength(1);
    expect(d.links_de_conta).toEqual([expect.objectContaining({ tipo: 'redefinir_senha' })]);
    expect(d.emails).toEqual([expect.objectContaining({ assunto: 'Redefinir senha maria' })]);
    expect(d.consentimentos.map((x: { tipo: string }) => x.tipo)).toEqual([
      'cadastro',
      'salvar_cartao',
      'login_social',
    ]);

    const texto = res.body;
    // Nothing of João's.
    for (const dele of ['joao', 'João', 'g-joao', ...pedidosDe.joao!.map((id) => `"id":${id},`)]) {
      expect(texto).not.toContain(dele);
    }
    // Never a card number, a CVV field, a gateway token, a token hash or a mailed link.
    expect(texto).not.toContain(NUMERO_CARTAO);
    expect(texto).not.toMatch(/cvv|security_?code|"token"|token_hash|senha_hash|tok-maria|segredo/i);
  });

  it('covers every table of the schema: each holding customer data is exported, the others say why not', async () => {
    // This test's own schema (on PostgreSQL every test has one; other schemas are other tests').
    // Read it, never guess it: without it every schema's tables would count (pg-boss's too).
    const esquema =
      dialect === 'postgres'
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(h.t.db)).rows[0]?.s
        : undefined;
    if (dialect === 'postgres') expect(esquema).toMatch(/^t_/);
    // pg-boss (the job queue on PostgreSQL) creates its tables in the same schema once the app has
    // run a moment (its first job is offered after 1 s): periodic jobs with no customer data.
    const doPgBoss = (n: string) =>
      ['version', 'queue', 'schedule', 'subscription', 'job', 'archive'].includes(n) ||
      /^j[0-9a-f]{56}$/.test(n);
    const tabelas = (await h.t.db.introspection.getTables()).filter(
      (t) => (!esquema || t.schema === esquema) && !(dialect === 'postgres' && doPgBoss(t.name)),
    );
    const nomes = new Set(tabelas.map((t) => t.name));
    const semDecisao = [...nomes].filter((n) => !(n in TABELAS_MEUS_DADOS));
    expect(semDecisao, 'tables the export has not decided about').toEqual([]);
    // Any table with a customer column is exported, and so are those found by e-mail.
    const doCliente = tabelas
      .filter((t) => t.columns.some((c) => c.name === 'idcliente'))
      .map((t) => t.name)
      .concat(['cliente', 'mail_outbox']);
    for (const t of doCliente) expect(TABELAS_MEUS_DADOS[t], t).toMatch(/^exportada/);
    // Each exported section has Maria's rows in it (the fixture fills them all).
    const d = (await baixar()).json();
    for (const chave of [
      'enderecos',
      'cartoes_salvos',
      'pedidos',
      'cupons_usados',
      'historico_de_acesso',
      'logins_sociais',
      'links_de_conta',
      'emails',
      'consentimentos',
    ]) {
      expect(d[chave].length, chave).toBeGreaterThan(0);
    }
  });

  it('no session: 401; rate limited per customer: 429 with the Portuguese message', async () => {
    expect((await baixar(null)).statusCode).toBe(401);
    const ana = await novoCliente(h.app, h.t.db, { nome: 'Ana' });
    for (let i = 0; i < 5; i++) expect((await baixar(ana)).statusCode).toBe(200);
    const demais = await baixar(ana);
    expect(demais.statusCode).toBe(429);
    expect(demais.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    expect(demais.headers['retry-after']).toBeDefined();
    // Another customer is not held back by Ana's limit.
    expect((await baixar(joao)).statusCode).toBe(200);
  });

  it('a deleted account cannot download (its session ends)', async () => {
    const bia = await novoCliente(h.app, h.t.db, { nome: 'Bia' });
    const del = await h.app.inject({
      method: 'DELETE',
      url: `${API}/controle/cliente/${bia.id}/`,
      headers: bia.headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await baixar(bia)).statusCode).toBe(401);
  });
});
