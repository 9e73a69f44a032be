import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { STATUS, pedidoCriadoSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import {
  contasPagamentoSchema,
  contaPagamentoSchema,
  testeContaSchema,
} from '@rango/domain/painel/pagamentos';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { FastifyInstance } from 'fastify';
import type { Dialeto } from '../../db/index.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import type { SeedEstablishment } from '../../db/seed/types.ts';
import { openTestDb, testConfig, DIALECTS } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
import { startCieloFake } from '../../test/fakes/cielo.ts';
import type { CieloFake } from '../../test/fakes/cielo.ts';
import { criarChaveOperador } from '../operator/service.ts';
import { pedidoPort } from '../orders/status.ts';
import {
  API,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { staffBearer } from '../staff/testing.ts';
import { HEADER_NOTIFICACAO } from './cielo/cielo.ts';
import { createPaymentsStack } from './plugin.ts';
import { MSG_PAGAMENTO } from './service.ts';

/** Three Cielo merchants on one fake: establishment 1's first and second accounts, establishment 2's. */
const A = { merchantId: randomUUID(), merchantKey: 'AAAAKEYAAAAKEYAAAAKEYAAAAKEYAAAAKEY1A2B3' };
const B = { merchantId: randomUUID(), merchantKey: 'BBBBKEYBBBBKEYBBBBKEYBBBBKEYBBBBKEYB9C8D' };
const C = { merchantId: randomUUID(), merchantKey: 'CCCCKEYCCCCKEYCCCCKEYCCCCKEYCCCCKEYC5E6F' };
const SOP = { clientId: randomUUID(), clientSecret: 'segredo-do-sop' };
const MPI = { clientId: randomUUID(), clientSecret: 'segredo-do-mpi' };
const NOTIFICACAO = 'segredo-combinado-com-a-cielo';

const PIX1 = { id: 31, sttipopgto: 200, descricao: 'PIX' };
const CREDITO1 = { id: 32, sttipopgto: 60, descricao: 'Crédito' };
const PIX2 = { id: 41, sttipopgto: 200, descricao: 'PIX' };

/** The fixture, with establishment 2 selling a drink and taking PIX, cash and credit. */
function fixture(): SeedEstablishment[] {
  const [um, dois] = structuredClone(fixtureEstablishments) as [SeedEstablishment, SeedEstablishment];
  const bebida = um.menu.grupos.flatMap((g) => g.produtos).find((p) => p.idproduto === 311)!;
  dois.formaspgto = [
    { idformapgto: 41, descricao: 'PIX', sttipopgto: 200 },
    { idformapgto: 42, descricao: 'Dinheiro', sttipopgto: 0 },
    { idformapgto: 43, descricao: 'Crédito', sttipopgto: 60 },
  ];
  dois.menu = { grupos: [{ idgrupo: 60, descricao: 'Bebidas', produtos: [{ ...bebida, idproduto: 611 }] }] };
  dois.detalhe.lojaaberta = true;
  return [um, dois];
}

describe.each(DIALECTS)('payment accounts per establishment on %s', (dialect: Dialeto) => {
  let fake: CieloFake;
  let t: TestDb;
  let app: FastifyInstance;
  let maria: ClienteTeste;
  let menu1: Map<number, Produto>;
  let menu2: Map<number, Produto>;
  let dono1: { authorization: string };
  let atendente1: { authorization: string };
  let dono2: { authorization: string };
  const logs: string[] = [];

  const config = () => {
    const base = testConfig().payments;
    return testConfig({
      rateLimit: false,
      logLevel: 'info',
      payments: {
        ...base,
        // An expired PIX waits for 'Gerar novo código' (renovar-pix.ts) this long.
        pixRenovarSegundos: 600,
        cielo: {
          ...base.cielo,
          merchantId: '',
          merchantKey: '',
          apiUrl: fake.url,
          queryUrl: fake.url,
          sopUrl: fake.url,
          sopOAuth: { url: `${fake.url}/oauth2/token`, ...SOP },
          notificationSecret: NOTIFICACAO,
          mpi: {
            ...base.cielo.mpi,
            authUrl: fake.url,
            ...MPI,
            establishmentCode: '1234567890',
            merchantName: 'Rango',
          },
        },
      },
    });
  };

  beforeAll(async () => {
    fake = await startCieloFake({ ...A, outrosLojistas: [B, C], sop: SOP, mpi: MPI });
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixture(), { alwaysOpen: false });
    app = buildApp(config(), { db: t.db, logStream: { write: (l) => void logs.push(l) } });
    await app.ready();
    await definirHorarios(t.db, 1);
    await definirHorarios(t.db, 2);
    maria = await novoCliente(app, t.db);
    menu1 = await produtosDoMenu(app, 1);
    menu2 = await produtosDoMenu(app, 2);
    dono1 = await staffBearer(app, t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente1 = await staffBearer(app, t.db, 1, 'atendente@pizzaria.test', 'atendente');
    dono2 = await staffBearer(app, t.db, 2, 'dono@lanchonete.test', 'dono');
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await fake?.close();
  });

  const url = (id: number, resto = '') => `${API}/painel/estabelecimento/${id}/pagamentos/${resto}`;
  const listar = async (id: number, headers = id === 1 ? dono1 : dono2) =>
    contasPagamentoSchema.parse((await app.inject({ url: url(id), headers })).json());
  async function salvarCielo(id: number, m: { merchantId: string; merchantKey: string }) {
    const res = await app.inject({
      method: 'POST',
      url: url(id, 'cielo/'),
      headers: id === 1 ? dono1 : dono2,
      payload: { merchant_id: m.merchantId, merchant_key: m.merchantKey },
    });
    expect(res.statusCode, res.body).toBe(201);
    return contaPagamentoSchema.parse(res.json());
  }
  async function ativar(id: number, idconta: number | null) {
    const res = await app.inject({
      method: 'PUT',
      url: url(id, 'ativa/'),
      headers: id === 1 ? dono1 : dono2,
      payload: { idconta },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function pedir(idest: number, forma: typeof PIX1, cartao: unknown = null) {
    const menu = idest === 1 ? menu1 : menu2;
    const p = montarPedido(menu, {
      idestabelecimento: idest,
      itens: [{ produto: idest === 1 ? 311 : 611, quantidade: 5 }],
      formapgto: forma,
    });
    Object.assign(p.pagamentos[0]!, {
      pre_pago: true,
      tipo: forma.sttipopgto === 200 ? 'PIX' : 'CARTAO',
      troco_para: null,
      cartao,
    });
    return app.inject({ method: 'POST', url: pedidoUrl(idest), headers: maria.headers, payload: p });
  }
  const tentativa = (idpedido: number) =>
    t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', idpedido)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const status = async (idpedido: number) =>
    (await t.db.selectFrom('pedido').select('status').where('id', '=', idpedido).executeTakeFirstOrThrow())
      .status;
  const cartaoCru = () => ({
    numero: '4024007153763171',
    cvv: '915',
    expiracao: `12/${new Date().getUTCFullYear() + 2}`,
    titular: 'MARIA CLIENTE',
    bandeira: 'Visa',
    cnpjoucpf: '',
  });

  it('only the owner: an attendant gets 403, another establishment’s owner 404, no token 401', async () => {
    expect((await app.inject({ url: url(1), headers: atendente1 })).statusCode).toBe(403);
    expect((await app.inject({ url: url(1), headers: dono2 })).statusCode).toBe(404);
    expect((await app.inject({ url: url(1) })).statusCode).toBe(401);
    const salvar = await app.inject({
      method: 'POST',
      url: url(1, 'cielo/'),
      headers: atendente1,
      payload: { merchant_id: A.merchantId, merchant_key: A.merchantKey },
    });
    expect(salvar.statusCode).toBe(403);
    const l = await listar(1);
    expect(l).toMatchObject({
      contas: [],
      ativa: null,
      online_disponivel: true,
      padrao: { provedor: 'sandbox' },
    });
    // Mercado Pago has no adapter on this server yet: not offered.
    expect(l.disponiveis).toEqual(['sandbox', 'cielo', 'mercadopago']);
  });

  it('refuses malformed credentials and credentials Cielo refuses, saving nothing', async () => {
    const mal = await app.inject({
      method: 'POST',
      url: url(1, 'cielo/'),
      headers: dono1,
      payload: { merchant_id: 'abc', merchant_key: 'curta' },
    });
    expect(mal.statusCode).toBe(400);
    expect(Object.keys(mal.json())).toEqual(['merchant_id', 'merchant_key']);
    const errada = await app.inject({
      method: 'POST',
      url: url(1, 'cielo/'),
      headers: dono1,
      payload: { merchant_id: randomUUID(), merchant_key: 'X'.repeat(40) },
    });
    expect(errada.statusCode).toBe(400);
    expect(errada.json().merchant_key[0]).toMatch(/recusou as credenciais/);
    expect((await listar(1)).contas).toEqual([]);
    expect(await t.db.selectFrom('segredo').select('nome').execute()).toEqual([]);
  });

  it('each establishment is charged on its own account; the fake saw whose credentials', async () => {
    const conta1 = await salvarCielo(1, A);
    const conta2 = await salvarCielo(2, B);
    // The test query used the typed credentials.
    expect(fake.requisicoes.some((r) => r.headers['merchantid'] === B.merchantId)).toBe(true);
    expect(conta1).toMatchObject({
      provedor: 'cielo',
      ativa: false,
      estado: 'ok',
      credenciais: {
        merchant_id: { configurado: true, final: A.merchantId.slice(-4) },
        merchant_key: { configurado: true, final: A.merchantKey.slice(-4) },
      },
    });
    const corpo = JSON.stringify(await listar(1));
    expect(corpo).not.toContain(A.merchantKey);
    expect(corpo).not.toContain(A.merchantId);
    // An account of establishment 2 under establishment 1's path is not found.
    for (const [method, resto] of [
      ['POST', `${conta2.id}/teste/`],
      ['DELETE', `${conta2.id}/`],
    ] as const) {
      expect((await app.inject({ method, url: url(1, resto), headers: dono1 })).statusCode).toBe(404);
    }
    const outra = await app.inject({
      method: 'PUT',
      url: url(1, 'ativa/'),
      headers: dono1,
      payload: { idconta: conta2.id },
    });
    expect(outra.statusCode).toBe(404);

    await ativar(1, conta1.id);
    await ativar(2, conta2.id);
    const r2 = await pedir(2, PIX2);
    expect(r2.statusCode, r2.body).toBe(201);
    const r1 = await pedir(1, PIX1);
    expect(r1.statusCode, r1.body).toBe(201);
    const [v2, v1] = fake.vendas().slice(-2);
    expect(v2!.merchantId).toBe(B.merchantId);
    expect(v1!.merchantId).toBe(A.merchantId);
    const p2 = await tentativa(pedidoCriadoSchema.parse(r2.json()).id);
    const p1 = await tentativa(pedidoCriadoSchema.parse(r1.json()).id);
    expect(p2).toMatchObject({ idconta: conta2.id, gateway: 'cielo', payment_id: v2!.paymentId });
    expect(p1).toMatchObject({ idconta: conta1.id, gateway: 'cielo', payment_id: v1!.paymentId });
  });

  it('after the account changed, notification, reconciliation and refund use the account that took the payment', async () => {
    // Three payments on account A: a PIX paid later (notified), a PIX reconciled, a card refunded.
    const x = pedidoCriadoSchema.parse((await pedir(1, PIX1)).json()).id;
    const z = pedidoCriadoSchema.parse((await pedir(1, PIX1)).json()).id;
    const y = await pedir(1, CREDITO1, cartaoCru());
    expect(y.statusCode, y.body).toBe(201);
    const yid = pedidoCriadoSchema.parse(y.json()).id;
    expect(await status(yid)).toBe(STATUS.Sincronizado);
    const contaA = (await tentativa(x)).idconta;

    // The owner types new credentials: a new account, active as the old one was.
    const novo = await salvarCielo(1, C);
    const l = await listar(1);
    expect(l.ativa).toBe(novo.id);
    expect(l.contas.map((c) => c.id)).toEqual([novo.id]);

    // A new order goes to C.
    const w = await pedir(1, PIX1);
    expect(w.statusCode).toBe(201);
    expect(fake.vendas().at(-1)!.merchantId).toBe(C.merchantId);

    // Cielo's notification of X: routed to A, re-read from Cielo with A's credentials.
    const px = await tentativa(x);
    expect(fake.pagarPix(px.payment_id!)).toBe(true);
    const antes = fake.requisicoes.length;
    const forjada = await app.inject({
      method: 'POST',
      url: `${API}/pagamentos/notificacao/`,
      payload: { PaymentId: px.payment_id, ChangeType: 1 },
    });
    expect(forjada.statusCode).toBe(401);
    expect(await status(x)).toBe(STATUS.PgtoPendente);
    const notificar = () =>
      app.inject({
        method: 'POST',
        url: `${API}/pagamentos/notificacao/`,
        headers: { [HEADER_NOTIFICACAO]: NOTIFICACAO },
        payload: { PaymentId: px.payment_id, ChangeType: 1 },
      });
    expect((await notificar()).statusCode).toBe(200);
    expect(await status(x)).toBe(STATUS.Sincronizado);
    const leitura = fake.requisicoes.slice(antes).find((r) => r.url.includes(px.payment_id!));
    expect(leitura?.headers['merchantid']).toBe(A.merchantId);
    // Twice: nothing changes twice.
    const eventos = await t.db
      .selectFrom('pagamento')
      .select('atualizado_em')
      .where('id', '=', px.id)
      .executeTakeFirstOrThrow();
    expect((await notificar()).statusCode).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('pagamento')
          .select('atualizado_em')
          .where('id', '=', px.id)
          .executeTakeFirstOrThrow()
      ).atualizado_em,
    ).toBe(eventos.atualizado_em);

    // Reconciliation of Z (another instance, its own cache): asks A.
    const pz = await tentativa(z);
    expect(fake.pagarPix(pz.payment_id!)).toBe(true);
    await t.db.updateTable('pagamento').set({ consultado_em: null }).where('id', '=', pz.id).execute();
    const silencioso = { info() {}, warn() {}, error() {} };
    const outro = await createPaymentsStack(config(), t.db, silencioso, pedidoPort(t.db));
    await outro.payments.reconciliar();
    expect(await status(z)).toBe(STATUS.Sincronizado);
    expect((await tentativa(z)).idconta).toBe(contaA);

    // The restaurant cancels Y: refunded at A (C never heard of it).
    const chave = (await criarChaveOperador(t.db, 1, 'Caixa')).chave;
    const cancel = await app.inject({
      method: 'POST',
      url: `${API}/operador/pedido/${yid}/status/`,
      headers: { authorization: `Bearer ${chave}` },
      payload: { status: STATUS.Cancelado, motivo: 'Acabou o gás' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const py = await tentativa(yid);
    expect(py.estado).toBe('estornado');
    const venda = fake.vendas().find((v) => v.paymentId === py.payment_id)!;
    expect(venda).toMatchObject({ merchantId: A.merchantId, status: 10 });
  });

  it('a failing account: the owner sees why, customers are offered only what works, orders refuse online', async () => {
    const l = await listar(2);
    const conta = l.contas[0]!;
    fake.revogar(B.merchantId);
    const teste = testeContaSchema.parse(
      (await app.inject({ method: 'POST', url: url(2, `${conta.id}/teste/`), headers: dono2 })).json(),
    );
    expect(teste).toMatchObject({ ok: false, conta: { estado: 'erro' } });
    expect(teste.mensagem).toMatch(/Cielo recusou as credenciais/);
    expect(await listar(2)).toMatchObject({
      online_disponivel: false,
      contas: [{ estado: 'erro', erro: teste.mensagem }],
    });
    const formas = (await app.inject({ url: `${API}/api/estabelecimento/2/formapgto/` })).json() as {
      idformapgto: number;
      online: boolean;
    }[];
    expect(formas.some((f) => f.online)).toBe(false);
    const recusado = await pedir(2, PIX2);
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json()).toMatchObject({ codigo: 106, msg: MSG_PAGAMENTO.contaIndisponivel });
    // Establishment 1 is not affected.
    expect((await listar(1)).online_disponivel).toBe(true);

    fake.revogar(B.merchantId, false);
    const ok = testeContaSchema.parse(
      (await app.inject({ method: 'POST', url: url(2, `${conta.id}/teste/`), headers: dono2 })).json(),
    );
    expect(ok).toMatchObject({ ok: true, conta: { estado: 'ok', erro: null } });
    const depois = (await app.inject({ url: `${API}/api/estabelecimento/2/formapgto/` })).json() as {
      online: boolean;
    }[];
    expect(depois.some((f) => f.online)).toBe(true);
  });

  it('a PIX renewed after the establishment changed accounts is charged on the account of the expired one', async () => {
    const contaB = (await listar(2)).contas.find((c) => c.provedor === 'cielo')!;
    expect(contaB.ativa).toBe(true);
    const r = await pedir(2, PIX2);
    expect(r.statusCode, r.body).toBe(201);
    const id = pedidoCriadoSchema.parse(r.json()).id;
    const velho = await tentativa(id);
    await ativar(2, null);
    await t.db
      .updateTable('pagamento')
      .set({ expira_em: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', velho.id)
      .execute();
    const renovar = await app.inject({
      method: 'POST',
      url: `${API}/controle/pedido/${id}/pix/renovar/`,
      headers: maria.headers,
    });
    expect(renovar.statusCode, renovar.body).toBe(200);
    const novo = await tentativa(id);
    expect(novo.id).not.toBe(velho.id);
    expect(novo).toMatchObject({ idconta: contaB.id, gateway: 'cielo', estado: 'pendente' });
    expect(fake.vendas().at(-1)).toMatchObject({ merchantId: B.merchantId, paymentId: novo.payment_id });
    await ativar(2, contaB.id);
  });

  it('sandbox activation, back to the default, and removal rules', async () => {
    const sb = await app.inject({ method: 'POST', url: url(2, 'sandbox/'), headers: dono2 });
    expect(sb.statusCode, sb.body).toBe(201);
    const conta = contaPagamentoSchema.parse(sb.json());
    expect(conta).toMatchObject({ provedor: 'sandbox', ativa: true, metodos: ['credito', 'debito', 'pix'] });
    const r = await pedir(2, PIX2);
    expect(r.statusCode, r.body).toBe(201);
    expect(await tentativa(pedidoCriadoSchema.parse(r.json()).id)).toMatchObject({
      gateway: 'sandbox',
      idconta: conta.id,
    });
    const ativa = await app.inject({ method: 'DELETE', url: url(2, `${conta.id}/`), headers: dono2 });
    expect(ativa.statusCode).toBe(409);
    const cielo = (await listar(2)).contas.find((c) => c.provedor === 'cielo')!;
    expect(
      (await app.inject({ method: 'DELETE', url: url(2, `${cielo.id}/`), headers: dono2 })).statusCode,
    ).toBe(204);
    await ativar(2, null);
    expect((await listar(2)).ativa).toBeNull();
    // The removed account took a payment: kept (hidden) with its credentials, for that payment.
    const guardada = await t.db
      .selectFrom('conta_pagamento')
      .selectAll()
      .where('id', '=', cielo.id)
      .executeTakeFirstOrThrow();
    expect(guardada.removida_em).not.toBeNull();
  });

  it("cards are tokenised on the establishment's own account, and its saved cards are its provider's", async () => {
    const CREDITO2 = { id: 43, sttipopgto: 60, descricao: 'Crédito' };
    const conta2 = await salvarCielo(2, B);
    await ativar(2, conta2.id);
    await ativar(1, null);
    const q = '?estabelecimento=2';
    // The browser's tokenisation parameters are establishment 2's merchant's.
    const antes = fake.requisicoes.length;
    const tk = await app.inject({ url: `${API}/controle/cartao/tokenizacao/${q}`, headers: maria.headers });
    expect(tk.statusCode, tk.body).toBe(200);
    const pedidosSop = fake.requisicoes.slice(antes).filter((r) => r.url.includes('accesstoken'));
    expect(pedidosSop.map((r) => r.headers['merchantid'])).toEqual([B.merchantId]);
    const { url: sopUrl, access_token } = tk.json<{ url: string; access_token: string }>();
    async function tokenizarNoNavegador(token: string) {
      const res = await fetch(sopUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          AccessToken: token,
          HolderName: 'MARIA CLIENTE',
          RawNumber: '4024007153763171',
          Expiration: `12/${new Date().getUTCFullYear() + 2}`,
          SecurityCode: '915',
          EnableTokenize: true,
        }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { CardToken: string }).CardToken;
    }
    const salvo = await tokenizarNoNavegador(access_token);
    const titularDoc = { cnpjoucpf: '52998224725', expiracao: `12/${new Date().getUTCFullYear() + 2}` };
    // Saved on establishment 2's account: its provider is recorded, and only its checkout lists it.
    const s = await app.inject({
      method: 'POST',
      url: `${API}/controle/cartao/${q}`,
      headers: maria.headers,
      payload: { token: salvo, bandeira: 'Visa', titular: 'MARIA CLIENTE', ...titularDoc },
    });
    expect(s.statusCode, s.body).toBe(201);
    expect(
      await t.db.selectFrom('cartao').select('provedor').where('token', '=', salvo).executeTakeFirstOrThrow(),
    ).toEqual({ provedor: 'cielo' });
    const lista = async (qs: string) =>
      (await app.inject({ url: `${API}/controle/cartao/${qs}`, headers: maria.headers }))
        .json<{ token: string }[]>()
        .map((c) => c.token);
    expect(await lista(q)).toContain(salvo);
    // Establishment 1 charges on the environment's gateway (the sandbox): not a Cielo card there.
    expect(await lista('?estabelecimento=1')).not.toContain(salvo);
    expect(await lista('')).toContain(salvo);
    // The environment's gateway does not know establishment 2's merchant's token.
    const fora = await app.inject({
      method: 'POST',
      url: `${API}/controle/cartao/`,
      headers: maria.headers,
      payload: { token: salvo, bandeira: 'Visa', titular: 'MARIA CLIENTE', ...titularDoc },
    });
    expect(fora.statusCode).toBe(201); // the same card already saved is answered as is
    expect(
      (await app.inject({ url: `${API}/controle/cartao/?estabelecimento=x`, headers: maria.headers }))
        .statusCode,
    ).toBe(400);

    // The saved card pays an order at establishment 2, on its merchant.
    const comSalvo = await pedir(2, CREDITO2, { token: salvo, bandeira: 'Visa', cnpjoucpf: '' });
    expect(comSalvo.statusCode, comSalvo.body).toBe(201);
    const v1 = fake.vendas().at(-1)!;
    expect(v1.merchantId).toBe(B.merchantId);
    // A card tokenised in the browser now, not saved, pays too.
    const tk2 = await app.inject({ url: `${API}/controle/cartao/tokenizacao/${q}`, headers: maria.headers });
    const novo = await tokenizarNoNavegador(tk2.json<{ access_token: string }>().access_token);
    const comNovo = await pedir(2, CREDITO2, { token: novo, bandeira: 'Visa', cnpjoucpf: '' });
    expect(comNovo.statusCode, comNovo.body).toBe(201);
    expect(fake.vendas().at(-1)!).toMatchObject({ merchantId: B.merchantId });
    expect(await tentativa(pedidoCriadoSchema.parse(comNovo.json()).id)).toMatchObject({
      idconta: conta2.id,
      gateway: 'cielo',
      estado: 'pago',
    });
    // Establishment 1 on its own Cielo merchant cannot charge establishment 2's merchant's token.
    const conta1 = (await listar(1)).contas.find((c) => c.provedor === 'cielo')!;
    await ativar(1, conta1.id);
    const alheio = await pedir(1, CREDITO1, { token: novo, bandeira: 'Visa', cnpjoucpf: '' });
    expect(alheio.statusCode).toBe(400);
    expect(await lista('?estabelecimento=1')).toContain(salvo); // same provider: offered, …
    // … and the 3-D Secure token is the establishment's gateway's (Cielo's MPI, not the sandbox's).
    const mpi = await app.inject({ url: `${API}/controle/3ds/token/${q}`, headers: maria.headers });
    expect(mpi.statusCode, mpi.body).toBe(200);
    const sb = await app.inject({ url: `${API}/controle/3ds/token/`, headers: maria.headers });
    expect(mpi.json<{ script_url: string }>().script_url).not.toBe(
      sb.json<{ script_url: string }>().script_url,
    );
    await ativar(1, null);
  });

  it('no secret in any byte of the database or the logs', async () => {
    const segredos = [A, B, C].flatMap((m) => [m.merchantKey, m.merchantId]);
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ file: string }>`pragma database_list`.execute(t.db);
      const arquivo = rows.find((r) => r.file)!.file;
      const bytes = [arquivo, `${arquivo}-wal`]
        .filter((f) => existsSync(f))
        .map((f) => readFileSync(f).toString('latin1'))
        .join('');
      for (const s of segredos) expect(bytes.includes(s)).toBe(false);
    }
    for (const tabela of ['segredo', 'conta_pagamento', 'pagamento'] as const) {
      const linhas = JSON.stringify(await t.db.selectFrom(tabela).selectAll().execute());
      for (const s of segredos) expect(linhas.includes(s)).toBe(false);
    }
    expect(logs.length).toBeGreaterThan(0);
    const todos = logs.join('\n');
    for (const s of segredos) expect(todos.includes(s)).toBe(false);
  });
});
