import { createHmac } from 'node:crypto';
import { STATUS, pedidoGravadoSchema, wallClock } from '@rango/domain';
import { relatorioSchema } from '@rango/domain/painel/relatorio';
import { MSG_IFOOD, ifoodConexaoSchema } from '@rango/domain/painel/ifood';
import { pedidoPainelSchema, pedidosPainelSchema } from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { pedidoIfood, startFakeIfood } from '../../test/fakes/ifood.ts';
import type { FakeIfood } from '../../test/fakes/ifood.ts';
import { definirHorarios, produtosDoMenu } from '../orders/testing.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { mudarDisponibilidadeProduto } from '../menu/disponibilidade.ts';
import { centavos } from './api.ts';

const est = (id: number) => `${API}/painel/estabelecimento/${id}`;
const MERCHANT = 'merchant-1';

describe.each(DIALECTS)('iFood orders in the queue on %s', (dialect) => {
  let ta: TestApp;
  let fake: FakeIfood;
  let dono: { authorization: string };
  let atendente: { authorization: string };
  let outras: FastifyInstance[] = [];
  let idproduto: number;

  const pedidosDoPainel = async () => {
    const r = await ta.app.inject({ url: `${est(1)}/pedidos/`, headers: atendente });
    expect(r.statusCode).toBe(200);
    return pedidosPainelSchema.parse(r.json()).pedidos;
  };
  const importados = () =>
    ta.t.db
      .selectFrom('pedido')
      .select(['id', 'id_externo', 'status', 'total', 'canal'])
      .where('canal', '=', 'ifood')
      .execute();
  const mover = (id: number, body: object) =>
    ta.app.inject({
      method: 'POST',
      url: `${est(1)}/pedido/${id}/status/`,
      headers: atendente,
      payload: body,
    });
  /**
   * One pass of the outbox job (Rango's moves → iFood), after every event committed so far was
   * read: on PostgreSQL another test file's transaction on the cluster holds later events back.
   */
  const acoes = async () => {
    for (let i = 0; (await ta.app.ifood.distribuir()) && i < 500; i++)
      await new Promise((r) => setTimeout(r, 10));
    await ta.app.ifood.enviar();
  };

  beforeAll(async () => {
    fake = await startFakeIfood({ merchants: [MERCHANT, 'merchant-de-outro'] });
    const ifood = { baseUrl: fake.url, semTarefa: true };
    ta = await openTestApp(dialect, { rateLimit: false }, { ifood });
    await ta.app.ready();
    // Two more instances of the app on the same database (as behind a balancer).
    outras = [0, 1].map(() => buildApp(testConfig({ rateLimit: false }), { db: ta.t.db, ifood }));
    await Promise.all(outras.map((a) => a.ready()));
    await definirHorarios(ta.t.db, 1);
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    idproduto = [...(await produtosDoMenu(ta.app, 1)).keys()][0]!;
  });
  afterAll(async () => {
    for (const a of outras) await a.close();
    await ta?.close();
    await fake?.close();
  });

  it('the owner connects the store; secrets are never returned; an attendant cannot', async () => {
    const negado = await ta.app.inject({
      method: 'PUT',
      url: `${est(1)}/ifood/`,
      headers: atendente,
      payload: {
        merchant_id: MERCHANT,
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        ativo: true,
      },
    });
    expect(negado.statusCode).toBe(403);
    const ruim = await ta.app.inject({
      method: 'PUT',
      url: `${est(1)}/ifood/`,
      headers: dono,
      payload: { merchant_id: 'x y', ativo: true },
    });
    expect(ruim.statusCode).toBe(400);
    // Credentials iFood refuses: a clear 400 on the secret, nothing kept.
    const errado = await ta.app.inject({
      method: 'PUT',
      url: `${est(1)}/ifood/`,
      headers: dono,
      payload: {
        merchant_id: MERCHANT,
        client_id: fake.clientId,
        client_secret: 'segredo-errado',
        ativo: true,
      },
    });
    expect(errado.statusCode).toBe(400);
    expect(errado.json()).toEqual({ client_secret: [MSG_IFOOD.credenciaisRecusadas] });
    expect(
      ifoodConexaoSchema.parse((await ta.app.inject({ url: `${est(1)}/ifood/`, headers: dono })).json()),
    ).toMatchObject({ conectado: false, client_secret: { configurado: false } });
    const r = await ta.app.inject({
      method: 'PUT',
      url: `${est(1)}/ifood/`,
      headers: dono,
      payload: {
        merchant_id: MERCHANT,
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        ativo: true,
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain(fake.clientSecret);
    const c = ifoodConexaoSchema.parse(r.json());
    expect(c).toMatchObject({ conectado: true, merchant_id: MERCHANT, ativo: true });
    expect(c.client_secret.configurado).toBe(true);
    const lido = await ta.app.inject({ url: `${est(1)}/ifood/`, headers: dono });
    expect(lido.body).not.toContain(fake.clientSecret);
    // The same iFood store cannot be connected to another establishment.
    const dono2 = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
    const dup = await ta.app.inject({
      method: 'PUT',
      url: `${est(2)}/ifood/`,
      headers: dono2,
      payload: { merchant_id: MERCHANT, client_id: 'a', client_secret: 'b', ativo: true },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('imports each iFood order exactly once with three instances polling at the same time', async () => {
    const known = pedidoIfood(MERCHANT, {
      displayId: '4321',
      itens: [
        {
          name: 'Produto do Rango',
          externalCode: String(idproduto),
          quantity: 2,
          unitPrice: 12.5,
          totalPrice: 25,
          options: [],
        },
        {
          name: 'Pastel de vento',
          externalCode: 'XYZ',
          quantity: 1,
          unitPrice: 7.3,
          totalPrice: 7.3,
          options: [],
        },
      ],
      payments: {
        prepaid: 0,
        pending: 37.3,
        methods: [{ value: 37.3, method: 'CASH', type: 'OFFLINE', cash: { changeFor: 50 } }],
      },
    });
    const outro = pedidoIfood(MERCHANT, { orderType: 'TAKEOUT' });
    fake.novoPedido(known);
    fake.novoPedido(outro);
    await Promise.all([ta.app, ...outras].map((a) => a.ifood.consultar()));
    const rows = await importados();
    expect(rows.map((r) => r.id_externo).sort()).toEqual([known.id, outro.id].sort());
    // Acknowledged: iFood no longer answers them; another poll imports nothing new.
    expect(fake.eventos).toHaveLength(0);
    await Promise.all([ta.app, ...outras].map((a) => a.ifood.consultar()));
    expect(await importados()).toHaveLength(2);

    const cards = await pedidosDoPainel();
    const card = cards.find((p) => p.referencia === '4321')!;
    expect(card.canal).toBe('ifood');
    // Prices as iFood charged them (cents), payment to collect with change, unknown item as text.
    expect(card.total).toBe(centavos(37.3));
    expect(card.pedido.subtotal).toBe(3230);
    expect(card.pagamento.online).toBe(false);
    expect(card.pagamento.troco_para).toBe(5000);
    const [conhecido, desconhecido] = card.pedido.itens;
    expect(conhecido).toMatchObject({
      produto_id: idproduto,
      quantidade: 2,
      preco_unit: 1250,
      preco_total: 2500,
    });
    expect(conhecido!.nao_cadastrado).toBeUndefined();
    expect(desconhecido).toMatchObject({ produto_id: 0, descricao: 'Pastel de vento', nao_cadastrado: true });
    expect(pedidoGravadoSchema.safeParse(card.pedido).success).toBe(true);
    const retirada = cards.find((p) => p.pedido.pedido_id === `ifood:${outro.id}`)!;
    expect(retirada.tipo).toBe('TOGO');
    expect(retirada.pagamento.online).toBe(true);
  });

  it('an order partly paid on iFood is collected only for the rest, with change on that part; who delivers it is kept', async () => {
    const p = pedidoIfood(MERCHANT, {
      displayId: '4646',
      total: { subTotal: 40, deliveryFee: 5, benefits: 0, additionalFees: 0, orderAmount: 45 },
      payments: {
        prepaid: 20,
        pending: 25,
        methods: [
          { value: 20, method: 'MEAL_VOUCHER', type: 'ONLINE' },
          { value: 25, method: 'CASH', type: 'OFFLINE', cash: { changeFor: 50 } },
        ],
      },
    });
    const retirada = pedidoIfood(MERCHANT, {
      displayId: '4747',
      orderType: 'TAKEOUT',
      payments: {
        prepaid: 0,
        pending: 25,
        methods: [{ value: 25, method: 'DEBIT', type: 'OFFLINE', card: { brand: 'ELO' } }],
      },
    });
    const proprio = pedidoIfood(MERCHANT, { displayId: '4848' });
    proprio.delivery!.deliveredBy = 'MERCHANT';
    fake.novoPedido(p);
    fake.novoPedido(retirada);
    fake.novoPedido(proprio);
    await ta.app.ifood.consultar();
    const cards = await pedidosDoPainel();
    // Who delivers: iFood's courier (the default), the store's own, nobody for a takeout.
    expect(cards.find((x) => x.referencia === '4646')!.pedido.entrega_por).toBe('ifood');
    expect(cards.find((x) => x.referencia === '4848')!.pedido.entrega_por).toBe('loja');
    expect(cards.find((x) => x.referencia === '4747')!.pedido.entrega_por).toBeUndefined();
    const card = cards.find((x) => x.referencia === '4646')!;
    expect(card.total).toBe(4500);
    expect(card.pagamento).toMatchObject({
      online: false,
      a_cobrar: 2500,
      troco_para: 5000,
      descricao: 'Pago no iFood (Vale-refeição) + Dinheiro (cobrar na entrega)',
    });
    expect(card.pedido.pagamentos.map((f) => [f.pre_pago, f.valor])).toEqual([
      [true, 2000],
      [false, 2500],
    ]);
    const balcao = cards.find((x) => x.referencia === '4747')!;
    expect(balcao.pagamento).toMatchObject({
      online: false,
      troco_para: null,
      descricao: 'Cartão de débito (cobrar na retirada)',
    });
    expect(balcao.pagamento.a_cobrar).toBeUndefined();
  });

  it("Rango's accept, ready and cancel reach iFood; an iFood refusal is shown to the attendant", async () => {
    const p = pedidoIfood(MERCHANT, { displayId: '5555' });
    fake.novoPedido(p);
    await ta.app.ifood.consultar();
    const card = (await pedidosDoPainel()).find((x) => x.referencia === '5555')!;
    expect((await mover(card.id, { status: STATUS.Confirmado, previsao_minutos: 30 })).statusCode).toBe(200);
    await acoes();
    expect(fake.acoes.filter((a) => a.orderId === p.id).map((a) => a.acao)).toEqual(['confirm']);
    expect(fake.pedidoEstado(p.id)).toBe('CONFIRMED');
    // Ready in the kitchen: a DELIVERY order owes iFood nothing until it leaves.
    expect((await mover(card.id, { status: STATUS.Pronto })).statusCode).toBe(200);
    await acoes();
    expect(fake.acoes.filter((a) => a.orderId === p.id).map((a) => a.acao)).toEqual(['confirm']);
    // iFood down: retried with backoff, then reaches it.
    fake.falhar('acao', 503, 1);
    expect((await mover(card.id, { status: STATUS.Entregue })).statusCode).toBe(200);
    await acoes();
    const [acao] = (await ta.app.ifood.acoesDoPedido(card.id)).filter((a) => a.acao === 'dispatch');
    expect(acao).toMatchObject({ estado: 'pendente', tentativas: 1 });
    await ta.t.db
      .updateTable('ifood_acao')
      .set({ proxima_em: new Date(0).toISOString() })
      .where('id', '=', acao!.id)
      .execute();
    await acoes();
    expect(fake.pedidoEstado(p.id)).toBe('DISPATCHED');

    // Cancelling after dispatch: iFood refuses (invalid transition); the drawer shows its text.
    expect((await mover(card.id, { status: STATUS.Cancelado, motivo: 'Cliente desistiu' })).statusCode).toBe(
      200,
    );
    await acoes();
    const depois = pedidoPainelSchema.parse(
      (await ta.app.inject({ url: `${est(1)}/pedido/${card.id}/`, headers: atendente })).json(),
    );
    expect(depois.erro_canal).toMatch(/iFood recusou \(409\)/);
  });

  it('a TAKEOUT order ready in Rango is readyToPickup at iFood, never dispatched', async () => {
    const p = pedidoIfood(MERCHANT, { displayId: '5656', orderType: 'TAKEOUT' });
    fake.novoPedido(p);
    await ta.app.ifood.consultar();
    const card = (await pedidosDoPainel()).find((x) => x.referencia === '5656')!;
    expect(card.tipo).toBe('TOGO');
    expect((await mover(card.id, { status: STATUS.Confirmado, previsao_minutos: 20 })).statusCode).toBe(200);
    expect((await mover(card.id, { status: STATUS.Pronto })).statusCode).toBe(200);
    await acoes();
    expect(fake.acoes.filter((a) => a.orderId === p.id).map((a) => a.acao)).toEqual([
      'confirm',
      'readyToPickup',
    ]);
    expect(fake.pedidoEstado(p.id)).toBe('READY');
  });

  it('a cancellation reaches iFood with its reason; a token that expired is renewed', async () => {
    const p = pedidoIfood(MERCHANT, { displayId: '6666' });
    fake.novoPedido(p);
    await ta.app.ifood.consultar();
    const card = (await pedidosDoPainel()).find((x) => x.referencia === '6666')!;
    fake.expirarTokens();
    expect((await mover(card.id, { status: STATUS.Cancelado, motivo: 'Acabou o queijo' })).statusCode).toBe(
      200,
    );
    await acoes();
    const c = fake.acoes.find((a) => a.orderId === p.id)!;
    expect(c).toMatchObject({ acao: 'requestCancellation', corpo: { reason: 'Acabou o queijo' } });
  });

  it("a product marked 'Em falta' becomes unavailable at iFood", async () => {
    const item = fake.item(MERCHANT, String(idproduto));
    await mudarDisponibilidadeProduto(ta.t.db, 1, idproduto, 1);
    await acoes();
    expect(fake.itemStatus(MERCHANT, item)).toBe('UNAVAILABLE');
    await mudarDisponibilidadeProduto(ta.t.db, 1, idproduto, 0);
    await acoes();
    expect(fake.itemStatus(MERCHANT, item)).toBe('AVAILABLE');
  });

  it('an event for a store that is not connected is ignored; a 429 leaves events for the next poll', async () => {
    const alheio = pedidoIfood('merchant-de-outro');
    fake.novoPedido(alheio);
    const antes = (await importados()).length;
    fake.falhar('polling', 429, 1, 1);
    await ta.app.ifood.consultar();
    const loja = await ta.t.db
      .selectFrom('ifood_loja')
      .selectAll()
      .where('idestabelecimento', '=', 1)
      .executeTakeFirstOrThrow();
    expect(loja.ultimo_erro).toMatch(/esperar/);
    await ta.app.ifood.consultar();
    expect(await importados()).toHaveLength(antes);
    expect(fake.eventos.some((e) => e.orderId === alheio.id)).toBe(true);
  });

  it("the panel's queue filters by channel; a channel it does not know is a 400", async () => {
    const so = async (canal: string) => {
      const r = await ta.app.inject({ url: `${est(1)}/pedidos/?canal=${canal}`, headers: atendente });
      return r.statusCode === 200 ? pedidosPainelSchema.parse(r.json()).pedidos : r.statusCode;
    };
    const ifood = (await so('ifood')) as { canal: string }[];
    expect(ifood.length).toBeGreaterThan(0);
    expect(ifood.every((p) => p.canal === 'ifood')).toBe(true);
    const rango = (await so('rango')) as { canal: string }[];
    expect(rango.every((p) => p.canal === 'rango')).toBe(true);
    expect((await pedidosDoPainel()).length).toBe(ifood.length + rango.length);
    expect(await so('balcao')).toBe(400);
  });

  it('the report splits the sales by channel', async () => {
    const hoje = wallClock(new Date()).data;
    const r = await ta.app.inject({ url: `${est(1)}/relatorio/?de=${hoje}&ate=${hoje}`, headers: dono });
    expect(r.statusCode).toBe(200);
    const rel = relatorioSchema.parse(r.json());
    const vendidos = (await importados()).filter((p) => p.status !== STATUS.Cancelado);
    const ifood = rel.porCanal.find((c) => c.canal === 'ifood')!;
    expect(rel.porCanal.map((c) => c.canal)).toEqual(['rango', 'ifood', 'opendelivery']);
    expect(ifood.pedidos).toBe(vendidos.length);
    expect(ifood.receita).toBe(vendidos.reduce((s, p) => s + p.total, 0));
  });

  it("iFood's webhook: signed with the app's secret imports the order once; a bad signature is a 401; another store is ignored", async () => {
    const p = pedidoIfood(MERCHANT, { displayId: '8888' });
    const ev = fake.novoPedido(p);
    const corpo = JSON.stringify(ev);
    const assinar = (c: string) => createHmac('sha256', fake.clientSecret).update(c).digest('hex');
    const post = (c: string, sig: string) =>
      ta.app.inject({
        method: 'POST',
        url: `${API}/api/ifood/webhook/`,
        headers: { 'content-type': 'application/json', 'x-ifood-signature': sig },
        payload: c,
      });
    expect((await post(corpo, assinar(corpo + ' '))).statusCode).toBe(401);
    expect((await post(corpo, 'nada')).statusCode).toBe(401);
    expect((await importados()).some((r) => r.id_externo === p.id)).toBe(false);
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(202);
    expect((await post(corpo, assinar(corpo))).statusCode).toBe(202);
    expect((await importados()).filter((r) => r.id_externo === p.id)).toHaveLength(1);
    const alheio = JSON.stringify({ ...ev, merchantId: 'merchant-desconhecido' });
    expect((await post(alheio, assinar(alheio))).statusCode).toBe(202);
  });

  it("iFood's courier collecting (DSP) and delivering (CON) moves the order in Rango, nothing echoed back", async () => {
    const p = pedidoIfood(MERCHANT, { displayId: '3131' });
    fake.novoPedido(p);
    await ta.app.ifood.consultar();
    const card = (await pedidosDoPainel()).find((x) => x.referencia === '3131')!;
    expect((await mover(card.id, { status: STATUS.Confirmado, previsao_minutos: 30 })).statusCode).toBe(200);
    await acoes();
    fake.evento(p.id, MERCHANT, 'DSP', 'DISPATCHED');
    await ta.app.ifood.consultar();
    const status = async () => (await pedidosDoPainel()).find((x) => x.id === card.id)?.status;
    expect(await status()).toBe(STATUS.Entregue);
    fake.evento(p.id, MERCHANT, 'DSP', 'DISPATCHED');
    fake.evento(p.id, MERCHANT, 'CON', 'CONCLUDED');
    await ta.app.ifood.consultar();
    const hist = (await (
      await ta.app.inject({ url: `${est(1)}/pedido/${card.id}/`, headers: atendente })
    ).json()) as {
      status: number;
      historico: { status: number }[];
    };
    expect(hist.status).toBe(STATUS.Concluido);
    expect(hist.historico.map((h) => h.status)).toEqual([
      STATUS.Realizado,
      STATUS.Confirmado,
      STATUS.Pronto,
      STATUS.Entregue,
      STATUS.Concluido,
    ]);
    await acoes();
    expect(fake.acoes.filter((a) => a.orderId === p.id).map((a) => a.acao)).toEqual(['confirm']);
  });

  it('an order cancelled at iFood is cancelled in Rango without echoing it back', async () => {
    const p = pedidoIfood(MERCHANT, { displayId: '7777' });
    fake.novoPedido(p);
    await ta.app.ifood.consultar();
    fake.evento(p.id, MERCHANT, 'CAN', 'CANCELLED');
    await ta.app.ifood.consultar();
    const card = (await pedidosDoPainel()).find((x) => x.referencia === '7777')!;
    expect(card.status).toBe(STATUS.Cancelado);
    await acoes();
    expect(fake.acoes.filter((a) => a.orderId === p.id)).toHaveLength(0);
  });
});
