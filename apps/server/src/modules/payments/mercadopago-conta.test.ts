import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { STATUS, pedidoCriadoSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { contaPagamentoSchema } from '@rango/domain/painel/pagamentos';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Dialeto } from '../../db/index.ts';
import { seedEstablishments } from '../../db/seed/seed-establishments.ts';
import type { SeedEstablishment } from '../../db/seed/types.ts';
import { DIALECTS, openTestDb, testConfig } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { startCieloFake } from '../../test/fakes/cielo.ts';
import type { CieloFake } from '../../test/fakes/cielo.ts';
import { CARTAO_3DS, startMercadoPagoFake } from '../../test/fakes/mercadopago.ts';
import type { MercadoPagoFake } from '../../test/fakes/mercadopago.ts';
import { fixtureEstablishments } from '../../test/fixtures.ts';
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

/** Establishment 1 on its own Cielo merchant, establishment 2 on its own Mercado Pago seller. */
const CIELO = { merchantId: randomUUID(), merchantKey: 'AAAAKEYAAAAKEYAAAAKEYAAAAKEYAAAAKEY1A2B3' };
const SELLER = {
  accessToken: `APP_USR-${randomUUID()}-loja2`,
  publicKey: `APP_USR-${randomUUID()}`,
  userId: '202020',
};
/** The install's Mercado Pago application's webhook secret (Suas integrações › Webhooks). */
const WEBHOOK = 'segredo-do-webhook-mp';
const SOP = { clientId: randomUUID(), clientSecret: 'segredo-do-sop' };
const MPI = { clientId: randomUUID(), clientSecret: 'segredo-do-mpi' };

const PIX1 = { id: 31, sttipopgto: 200, descricao: 'PIX' };
const PIX2 = { id: 41, sttipopgto: 200, descricao: 'PIX' };
const DEBITO2 = { id: 43, sttipopgto: 61, descricao: 'Cartão de Débito' };
const CREDITO2 = { id: 44, sttipopgto: 60, descricao: 'Cartão de Crédito' };
const VISA = '4235647728025682';

function fixture(): SeedEstablishment[] {
  const [um, dois] = structuredClone(fixtureEstablishments) as [SeedEstablishment, SeedEstablishment];
  const bebida = um.menu.grupos.flatMap((g) => g.produtos).find((p) => p.idproduto === 311)!;
  dois.formaspgto = [
    { idformapgto: 41, descricao: 'PIX', sttipopgto: 200 },
    { idformapgto: 42, descricao: 'Dinheiro', sttipopgto: 0 },
    { idformapgto: 43, descricao: 'Cartão de Débito', sttipopgto: 61 },
    { idformapgto: 44, descricao: 'Cartão de Crédito', sttipopgto: 60 },
  ];
  dois.menu = { grupos: [{ idgrupo: 60, descricao: 'Bebidas', produtos: [{ ...bebida, idproduto: 611 }] }] };
  dois.detalhe.lojaaberta = true;
  return [um, dois];
}

describe.each(DIALECTS)('Mercado Pago accounts (pasted credentials) on %s', (dialect: Dialeto) => {
  let cielo: CieloFake;
  let mp: MercadoPagoFake;
  let t: TestDb;
  let app: FastifyInstance;
  let maria: ClienteTeste;
  let menus: Map<number, Map<number, Produto>>;
  let donos: Map<number, { authorization: string }>;
  const logs: string[] = [];
  let webhookUrl: string;
  let pix2: { idpedido: number; paymentId: string };

  beforeAll(async () => {
    cielo = await startCieloFake({ ...CIELO, sop: SOP, mpi: MPI });
    mp = await startMercadoPagoFake({ vendedores: [SELLER] });
    t = await openTestDb(dialect);
    await seedEstablishments(t.db, fixture(), { alwaysOpen: false });
    const base = testConfig().payments;
    const config = testConfig({
      rateLimit: false,
      logLevel: 'info',
      // https: Mercado Pago takes only an https notification_url.
      publicUrl: 'https://rango.com.br',
      payments: {
        ...base,
        cielo: { ...base.cielo, merchantId: '', merchantKey: '', apiUrl: cielo.url, queryUrl: cielo.url },
        mercadopago: {
          apiUrl: mp.url,
          authUrl: mp.url,
          scriptUrl: `${mp.url}/js/v2`,
          clientId: undefined,
          clientSecret: undefined,
          webhookSecret: WEBHOOK,
        },
      },
    });
    app = buildApp(config, { db: t.db, logStream: { write: (l) => void logs.push(l) } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = app.server.address();
    webhookUrl = `http://127.0.0.1:${typeof endereco === 'object' && endereco ? endereco.port : 0}${API}/pagamentos/mercadopago/webhook/`;
    await definirHorarios(t.db, 1);
    await definirHorarios(t.db, 2);
    maria = await novoCliente(app, t.db);
    menus = new Map([
      [1, await produtosDoMenu(app, 1)],
      [2, await produtosDoMenu(app, 2)],
    ]);
    donos = new Map([
      [1, await staffBearer(app, t.db, 1, 'dono@pizzaria.test', 'dono')],
      [2, await staffBearer(app, t.db, 2, 'dono@lanchonete.test', 'dono')],
    ]);
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
    await cielo?.close();
    await mp?.close();
  });

  const url = (id: number, resto = '') => `${API}/painel/estabelecimento/${id}/pagamentos/${resto}`;
  const salvar = (id: number, resto: string, payload: Record<string, string>) =>
    app.inject({ method: 'POST', url: url(id, resto), headers: donos.get(id)!, payload });
  async function ativar(id: number, idconta: number) {
    const res = await app.inject({
      method: 'PUT',
      url: url(id, 'ativa/'),
      headers: donos.get(id)!,
      payload: { idconta },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  function pedir(idest: number, forma: typeof PIX1) {
    const p = montarPedido(menus.get(idest)!, {
      idestabelecimento: idest,
      itens: [{ produto: idest === 1 ? 311 : 611, quantidade: 5 }],
      formapgto: forma,
    });
    Object.assign(p.pagamentos[0]!, { pre_pago: true, tipo: 'PIX', troco_para: null, cartao: null });
    return app.inject({ method: 'POST', url: pedidoUrl(idest), headers: maria.headers, payload: p });
  }

  it('without a Mercado Pago application (no MERCADOPAGO_CLIENT_ID) "Conectar" is not offered: pasting is the way', async () => {
    const l = await app.inject({ url: url(2), headers: donos.get(2)! });
    expect(l.json<{ oauth_mercadopago: boolean }>().oauth_mercadopago).toBe(false);
    const c = await app.inject({
      method: 'POST',
      url: url(2, 'mercadopago/conectar/'),
      headers: donos.get(2)!,
    });
    expect(c.statusCode).toBe(400);
    expect(c.json<{ detail: string }>().detail).toContain('cole o Access Token');
  });

  it('refuses malformed and refused Mercado Pago credentials, saving nothing', async () => {
    const mal = await salvar(2, 'mercadopago/', { access_token: 'abc', public_key: 'def' });
    expect(mal.statusCode).toBe(400);
    expect(Object.keys(mal.json<object>())).toEqual(['access_token', 'public_key']);
    const recusada = await salvar(2, 'mercadopago/', {
      access_token: `APP_USR-${randomUUID()}`,
      public_key: SELLER.publicKey,
    });
    expect(recusada.statusCode, recusada.body).toBe(400);
    expect(recusada.json<{ access_token: string[] }>().access_token[0]).toContain('Mercado Pago recusou');
    const n = await t.db
      .selectFrom('conta_pagamento')
      .select('id')
      .where('idestabelecimento', '=', 2)
      .execute();
    expect(n).toHaveLength(0);
  });

  it('an order at establishment 2 is charged on its Mercado Pago seller, one at establishment 1 on its Cielo merchant', async () => {
    const r = await salvar(2, 'mercadopago/', {
      access_token: SELLER.accessToken,
      public_key: SELLER.publicKey,
    });
    expect(r.statusCode, r.body).toBe(201);
    const conta2 = contaPagamentoSchema.parse(r.json());
    expect(conta2.credenciais).toEqual({
      access_token: { configurado: true, final: SELLER.accessToken.slice(-4) },
      public_key: { configurado: true, final: SELLER.publicKey.slice(-4) },
    });
    expect(r.body).not.toContain(SELLER.accessToken);
    await ativar(2, conta2.id);
    const c1 = await salvar(1, 'cielo/', { merchant_id: CIELO.merchantId, merchant_key: CIELO.merchantKey });
    expect(c1.statusCode, c1.body).toBe(201);
    await ativar(1, contaPagamentoSchema.parse(c1.json()).id);

    const p2 = await pedir(2, PIX2);
    expect(p2.statusCode, p2.body).toBe(201);
    const id2 = pedidoCriadoSchema.parse(p2.json()).id;
    const pagamento2 = await t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id2)
      .executeTakeFirstOrThrow();
    expect(pagamento2).toMatchObject({ gateway: 'mercadopago', idconta: conta2.id, estado: 'pendente' });
    expect(mp.credencialDoPagamento(pagamento2.payment_id!)).toBe(SELLER.accessToken);
    pix2 = { idpedido: id2, paymentId: pagamento2.payment_id! };

    const antes = cielo.vendas().length;
    const p1 = await pedir(1, PIX1);
    expect(p1.statusCode, p1.body).toBe(201);
    expect(cielo.vendas()).toHaveLength(antes + 1);
    expect(cielo.vendas().at(-1)!.merchantId).toBe(CIELO.merchantId);
    // The customer's PIX code is Mercado Pago's.
    const ped = await app.inject({ url: `${API}/controle/pedido/${id2}/`, headers: maria.headers });
    expect(ped.statusCode).toBe(200);
  });

  it('a PIX paid at Mercado Pago turns paid by its webhook; forged, replayed or unknown ones change nothing', async () => {
    const estado = async () =>
      (
        await t.db
          .selectFrom('pagamento')
          .select('estado')
          .where('idpedido', '=', pix2.idpedido)
          .executeTakeFirstOrThrow()
      ).estado;
    const status = async () =>
      (
        await t.db
          .selectFrom('pedido')
          .select('status')
          .where('id', '=', pix2.idpedido)
          .executeTakeFirstOrThrow()
      ).status;
    const statusAntes = await status();
    expect(mp.pagarPix(pix2.paymentId)).toBe(true);
    // Forged: signed with another secret, or with no signature at all.
    const forjado = await mp.enviarWebhook(pix2.paymentId, { url: webhookUrl, segredo: 'outro-segredo' });
    expect(forjado.status).toBe(401);
    const semAssinatura = await fetch(`${webhookUrl}?data.id=${pix2.paymentId}&type=payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'payment', data: { id: pix2.paymentId } }),
    });
    expect(semAssinatura.status).toBe(401);
    expect(await estado()).toBe('pendente');
    expect(await status()).toBe(statusAntes);
    // The genuine one: re-read from the seller's account, paid, the order moves on at once.
    const ok = await mp.enviarWebhook(pix2.paymentId, { url: webhookUrl, segredo: WEBHOOK });
    expect(ok.status).toBe(200);
    expect(await estado()).toBe('pago');
    expect(await status()).toBe(STATUS.Sincronizado);
    // The same notification again (a replay): acknowledged, ignored.
    const replay = await fetch(ok.url, {
      method: 'POST',
      headers: ok.headers,
      body: JSON.stringify(ok.corpo),
    });
    expect(replay.status).toBe(200);
    // A signed webhook about a payment that is not ours changes nothing.
    const alheio = await mp.enviarWebhook('999999999', { url: webhookUrl, segredo: WEBHOOK });
    expect(alheio.status).toBe(200);
  });

  it("the checkout is told to tokenise with Mercado Pago's SDK and the account's public key; the CSP lists exactly its hosts", async () => {
    const r = await app.inject({
      url: `${API}/controle/cartao/tokenizacao/?estabelecimento=2`,
      headers: maria.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      provedor: 'mercadopago',
      url: `${mp.url}/js/v2`,
      access_token: SELLER.publicKey,
      expires_in: 86_400,
    });
    expect(r.body).not.toContain(SELLER.accessToken);

    const csp = String(r.headers['content-security-policy']);
    const diretiva = (nome: string) =>
      csp
        .split(';')
        .find((d) => d.startsWith(`${nome} `))
        ?.split(' ')
        .slice(1);
    expect(diretiva('script-src')).toEqual(["'self'", mp.url]);
    expect(diretiva('connect-src')).toEqual(["'self'", mp.url]);
    expect(diretiva('frame-src')).toEqual(["'self'", mp.url, 'https:']);
  });

  it("a debit challenged by the bank: the order's page frames our signed page, which posts the creq to Mercado Pago's challenge", async () => {
    // What Mercado Pago's SDK does in the browser: the card goes to Mercado Pago, a token comes back.
    const tk = await fetch(`${mp.url}/v1/card_tokens?public_key=${encodeURIComponent(SELLER.publicKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: CARTAO_3DS,
        security_code: '123',
        expiration_month: 11,
        expiration_year: new Date().getFullYear() + 2,
        cardholder: { name: 'APRO', identification: { type: 'CPF', number: '52998224725' } },
      }),
    });
    expect(tk.status).toBe(201);
    const token = (await tk.json()) as { id: string };
    const p = montarPedido(menus.get(2)!, {
      idestabelecimento: 2,
      itens: [{ produto: 611, quantidade: 5 }],
      formapgto: DEBITO2,
    });
    Object.assign(p.pagamentos[0]!, {
      pre_pago: true,
      tipo: 'CARTAO',
      troco_para: null,
      cartao: {
        token: token.id,
        bandeira: 'Master',
        titular: 'APRO',
        cnpjoucpf: '52998224725',
        tipo: 'DEBITO',
      },
    });
    const r = await app.inject({ method: 'POST', url: pedidoUrl(2), headers: maria.headers, payload: p });
    expect(r.statusCode, r.body).toBe(201);
    const id = pedidoCriadoSchema.parse(r.json()).id;
    const pg = await t.db
      .selectFrom('pagamento')
      .selectAll()
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    expect(pg).toMatchObject({ gateway: 'mercadopago', estado: 'pendente', tipo: 'debito' });
    expect(mp.pagamentos().at(-1)).toMatchObject({ status_detail: 'pending_challenge' });
    // The order's transaction carries our own page's address, signed.
    const caminho = pg.url!;
    expect(caminho).toMatch(/^\/api\/ead\/pagamentos\/mercadopago\/desafio\/[A-Za-z0-9]+\/[\w-]{43}\/$/);
    const pagina = await app.inject({ url: caminho });
    expect(pagina.statusCode).toBe(200);
    const creq = String((mp.pagamentos().at(-1)!.three_ds_info as { creq: string }).creq);
    expect(pagina.body).toContain(`action="${mp.url}/3ds/desafio/${pg.payment_id}"`);
    expect(pagina.body).toContain(`value="${creq}"`);
    const csp = String(pagina.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(pagina.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain(`form-action ${mp.url};`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(pagina.headers['cache-control']).toBe('no-store');
    // A forged signature, or another attempt's key under this signature, opens nothing.
    const [, , , , , , chave, assinatura] = caminho.split('/');
    const forjada = await app.inject({ url: caminho.replace(assinatura!, 'A'.repeat(43)) });
    expect(forjada.statusCode).toBe(404);
    expect(forjada.body).not.toContain(creq);
    const outra = await app.inject({ url: caminho.replace(chave!, `${chave!.slice(0, -1)}9`) });
    expect(outra.statusCode).toBe(404);

    // The bank approves: the order is paid once Mercado Pago's webhook has it read again.
    expect(mp.concluirDesafio(pg.payment_id!, true)).toBe(true);
    const w = await mp.enviarWebhook(pg.payment_id!, { url: webhookUrl, segredo: WEBHOOK });
    expect(w.status).toBe(200);
    const depois = await t.db
      .selectFrom('pagamento')
      .select(['estado', 'url'])
      .where('id', '=', pg.id)
      .executeTakeFirstOrThrow();
    expect(depois).toEqual({ estado: 'pago', url: null });
    // Once paid, the page has nothing to open.
    expect((await app.inject({ url: caminho })).statusCode).toBe(404);
  });

  it("names the establishment's own host as the payment's notification_url; its webhook lands there", async () => {
    // Without a host name: the platform's origin.
    expect(mp.pagamentos().at(-1)).toBeDefined();
    const antes = mp.pagamentos().find((p) => String(p.id) === pix2.paymentId)!;
    expect(antes.notification_url).toBe(`https://rango.com.br${API}/pagamentos/mercadopago/webhook/`);
    const host = 'pedidos.lanchonete.com.br';
    const d = await app.inject({
      method: 'POST',
      url: `${API}/painel/estabelecimento/2/dominios/`,
      headers: donos.get(2)!,
      payload: { host },
    });
    expect(d.statusCode, d.body).toBe(201);
    const p2 = await pedir(2, PIX2);
    expect(p2.statusCode, p2.body).toBe(201);
    const id = pedidoCriadoSchema.parse(p2.json()).id;
    const { payment_id } = await t.db
      .selectFrom('pagamento')
      .select('payment_id')
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    const criado = mp.pagamentos().find((p) => String(p.id) === payment_id)!;
    expect(criado.notification_url).toBe(`https://${host}${API}/pagamentos/mercadopago/webhook/`);
    // The route answers under that host (the same server behind the same edge): a signed
    // notification there moves the payment, re-read from the seller's account.
    expect(mp.pagarPix(payment_id!)).toBe(true);
    const aviso = await mp.enviarWebhook(payment_id!, { url: webhookUrl, segredo: WEBHOOK });
    expect(aviso.status).toBe(200);
    const sobHost = await app.inject({
      method: 'POST',
      url: new URL(aviso.url).pathname + new URL(aviso.url).search,
      headers: { ...aviso.headers, host },
      payload: aviso.corpo,
    });
    // The same notification again, now under the host: a replay, acknowledged and ignored.
    expect(sobHost.statusCode).toBe(200);
    const pago = await t.db
      .selectFrom('pagamento')
      .select('estado')
      .where('idpedido', '=', id)
      .executeTakeFirstOrThrow();
    expect(pago.estado).toBe('pago');
  });

  /** What Mercado Pago's SDK does in the browser (the card, or a saved card's id + CVV, to Mercado Pago). */
  async function tokenNoNavegador(corpo: Record<string, unknown>): Promise<string> {
    const tk = await fetch(`${mp.url}/v1/card_tokens?public_key=${encodeURIComponent(SELLER.publicKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(corpo),
    });
    expect(tk.status).toBe(201);
    return ((await tk.json()) as { id: string }).id;
  }
  const cartaoNovo = (numero: string) =>
    tokenNoNavegador({
      card_number: numero,
      security_code: '123',
      expiration_month: 11,
      expiration_year: new Date().getFullYear() + 2,
      cardholder: { name: 'APRO', identification: { type: 'CPF', number: '52998224725' } },
    });
  function pedirCredito(cliente: ClienteTeste, cartao: Record<string, unknown>) {
    const p = montarPedido(menus.get(2)!, {
      idestabelecimento: 2,
      itens: [{ produto: 611, quantidade: 5 }],
      formapgto: CREDITO2,
    });
    Object.assign(p.pagamentos[0]!, {
      pre_pago: true,
      tipo: 'CARTAO',
      troco_para: null,
      cartao: { bandeira: 'Visa', titular: 'APRO', cnpjoucpf: '52998224725', tipo: 'CREDITO', ...cartao },
    });
    return app.inject({ method: 'POST', url: pedidoUrl(2), headers: cliente.headers, payload: p });
  }
  const pagamentoDo = (idpedido: number) =>
    t.db.selectFrom('pagamento').selectAll().where('idpedido', '=', idpedido).executeTakeFirstOrThrow();

  it('a saved card is paid with the browser token of its card id + CVV, never with a CVV on our server; another customer cannot use it', async () => {
    // Saved at checkout: paid with the browser's token, then kept on Maria's Mercado Pago customer.
    const r1 = await pedirCredito(maria, { token: await cartaoNovo(VISA), salvar: true });
    expect(r1.statusCode, r1.body).toBe(201);
    expect(await pagamentoDo(pedidoCriadoSchema.parse(r1.json()).id)).toMatchObject({ estado: 'pago' });
    const salvo = await t.db
      .selectFrom('cartao')
      .selectAll()
      .where('idcliente', '=', maria.id)
      .where('provedor', '=', 'mercadopago')
      .executeTakeFirstOrThrow();
    expect(salvo).toMatchObject({ bandeira: 'Visa', numero: '************5682' });
    const [, cardId] = /^c(\d+)-/.exec(salvo.token)!;

    // The saved card's reference alone (no CVV token): refused, the CVV is asked for; nothing charged.
    const n = mp.pagamentos().length;
    const semCvv = await pedirCredito(maria, { token: salvo.token });
    expect(semCvv.statusCode).toBe(400);
    expect(semCvv.json()).toMatchObject({ codigo: 106, msg: expect.stringMatching(/código de segurança/) });
    // A CVV sent to our server for Mercado Pago is refused before anything.
    const comCvv = await pedirCredito(maria, {
      token: await tokenNoNavegador({ card_id: cardId, security_code: '123' }),
      cvv: '123',
    });
    expect(comCvv.statusCode).toBe(400);
    expect(comCvv.json()).toMatchObject({
      codigo: 106,
      msg: expect.stringMatching(/campo seguro do Mercado Pago/),
    });
    expect(mp.pagamentos().length).toBe(n);

    // The browser's token of card id + CVV (Mercado Pago's secure field) pays it.
    const r2 = await pedirCredito(maria, {
      token: await tokenNoNavegador({ card_id: cardId, security_code: '123' }),
    });
    expect(r2.statusCode, r2.body).toBe(201);
    expect(await pagamentoDo(pedidoCriadoSchema.parse(r2.json()).id)).toMatchObject({ estado: 'pago' });
    expect(mp.pagamentos().at(-1)).toMatchObject({
      payer: { type: 'customer' },
      payment_method_id: 'visa',
      issuer_id: '24',
      installments: 1,
    });

    // João with Maria's card id: refused as an invalid card, never paid.
    const joao = await novoCliente(app, t.db, { nome: 'João' });
    const m = mp.pagamentos().length;
    const alheio = await pedirCredito(joao, {
      token: await tokenNoNavegador({ card_id: cardId, security_code: '123' }),
    });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json()).toMatchObject({ codigo: 106, msg: 'Cartão inválido.' });
    expect(mp.pagamentos().length).toBe(m);
    // No CVV in any byte we logged.
    expect(logs.join('\n')).not.toMatch(/security_code|"cvv"\s*:\s*"123"/);
  });

  it('a card added in the profile for a Mercado Pago establishment is kept on the customer, then paid with its card-id + CVV token', async () => {
    const ana = await novoCliente(app, t.db, { nome: 'Ana' });
    const token = await cartaoNovo('5031433215406351');
    const r = await app.inject({
      method: 'POST',
      url: `${API}/controle/cartao/?estabelecimento=2`,
      headers: ana.headers,
      payload: {
        token,
        bandeira: 'Master',
        titular: 'APRO',
        cnpjoucpf: '52998224725',
        expiracao: `11/${new Date().getFullYear() + 2}`,
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    const salvo = await t.db
      .selectFrom('cartao')
      .selectAll()
      .where('idcliente', '=', ana.id)
      .executeTakeFirstOrThrow();
    // Not the one-use token: the saved card's reference at Mercado Pago.
    expect(salvo).toMatchObject({ provedor: 'mercadopago', numero: '************6351' });
    const [, cardId] = /^c(\d+)-[A-Za-z0-9-]+$/.exec(salvo.token)!;
    const pago = await pedirCredito(ana, {
      token: await tokenNoNavegador({ card_id: cardId, security_code: '123' }),
      bandeira: 'Master',
    });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(await pagamentoDo(pedidoCriadoSchema.parse(pago.json()).id)).toMatchObject({ estado: 'pago' });
    expect(mp.pagamentos().at(-1)).toMatchObject({
      payer: { type: 'customer' },
      payment_method_id: 'master',
    });
  });

  it('a credit card challenged by the bank runs the same challenge as debit: pending with our signed page, then paid (and saved)', async () => {
    const token = await cartaoNovo(CARTAO_3DS);
    const r = await pedirCredito(maria, { token, bandeira: 'Master', salvar: true });
    expect(r.statusCode, r.body).toBe(201);
    const id = pedidoCriadoSchema.parse(r.json()).id;
    const pg = await pagamentoDo(id);
    expect(pg).toMatchObject({ gateway: 'mercadopago', estado: 'pendente', tipo: 'credito' });
    expect(mp.pagamentos().at(-1)).toMatchObject({
      status_detail: 'pending_challenge',
      payment_type_id: 'credit_card',
    });
    expect(pg.url).toMatch(/^\/api\/ead\/pagamentos\/mercadopago\/desafio\/[A-Za-z0-9]+\/[\w-]{43}\/$/);
    const pagina = await app.inject({ url: pg.url! });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body).toContain(`action="${mp.url}/3ds/desafio/${pg.payment_id}"`);
    expect(mp.concluirDesafio(pg.payment_id!, true)).toBe(true);
    const w = await mp.enviarWebhook(pg.payment_id!, { url: webhookUrl, segredo: WEBHOOK });
    expect(w.status).toBe(200);
    expect(await pagamentoDo(id)).toMatchObject({ estado: 'pago', url: null });
    // Asked to be saved: kept on Maria's Mercado Pago customer once approved, with that payment's token.
    const salvo = await t.db
      .selectFrom('cartao')
      .select(['token', 'numero'])
      .where('idcliente', '=', maria.id)
      .where('numero', '=', '************4623')
      .executeTakeFirstOrThrow();
    expect(salvo.token).toMatch(/^c\d+-[A-Za-z0-9-]+$/);
    expect(salvo.token).not.toBe(token);
  });

  it('a revoked access token marks the account and the owner sees why', async () => {
    mp.revogarToken(SELLER.accessToken);
    const contas = await app.inject({ url: url(2), headers: donos.get(2)! });
    const ativa = contas.json<{ ativa: number; contas: { id: number }[] }>().ativa;
    const teste = await app.inject({
      method: 'POST',
      url: url(2, `${ativa}/teste/`),
      headers: donos.get(2)!,
    });
    expect(teste.body).toContain('Mercado Pago recusou');
    const depois = await app.inject({ url: url(2), headers: donos.get(2)! });
    expect(depois.json<{ online_disponivel: boolean }>().online_disponivel).toBe(false);
  });

  it('no Mercado Pago secret in any byte of the database or the logs', async () => {
    const segredos = [SELLER.accessToken, SELLER.publicKey];
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
    for (const s of segredos) expect(logs.join('\n').includes(s)).toBe(false);
  });
});
