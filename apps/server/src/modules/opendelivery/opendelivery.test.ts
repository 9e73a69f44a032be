import { readFileSync } from 'node:fs';
import { STATUS } from '@rango/domain';
import { credencialComSegredoSchema, opendeliverySchema } from '@rango/domain/painel/opendelivery';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { moverPedido } from '../orders/status.ts';
import {
  DINHEIRO,
  definirHorarios,
  entregarNaArea41,
  montarPedido,
  novoCliente,
  novoEndereco,
  pedidoUrl,
  produtosDoMenu,
} from '../orders/testing.ts';
import type { ClienteTeste, PedidoOpcoes } from '../orders/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';

const OD = `${API}/opendelivery`;
const est = (id: number) => `${API}/painel/estabelecimento/${id}/opendelivery`;

/** The standard's own JSON schemas (schemas/README.md), through ajv: every document Rango emits is checked. */
const esquema = JSON.parse(
  readFileSync(new URL('./schemas/opendelivery-v1.3.0.json', import.meta.url), 'utf8'),
) as { $id: string };
const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is typed against its own copy of ajv (the same major): the instance is the same shape.
addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
for (const f of ['decimal', 'double', 'float', 'UUID', 'URL', 'CRC32']) ajv.addFormat(f, true);
ajv.addSchema(esquema);
function conforme(def: string, doc: unknown, lista = false): void {
  const ref = { $ref: `${esquema.$id}#/definitions/${def}` };
  const validate = ajv.compile(lista ? { type: 'array', items: ref } : ref);
  const ok = validate(doc);
  expect(validate.errors ?? [], `${def}: ${JSON.stringify(doc).slice(0, 400)}`).toEqual([]);
  expect(ok).toBe(true);
}

interface Evento {
  eventId: string;
  eventType: string;
  orderId: string;
  orderURL: string;
  metadata?: { reason: string; code: string };
}

/** Events by type, the one the metadata variant the standard maps it to. */
const DEF_EVENTO: Record<string, string> = {
  CANCELLED: 'EventMetadataCancel',
  CONFIRMED: 'Event',
};

describe.each(DIALECTS)('Open Delivery (Rango as the Ordering Application) on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let donoOutro: { authorization: string };
  let maria: ClienteTeste;
  let casa: number;
  let agora = Date.now();
  let cred: { client_id: string; client_secret: string };
  let credOutro: { client_id: string; client_secret: string };

  beforeAll(async () => {
    ta = await openTestApp(dialect, { rateLimit: false }, { opendelivery: { agora: () => new Date(agora) } });
    await ta.app.ready();
    await definirHorarios(ta.t.db, 1);
    await definirHorarios(ta.t.db, 2);
    await entregarNaArea41(ta.t.db);
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    donoOutro = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    maria = await novoCliente(ta.app, ta.t.db);
    casa = await novoEndereco(ta.t.db, maria.id);
    cred = await criarCredencial(dono, 1);
    credOutro = await criarCredencial(donoOutro, 2);
  });
  afterAll(async () => {
    await ta?.close();
  });
  beforeEach(() => {
    // Each test polls 10 s after the last: never too often unless a test says so.
    agora += 10_000;
  });

  async function criarCredencial(h: { authorization: string }, id: number) {
    const res = await ta.app.inject({ method: 'POST', url: `${est(id)}/credenciais/`, headers: h });
    expect(res.statusCode, res.body).toBe(201);
    const c = credencialComSegredoSchema.parse(res.json());
    return { client_id: c.credencial.client_id, client_secret: c.client_secret };
  }

  async function token(c = cred): Promise<{ authorization: string }> {
    const res = await ta.app.inject({
      method: 'POST',
      url: `${OD}/oauth/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...c, grant_type: 'client_credentials' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    conforme('TokenResponse', res.json());
    return { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` };
  }

  const od = (opts: InjectOptions, h: { authorization: string }) =>
    ta.app.inject({ ...opts, url: `${OD}${opts.url ?? ''}`, headers: { ...h, ...(opts.headers ?? {}) } });

  async function pedir(o: Partial<PedidoOpcoes> = {}, idest = 1): Promise<{ id: number; uuid: string }> {
    const produtos = await produtosDoMenu(ta.app, idest);
    const payload = montarPedido(produtos, {
      idestabelecimento: idest,
      itens: [{ produto: 311, quantidade: 5 }],
      ...o,
    });
    const res = await ta.app.inject({
      method: 'POST',
      url: pedidoUrl(idest),
      payload,
      headers: maria.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: (res.json() as { id: number }).id, uuid: payload.pedido_id };
  }

  async function poll(h: { authorization: string }): Promise<Evento[]> {
    agora += 10_000;
    const res = await od({ url: '/v1/events:polling' }, h);
    if (res.statusCode === 204) return [];
    expect(res.statusCode, res.body).toBe(200);
    const eventos = res.json() as Evento[];
    for (const e of eventos) conforme(DEF_EVENTO[e.eventType] ?? 'EventMetadata', e);
    return eventos;
  }

  /**
   * Polls until at least `n` events are pending (PostgreSQL: an event of a transaction that is not
   * yet below every reader's horizon — xmin, held back by any transaction still running on the
   * server — is handed out by a later poll, never skipped).
   */
  async function pollAte(h: { authorization: string }, n: number, orderId?: string): Promise<Evento[]> {
    let eventos: Evento[] = [];
    for (let i = 0; i < 300; i++) {
      eventos = (await poll(h)).filter((e) => orderId === undefined || e.orderId === orderId);
      if (eventos.length >= n) return eventos;
      await new Promise((r) => setTimeout(r, 50));
    }
    return eventos;
  }

  async function ack(h: { authorization: string }, eventos: Evento[]) {
    const body = eventos.map((e) => ({ id: e.eventId, orderId: e.orderId, eventType: e.eventType }));
    conforme('AckEvents', body, true);
    return od({ method: 'POST', url: '/v1/events/acknowledgment', payload: body }, h);
  }

  /** Polls and acknowledges everything pending (each test starts with nothing waiting). */
  async function esvaziar(h: { authorization: string }) {
    const e = await poll(h);
    if (e.length > 0) expect((await ack(h, e)).statusCode).toBe(202);
  }

  it('gives a token for the client credentials (form and JSON); a wrong secret or grant is refused in the standard’s Error shape', async () => {
    await token();
    const json = await ta.app.inject({
      method: 'POST',
      url: `${OD}/oauth/token`,
      payload: { ...cred, grant_type: 'client_credentials' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600 });

    const errado = await ta.app.inject({
      method: 'POST',
      url: `${OD}/oauth/token`,
      payload: {
        client_id: cred.client_id,
        client_secret: `${cred.client_secret}x`,
        grant_type: 'client_credentials',
      },
    });
    expect(errado.statusCode).toBe(401);
    expect(errado.headers['content-type']).toContain('application/problem+json');
    conforme('Error', errado.json());
    // Another establishment's id with this one's secret.
    const cruzado = await ta.app.inject({
      method: 'POST',
      url: `${OD}/oauth/token`,
      payload: {
        client_id: credOutro.client_id,
        client_secret: cred.client_secret,
        grant_type: 'client_credentials',
      },
    });
    expect(cruzado.statusCode).toBe(401);
    const grant = await ta.app.inject({
      method: 'POST',
      url: `${OD}/oauth/token`,
      payload: { ...cred, grant_type: 'password' },
    });
    expect(grant.statusCode).toBe(400);
    conforme('Error', grant.json());
  });

  it('is published in the OpenAPI document under the tag Open Delivery, the polling path with its literal colon', async () => {
    const res = await ta.app.inject({ url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; parameters?: { name: string }[] }>>;
    };
    const polling = doc.paths[`${OD}/v1/events:polling`]?.get;
    expect(polling?.tags).toEqual(['Open Delivery']);
    expect((polling?.parameters ?? []).map((p) => p.name)).not.toContain('polling');
    for (const acao of [
      'confirm',
      'preparing',
      'readyForPickup',
      'dispatch',
      'delivered',
      'requestCancellation',
    ])
      expect(doc.paths[`${OD}/v1/orders/{orderId}/${acao}`]?.post?.tags, acao).toEqual(['Open Delivery']);
    expect(doc.paths[`${OD}/oauth/token`]?.post).toBeDefined();
  });

  it('a wrong, missing or expired token answers 401', async () => {
    for (const authorization of ['', 'Bearer naoexisteeste-token-aqui-de-jeito-nenhum', 'Basic abc']) {
      const res = await od({ url: '/v1/events:polling' }, { authorization });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ title: expect.any(String), status: 401 });
      conforme('Error', res.json());
    }
    const h = await token();
    agora += 3601_000;
    const vencido = await od({ url: '/v1/events:polling' }, h);
    expect(vencido.statusCode).toBe(401);
  });

  it('polls a new order and its moves with stable ids, acknowledges them, and answers 429 when polled too often', async () => {
    const h = await token();
    await esvaziar(h);
    const p = await pedir();
    const [criado, ...resto] = await pollAte(h, 1, p.uuid);
    expect(resto).toEqual([]);
    expect(criado).toMatchObject({ eventType: 'CREATED', orderId: p.uuid });
    expect(criado!.orderURL).toMatch(new RegExp(`/api/ead/opendelivery/v1/orders/${p.uuid}$`));
    // Not acknowledged: the same event, with the same id, comes again.
    const denovo = (await poll(h)).filter((e) => e.orderId === p.uuid);
    expect(denovo.map((e) => e.eventId)).toEqual([criado!.eventId]);
    // Too soon after the last poll: the rate answer, with Retry-After.
    const cedo = await od({ url: '/v1/events:polling' }, h);
    expect(cedo.statusCode).toBe(429);
    expect(Number(cedo.headers['retry-after'])).toBeGreaterThan(0);
    conforme('Error', cedo.json());

    expect((await ack(h, denovo)).statusCode).toBe(202);
    expect((await poll(h)).filter((e) => e.orderId === p.uuid)).toEqual([]);
    // The panel moves it: the POS hears of it.
    await moverPedido(ta.t.db, p.id, STATUS.Confirmado);
    const [conf] = await pollAte(h, 1, p.uuid);
    expect(conf).toMatchObject({ eventType: 'CONFIRMED', orderId: p.uuid });
    await ack(h, [conf!]);
    // The page shows the POS's last poll and its acknowledgements.
    const painel = opendeliverySchema.parse(
      (await ta.app.inject({ url: `${est(1)}/`, headers: dono })).json(),
    );
    const c = painel.credenciais.find((x) => x.client_id === cred.client_id)!;
    expect(c.ultimo_polling_em).not.toBeNull();
    expect(c.acks).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(painel)).not.toContain(cred.client_secret);
  });

  it('acknowledging an unknown event id answers 404 after acknowledging the known ones', async () => {
    const h = await token();
    await esvaziar(h);
    const p1 = await pedir();
    const eventos = await pollAte(h, 1, p1.uuid);
    expect(eventos).toHaveLength(1);
    const res = await ack(h, [
      ...eventos,
      { ...eventos[0]!, eventId: '00000000-0000-4000-8000-000000000000' },
    ]);
    expect(res.statusCode).toBe(404);
    conforme('Error', res.json());
    expect((await poll(h)).filter((e) => e.orderId === p1.uuid)).toEqual([]);
    // This merchant's event is unknown to another: 404, and it stays pending here.
    const p2 = await pedir();
    const nossos = await pollAte(h, 1, p2.uuid);
    expect(nossos).toHaveLength(1);
    const h2 = await token(credOutro);
    expect((await ack(h2, nossos)).statusCode).toBe(404);
    expect((await poll(h2)).map((e) => e.eventId)).not.toContain(nossos[0]!.eventId);
    expect((await poll(h)).filter((e) => e.orderId === p2.uuid).map((e) => e.eventId)).toEqual([
      nossos[0]!.eventId,
    ]);
    await ack(h, nossos);
  });

  it('reads the order in the standard’s format: items, options, prices from cents, customer, delivery, cash to collect with change', async () => {
    const h = await token();
    const p = await pedir({
      tipo: 'DELIVERY',
      endereco: casa,
      taxaCents: 490,
      abonoCents: 6000,
      formapgto: DINHEIRO,
      troco_para: 20000,
      itens: [
        { produto: 311, quantidade: 2 },
        { produto: 302, quantidade: 1, escolhas: { 501: { 9102: 1 }, 502: { 9003: 1 } } },
      ],
    });
    const res = await od({ url: `/v1/orders/${p.uuid}` }, h);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as { items: { options?: unknown[] }[] } & Record<string, unknown>;
    conforme('Order', doc);
    const gravado = await ta.t.db
      .selectFrom('pedido')
      .select(['subtotal', 'total', 'taxa_entrega', 'referencia'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({
      id: p.uuid,
      type: 'DELIVERY',
      displayId: gravado.referencia,
      lastEvent: 'CREATED',
      total: {
        itemsPrice: { value: gravado.subtotal / 100, currency: 'BRL' },
        otherFees: { value: (gravado.taxa_entrega ?? 0) / 100, currency: 'BRL' },
        orderAmount: { value: gravado.total / 100, currency: 'BRL' },
      },
      payments: {
        prepaid: 0,
        pending: gravado.total / 100,
        methods: [{ type: 'PENDING', method: 'CASH', changeFor: 200, value: gravado.total / 100 }],
      },
      delivery: {
        deliveredBy: 'MERCHANT',
        deliveryAddress: {
          city: 'São Paulo',
          state: 'SP',
          coordinates: { latitude: -23.5505, longitude: -46.6333 },
        },
      },
    });
    expect(doc.items).toHaveLength(2);
    expect(doc.items[1]!.options?.length).toBeGreaterThanOrEqual(1);
    // Stable: the same document twice.
    expect((await od({ url: `/v1/orders/${p.uuid}` }, h)).json()).toEqual(doc);
  });

  it('another merchant’s order, or an unknown one, answers 404 to reads and moves', async () => {
    // The order is establishment 1's; the token is establishment 2's POS.
    const h = await token(credOutro);
    const deles = await pedir();
    for (const url of [`/v1/orders/${deles.uuid}`, '/v1/orders/00000000-0000-4000-8000-000000000000']) {
      const res = await od({ url }, h);
      expect(res.statusCode).toBe(404);
      conforme('Error', res.json());
    }
    const mov = await od({ method: 'POST', url: `/v1/orders/${deles.uuid}/confirm`, payload: {} }, h);
    expect(mov.statusCode).toBe(404);
    const row = await ta.t.db
      .selectFrom('pedido')
      .select('status')
      .where('id', '=', deles.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(STATUS.Realizado);
  });

  it('moves a delivery through every status via the status machine; the POS hears each move; a refused move is 422', async () => {
    const h = await token();
    await esvaziar(h);
    const p = await pedir({ tipo: 'DELIVERY', endereco: casa, taxaCents: 490, abonoCents: 6000 });
    const status = async () =>
      (await ta.t.db.selectFrom('pedido').select('status').where('id', '=', p.id).executeTakeFirstOrThrow())
        .status;
    const mover = (acao: string, payload: object = {}) =>
      od({ method: 'POST', url: `/v1/orders/${p.uuid}/${acao}`, payload }, h);

    // Not yet confirmed: ready, dispatched or delivered are refused by the machine.
    for (const acao of ['readyForPickup', 'delivered']) {
      const r = await mover(acao);
      expect(r.statusCode, acao).toBe(422);
      conforme('Error', r.json());
    }
    const confirmacao = {
      createdAt: new Date(agora).toISOString(),
      orderExternalCode: 'PDV-1',
      preparationTime: 20,
    };
    conforme('OrderConfirmed', confirmacao);
    expect((await mover('confirm', confirmacao)).statusCode).toBe(202);
    expect(await status()).toBe(STATUS.Confirmado);
    // Confirmed twice: the machine refuses.
    expect((await mover('confirm', confirmacao)).statusCode).toBe(422);
    expect((await mover('preparing')).statusCode).toBe(202);
    expect(await status()).toBe(STATUS.Confirmado);
    expect((await mover('readyForPickup')).statusCode).toBe(202);
    expect(await status()).toBe(STATUS.Pronto);
    expect((await mover('dispatch')).statusCode).toBe(202);
    expect((await mover('delivered')).statusCode).toBe(202);
    expect(await status()).toBe(STATUS.Entregue);
    // The order's history is the status machine's (the customer's page reads it).
    const hist = await ta.t.db
      .selectFrom('pedido_historico')
      .select('status')
      .where('idpedido', '=', p.id)
      .orderBy('datahora')
      .execute();
    expect(hist.map((x) => x.status)).toEqual([
      STATUS.Realizado,
      STATUS.Confirmado,
      STATUS.Pronto,
      STATUS.Entregue,
    ]);
    const eventos = await pollAte(h, 4, p.uuid);
    expect(eventos.map((e) => e.eventType)).toEqual([
      'CREATED',
      'CONFIRMED',
      'READY_FOR_PICKUP',
      'DELIVERED',
    ]);
    await ack(h, eventos);
    const doc = (await od({ url: `/v1/orders/${p.uuid}` }, h)).json();
    conforme('Order', doc);
    expect(doc).toMatchObject({ lastEvent: 'DELIVERED' });
    // Finished: a cancellation is refused.
    const cancel = { reason: 'Tarde demais', code: 'SYSTEMIC_ISSUES', mode: 'MANUAL' };
    expect((await mover('requestCancellation', cancel)).statusCode).toBe(202);
    expect(await status()).toBe(STATUS.Cancelado);
    expect((await mover('requestCancellation', cancel)).statusCode).toBe(422);
  });

  it('a pickup: ready then delivered concludes it; dispatch is refused', async () => {
    const h = await token();
    const p = await pedir();
    const mover = (acao: string) =>
      od({ method: 'POST', url: `/v1/orders/${p.uuid}/${acao}`, payload: {} }, h);
    expect((await mover('preparing')).statusCode).toBe(202);
    expect((await mover('readyForPickup')).statusCode).toBe(202);
    expect((await mover('dispatch')).statusCode).toBe(422);
    expect((await mover('delivered')).statusCode).toBe(202);
    const row = await ta.t.db
      .selectFrom('pedido')
      .select('status')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(STATUS.Concluido);
  });

  it('cancels with the reason given; the CANCELLED event carries it; accept/deny have no customer request (422); a bad body is 400', async () => {
    const h = await token();
    await esvaziar(h);
    const p = await pedir();
    const mover = (acao: string, payload: object = {}) =>
      od({ method: 'POST', url: `/v1/orders/${p.uuid}/${acao}`, payload }, h);
    const ruim = await mover('requestCancellation', { reason: 'x', code: 'NAO_EXISTE', mode: 'MANUAL' });
    expect(ruim.statusCode).toBe(400);
    conforme('Error', ruim.json());
    expect((await mover('acceptCancellation')).statusCode).toBe(422);
    expect(
      (await mover('denyCancellation', { reason: 'Já saiu', code: 'OUT_FOR_DELIVERY' })).statusCode,
    ).toBe(422);
    const pedido = { reason: 'Sem entregador', code: 'RESTAURANT_WITHOUT_DELIVERY_PERSON', mode: 'MANUAL' };
    conforme('RequestCancelled', pedido);
    expect((await mover('requestCancellation', pedido)).statusCode).toBe(202);
    const hist = await ta.t.db
      .selectFrom('pedido_historico')
      .select(['status', 'motivo'])
      .where('idpedido', '=', p.id)
      .where('status', '=', STATUS.Cancelado)
      .executeTakeFirstOrThrow();
    expect(hist.motivo).toBe('Sem entregador');
    const eventos = await pollAte(h, 2, p.uuid);
    expect(eventos.map((e) => e.eventType)).toEqual(['CREATED', 'CANCELLED']);
    expect(eventos[1]!.metadata).toEqual({ reason: 'Sem entregador', code: 'OTHER_CANCELLATION_REASON' });
    await ack(h, eventos);
  });

  it('publishes the store and its menu as the standard’s Merchant (0 errors against its schema) once the store has CNPJ, e-mail, phone and location; 503 naming what is missing before', async () => {
    const h = await token();
    const dados = `${API}/painel/estabelecimento/1/dados/`;
    const atual = (await ta.app.inject({ url: dados, headers: dono })).json() as Record<string, unknown> & {
      endereco: Record<string, unknown>;
    };
    const corpo = {
      apelidooufantasia: atual.apelidooufantasia,
      nomeourazaosocial: atual.nomeourazaosocial,
      endereco: atual.endereco,
      fones: ['(11) 3333-4444'],
      pedidominimo: atual.pedidominimo,
      previsaoentregamin: atual.previsaoentregamin,
      previsaoentregamax: atual.previsaoentregamax,
    };
    const limpo = await ta.app.inject({
      method: 'PUT',
      url: dados,
      headers: dono,
      payload: { ...corpo, cnpj: '', email_contato: null, lat: null, lng: null },
    });
    expect(limpo.statusCode, limpo.body).toBe(200);
    const painel = (await ta.app.inject({ url: `${est(1)}/`, headers: dono })).json() as {
      merchant_pendencias: string[];
    };
    expect(painel.merchant_pendencias).toEqual(['CNPJ', 'E-mail de contato', 'Localização da loja']);
    const incompleto = await od({ url: '/v1/merchant' }, h);
    expect(incompleto.statusCode).toBe(503);
    conforme('Error', incompleto.json());
    expect((incompleto.json() as { title: string }).title).toContain('CNPJ, E-mail de contato');

    // The owner's refusals, in Portuguese, by field.
    const ruim = await ta.app.inject({
      method: 'PUT',
      url: dados,
      headers: dono,
      payload: { ...corpo, cnpj: '11.222.333/0001-82', email_contato: 'nao-e-email', whatsapp: '123' },
    });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toEqual({
      cnpj: ['CNPJ inválido. Confira os 14 dígitos.'],
      email_contato: ['E-mail inválido.'],
      whatsapp: ['Telefone inválido. Informe DDD e número.'],
    });

    const ok = await ta.app.inject({
      method: 'PUT',
      url: dados,
      headers: dono,
      payload: {
        ...corpo,
        cnpj: '11.222.333/0001-81',
        email_contato: 'Contato@Pizzaria.test',
        whatsapp: '(11) 98888-7777',
        lat: -23.56,
        lng: -46.66,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ cnpj: '11222333000181', email_contato: 'contato@pizzaria.test' });

    const res = await od({ url: '/v1/merchant' }, h);
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json() as {
      id: string;
      basicInfo: { document: string; contactEmails: string[]; contactPhones: Record<string, string> };
      services: { serviceType: string; menuId: string }[];
      menus: { id: string; categoryId: string[] }[];
      categories: { id: string; itemOfferId: string[] }[];
      itemOffers: { id: string; itemId: string; optionGroupsId: string[]; price: { value: number } }[];
      items: { id: string; externalCode: string }[];
      optionGroups: { id: string; options: { itemId: string }[] }[];
    };
    conforme('Merchant', doc);
    expect(doc.basicInfo.document).toBe('11222333000181');
    expect(doc.basicInfo.contactEmails).toEqual(['contato@pizzaria.test']);
    expect(doc.basicInfo.contactPhones).toEqual({
      commercialNumber: '1133334444',
      whatsappNumber: '11988887777',
    });
    // Every reference points at something in the document.
    const ids = (xs: { id: string }[]) => new Set(xs.map((x) => x.id));
    const [itens, ofertas, grupos, categorias] = [
      ids(doc.items),
      ids(doc.itemOffers),
      ids(doc.optionGroups),
      ids(doc.categories),
    ];
    expect(doc.services.map((s) => s.serviceType)).toEqual(['DELIVERY', 'TAKEOUT']);
    for (const s of doc.services) expect(s.menuId).toBe(doc.menus[0]!.id);
    for (const c of doc.menus[0]!.categoryId) expect(categorias.has(c)).toBe(true);
    for (const c of doc.categories) for (const o of c.itemOfferId) expect(ofertas.has(o)).toBe(true);
    for (const o of doc.itemOffers) {
      expect(itens.has(o.itemId)).toBe(true);
      for (const g of o.optionGroupsId) expect(grupos.has(g)).toBe(true);
    }
    for (const g of doc.optionGroups) for (const o of g.options) expect(itens.has(o.itemId)).toBe(true);
    // Product 311 (ordered in these tests) is there, priced in reais from its cents, ids stable.
    const produtos = await produtosDoMenu(ta.app, 1);
    const p311 = produtos.get(311)!;
    const item311 = doc.items.find((i) => i.externalCode === '311')!;
    const oferta311 = doc.itemOffers.find((o) => o.itemId === item311.id)!;
    expect(oferta311.price.value).toBe(
      p311.precooferta > 0 && p311.precooferta < p311.preco ? p311.precooferta : p311.preco,
    );
    agora += 10_000;
    const outra = (await od({ url: '/v1/merchant' }, h)).json() as typeof doc;
    expect(outra.id).toBe(doc.id);
    expect(outra.items.map((i) => i.id)).toEqual(doc.items.map((i) => i.id));
    // Another merchant's token reads its own store, never this one.
    const deOutro = await od({ url: '/v1/merchant' }, await token(credOutro));
    expect(deOutro.statusCode).toBe(503);
    expect(
      (await od({ url: '/v1/merchant' }, { authorization: 'Bearer nada-disso-aqui-123456789' })).statusCode,
    ).toBe(401);
  });

  it('a revoked credential: its tokens stop at once and it gets no new one; another owner cannot revoke it (404)', async () => {
    const nova = await criarCredencial(dono, 1);
    const h = await token(nova);
    const painel = opendeliverySchema.parse(
      (await ta.app.inject({ url: `${est(1)}/`, headers: dono })).json(),
    );
    const c = painel.credenciais.find((x) => x.client_id === nova.client_id)!;
    const alheio = await ta.app.inject({
      method: 'DELETE',
      url: `${est(2)}/credenciais/${c.id}/`,
      headers: donoOutro,
    });
    expect(alheio.statusCode).toBe(404);
    const rev = await ta.app.inject({
      method: 'DELETE',
      url: `${est(1)}/credenciais/${c.id}/`,
      headers: dono,
    });
    expect(rev.statusCode).toBe(204);
    expect((await od({ url: '/v1/events:polling' }, h)).statusCode).toBe(401);
    const res = await ta.app.inject({
      method: 'POST',
      url: `${OD}/oauth/token`,
      payload: { ...nova, grant_type: 'client_credentials' },
    });
    expect(res.statusCode).toBe(401);
  });
});
