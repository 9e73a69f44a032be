import { randomUUID } from 'node:crypto';
import {
  MSG,
  MSG_CONTA,
  MSG_ERRO_PEDIDO,
  MSG_PEDIDO,
  STATUS,
  pedidoCriadoSchema,
  pedidoFetchedSchema,
  pedidoGravadoSchema,
} from '@rango/domain';
import type { PedidoInput, Produto } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTABELECIMENTO_NAO_ENCONTRADO } from '../../http/errors.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { criarCupom } from '../coupons/service.ts';
import { MSG_PAGAMENTO } from '../payments/service.ts';
import { ORDER_LIMITS } from './plugin.ts';
import {
  API,
  CREDITO,
  contagens,
  definirHorarios,
  entregarNaArea41,
  montarPedido,
  novoCliente,
  novoEndereco,
  pedidoUrl,
  produtosDoMenu,
} from './testing.ts';
import type { ClienteTeste, PedidoOpcoes } from './testing.ts';

/** Pizza Calabresa (offer R$ 34,90) with the Calabresa flavour (MaiorOpcao) and a Catupiry crust. */
const PIZZA = { produto: 302, quantidade: 1, escolhas: { 501: { 9102: 1 }, 502: { 9003: 1 } } };
/** R$ 6,00 each: five make R$ 30,00, above the R$ 25,50 minimum and below the R$ 60,00 waiver. */
const REFRI = (quantidade = 5) => ({ produto: 311, quantidade });
/** Area 41 (R$ 4,90, free from R$ 60,00) around the fixture's centre. */
const TAXA_41 = { taxaCents: 490, abonoCents: 6000 };
const DIA = 86_400_000;

/** A copy to tamper with. */
const clone = <T>(v: T): T => structuredClone(v);

/** 'HH:MM' wall clock in São Paulo → that instant, on the São Paulo date of `base`. */
function spAt(base: number, hhmm: string): Date {
  const local = new Date(base - 3 * 3_600_000);
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), h! + 3, m!));
}
const spWeekday = (t: number) => new Date(t - 3 * 3_600_000).getUTCDay();

describe.each(DIALECTS)('POST /api/estabelecimento/{id}/pedido/ on %s', (dialect) => {
  let h: TestApp;
  let produtos: Map<number, Produto>;
  let maria: ClienteTeste;
  let joao: ClienteTeste;
  let casaMaria: number;
  let longeMaria: number;
  let casaJoao: number;

  const post = (payload: unknown, cliente: ClienteTeste | null = maria, idestabelecimento = 1) =>
    h.app.inject({
      method: 'POST',
      url: pedidoUrl(idestabelecimento),
      payload: payload as object,
      headers: cliente ? cliente.headers : {},
    });
  const pedido = (o: Partial<PedidoOpcoes> = {}) => montarPedido(produtos, { itens: [REFRI()], ...o });
  const entrega = (o: Partial<PedidoOpcoes> = {}) =>
    pedido({ tipo: 'DELIVERY', endereco: casaMaria, ...TAXA_41, ...o });

  /** Posts, expects the refusal's status and exact body, and that nothing was stored. */
  async function recusa(
    payload: unknown,
    status: number,
    body: unknown,
    cliente: ClienteTeste | null = maria,
    idestabelecimento = 1,
  ) {
    const antes = await contagens(h.t.db);
    const res = await post(payload, cliente, idestabelecimento);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body });
    expect(await contagens(h.t.db)).toEqual(antes);
  }
  const erros = (...e: { codigo: number; msg: string }[]) => ({
    codigo: 105,
    msg: MSG_PEDIDO.naoFoiPossivelFinalizar,
    non_field_errors: e,
  });

  async function aceito(payload: PedidoInput, cliente = maria) {
    const antes = await contagens(h.t.db);
    const res = await post(payload, cliente);
    expect(res.statusCode, res.body).toBe(201);
    const criado = pedidoCriadoSchema.parse(res.json());
    expect(criado.referencia).toBe(String(payload.numero_pedido));
    const depois = await contagens(h.t.db);
    expect(depois.pedido).toBe(antes.pedido + 1);
    expect(depois.historico).toBe(antes.historico + 1);
    const fetched = await h.app.inject({
      url: `${API}/controle/pedido/${criado.id}/`,
      headers: cliente.headers,
    });
    expect(fetched.statusCode).toBe(200);
    const f = pedidoFetchedSchema.parse(fetched.json());
    return { criado, fetched: f, gravado: pedidoGravadoSchema.parse(JSON.parse(f.pedido)) };
  }

  beforeAll(async () => {
    h = await openTestApp(dialect, { rateLimit: false });
    await h.app.ready();
    await definirHorarios(h.t.db, 1);
    await entregarNaArea41(h.t.db);
    produtos = await produtosDoMenu(h.app, 1);
    maria = await novoCliente(h.app, h.t.db);
    joao = await novoCliente(h.app, h.t.db, { nome: 'João' });
    casaMaria = await novoEndereco(h.t.db, maria.id, { rua: 'Rua da Maria', detalhe: 'Portão azul' });
    longeMaria = await novoEndereco(h.t.db, maria.id, { lat: -22.9068, lng: -43.1729, bairro: 'Centro' });
    casaJoao = await novoEndereco(h.t.db, joao.id);
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'BEMVINDO10',
      ehpercentual: true,
      desconto: 10,
      limitedesconto: 1500,
    });
    await criarCupom(h.t.db, { idestabelecimento: 2, codigo: 'PIZZA5', ehpercentual: false, desconto: 500 });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'UMAVEZ',
      ehpercentual: false,
      desconto: 300,
      limite_total: 1,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'GRANDE',
      ehpercentual: false,
      desconto: 300,
      subtotalminimo: 10_000,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'EXPIRADO',
      ehpercentual: true,
      desconto: 5,
      valido_ate: new Date(Date.now() - DIA).toISOString(),
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'TRES',
      ehpercentual: false,
      desconto: 100,
      limite_total: 3,
    });
    await criarCupom(h.t.db, {
      idestabelecimento: 1,
      codigo: 'UNICO',
      ehpercentual: false,
      desconto: 100,
      limite_total: 1,
    });
  });
  afterAll(async () => {
    await h.close();
  });

  describe('accepted orders', () => {
    it('pickup paid in cash: 201 {id, referencia}, the stored order as the server priced it, historico [Realizado]', async () => {
      const payload = pedido({
        itens: [{ ...PIZZA, observacoes: 'Bem assada' }, REFRI(2)],
        troco_para: 20_000,
        observacoes: 'Sem talheres',
      });
      // What the app sends for display only is not what is stored.
      payload.itens[0]!.descricao = 'Nome que o app mostrou';
      const { criado, fetched, gravado } = await aceito(payload);
      expect(fetched).toMatchObject({
        id: criado.id,
        referencia: String(payload.numero_pedido),
        deliveryestabelecimento: 1,
        estabelecimento: {
          id: 101,
          apelidooufantasia: 'Pizzaria Teste',
          fone_set: [{ numero: '(11) 3333-4444' }, { numero: '(11) 98888-7777' }],
        },
        transacoes: [],
      });
      expect(fetched.historico).toEqual([
        { status: STATUS.Realizado, datahora: fetched.dthrpedido, motivo: null },
      ]);
      expect(fetched.dthrpedido).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // 34,90 + 39,90 (the dearer flavour) + 8,00 crust = 82,80; two cans 12,00.
      expect(gravado).toMatchObject({
        pedido_id: payload.pedido_id,
        tipo: 'TOGO',
        subtotal: 9480,
        taxa_entrega: null,
        abono_taxa_entrega: null,
        desconto: 0,
        total: 9480,
        cupom: null,
        codigo_cupom: null,
        endereco_togo: null,
        observacoes: 'Sem talheres',
        previsaoentregamin: 30,
        previsaoentregamax: 50,
        cliente: { nome: 'Maria Cliente', telefone: '11987654321', endereco: null },
        pagamentos: [
          {
            descricaoFormaPgto: 'Dinheiro',
            formapgto_id: 30,
            formapgto_sttipopgto: 0,
            pre_pago: false,
            tipo: null,
            troco_para: 20_000,
            valor: 9480,
            cartao: null,
          },
        ],
      });
      expect(gravado.itens[0]).toMatchObject({
        produto_id: 302,
        descricao: 'Pizza Calabresa',
        preco_unit: 8280,
        observacoes: 'Bem assada',
      });
      expect(gravado.cliente.external_id).toMatch(/^[0-9a-f-]{36}$/);
      const row = await h.t.db
        .selectFrom('pedido')
        .selectAll()
        .where('id', '=', criado.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        idcliente: maria.id,
        idestabelecimento: 1,
        status: 0,
        tipo: 'TOGO',
        subtotal: 9480,
        total: 9480,
        taxa_entrega: null,
        entregue_as: null,
      });
    });

    it('delivery to a saved address: the fee of its area, the stored address copy (not the payload), cash with change', async () => {
      const payload = entrega({ troco_para: 5000 });
      payload.cliente.endereco = { id: casaMaria, rua: 'Rua Forjada', bairro: 'Outro' };
      const { gravado, fetched } = await aceito(payload);
      expect(gravado).toMatchObject({
        tipo: 'DELIVERY',
        subtotal: 3000,
        taxa_entrega: 490,
        abono_taxa_entrega: 6000,
        total: 3490,
        endereco_togo: 'Quero encontrar o entregador.',
        cliente: {
          endereco: {
            id: casaMaria,
            rua: 'Rua da Maria',
            numero: '10',
            bairro: 'Sé',
            cidade: 'São Paulo',
            uf: 'SP',
            cep: '01001-000',
            complemento: 'Apto 1',
            detalhe: 'Portão azul',
          },
        },
      });
      expect(gravado.pagamentos[0]).toMatchObject({ troco_para: 5000, valor: 3490 });
      expect(fetched.historico.map((x) => x.status)).toEqual([0]);
    });

    it('delivery waived by the abono (fee 0), credit card on delivery without change', async () => {
      const { gravado } = await aceito(entrega({ itens: [REFRI(10)], formapgto: CREDITO }));
      expect(gravado).toMatchObject({ subtotal: 6000, taxa_entrega: 0, total: 6000 });
      expect(gravado.pagamentos[0]).toMatchObject({ formapgto_id: 32, troco_para: null, valor: 6000 });
    });

    it('an address only inside the outer area pays that area’s fee', async () => {
      const fora41 = await novoEndereco(h.t.db, maria.id, { lat: -23.6, lng: -46.64 });
      const { gravado } = await aceito(entrega({ endereco: fora41, taxaCents: 700, abonoCents: null }));
      expect(gravado).toMatchObject({ taxa_entrega: 700, abono_taxa_entrega: null, total: 3700 });
    });

    it('a coupon: discount, the coupon as applied in the stored order, one cupom_uso row', async () => {
      const cupom = { codigo: 'BEMVINDO10', ehpercentual: true, desconto: 10, limitedesconto: 15 };
      const payload = pedido({ itens: [PIZZA], cupom });
      payload.codigo_cupom = ' bemvindo10 ';
      const antes = await contagens(h.t.db);
      const { gravado, criado } = await aceito(payload);
      expect(gravado).toMatchObject({
        subtotal: 8280,
        desconto: 828,
        total: 7452,
        codigo_cupom: 'BEMVINDO10',
      });
      expect(gravado.cupom).toEqual({
        codigo: 'BEMVINDO10',
        ehpercentual: true,
        desconto: 10,
        limitedesconto: 15,
      });
      expect((await contagens(h.t.db)).cupomUso).toBe(antes.cupomUso + 1);
      const row = await h.t.db
        .selectFrom('pedido')
        .select(['codigo_cupom', 'desconto'])
        .where('id', '=', criado.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ codigo_cupom: 'BEMVINDO10', desconto: 828 });
    });
  });

  describe('refusals, each with nothing stored', () => {
    it('401 without a token', async () => {
      await recusa(pedido(), 401, { detail: MSG.naoAutorizado }, null);
    });

    it('400 field errors for a malformed order: negative, zero and huge quantities, bad ids', async () => {
      const antes = await contagens(h.t.db);
      const negativo = clone(pedido());
      negativo.itens[0]!.quantidade = -1;
      const res = await post(negativo);
      expect(res.statusCode).toBe(400);
      // Portuguese, like every route (zod's own texts are English).
      expect(res.json()).toEqual({ 'itens.0.quantidade': ['Requisição mal formada'] });
      for (const q of [0, 1000, 1e12, 1.5]) {
        const p = clone(pedido());
        p.itens[0]!.quantidade = q;
        await recusa(p, 400, { 'itens.0.quantidade': [expect.any(String)] });
      }
      const opcao = clone(pedido({ itens: [PIZZA] }));
      opcao.itens[0]!.subitens[0]!.sub_subitens[0]!.quantidade = -3;
      const r2 = await post(opcao);
      expect(r2.statusCode).toBe(400);
      expect(Object.keys(r2.json())).toEqual(['itens.0.subitens.0.sub_subitens.0.quantidade']);
      const preco = clone(pedido());
      preco.itens[0]!.preco_unit = -600;
      expect((await post(preco)).statusCode).toBe(400);
      expect((await post({ pedido_id: 'x' })).statusCode).toBe(400);
      const invalido = await h.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: '{"pedido_id": ',
        headers: { ...maria.headers, 'content-type': 'application/json' },
      });
      expect(invalido.statusCode).toBe(400);
      expect((await post([pedido()])).statusCode).toBe(400);
      expect(await contagens(h.t.db)).toEqual(antes);
    });

    it('404 for an unknown establishment, 400 when the path and the payload disagree', async () => {
      await recusa(
        pedido({ idestabelecimento: 999 }),
        404,
        { detail: ESTABELECIMENTO_NAO_ENCONTRADO },
        maria,
        999,
      );
      await recusa(pedido(), 404, { detail: MSG.rotaNaoEncontrada }, maria, 0);
      const res = await h.app.inject({
        method: 'POST',
        url: `${API}/api/estabelecimento/abc/pedido/`,
        payload: pedido(),
        headers: maria.headers,
      });
      expect(res.statusCode).toBe(404);
      await recusa(
        pedido(),
        400,
        { deliveryestabelecimento_id: [MSG_PEDIDO.estabelecimentoInvalido] },
        maria,
        2,
      );
    });

    it('105 with extra.status_code 409 for a repeated pedido_id, before any other check', async () => {
      const payload = pedido();
      await aceito(payload);
      const body = { codigo: 105, msg: 'O restaurante já recebeu esse pedido', extra: { status_code: 409 } };
      await recusa(payload, 400, body);
      // The same uuid in capitals is the same order.
      await recusa({ ...payload, pedido_id: payload.pedido_id.toUpperCase() }, 400, body);
      // Even from another customer, with other contents, while the store is closed.
      await h.t.db.updateTable('estabelecimento').set({ lojaaberta: 0 }).where('id', '=', 1).execute();
      try {
        await recusa({ ...pedido({ itens: [PIZZA] }), pedido_id: payload.pedido_id }, 400, body, joao);
      } finally {
        await h.t.db.updateTable('estabelecimento').set({ lojaaberta: 1 }).where('id', '=', 1).execute();
      }
    });

    it('422 when the store is closed (switched off, or outside its hours) and the order is not scheduled', async () => {
      const fechada = { detail: MSG_PEDIDO.lojaFechadaTexto };
      await h.t.db.updateTable('estabelecimento').set({ lojaaberta: 0 }).where('id', '=', 1).execute();
      try {
        await recusa(pedido(), 422, fechada);
      } finally {
        await h.t.db.updateTable('estabelecimento').set({ lojaaberta: 1 }).where('id', '=', 1).execute();
      }
      await definirHorarios(h.t.db, 1, []);
      try {
        await recusa(pedido(), 422, fechada);
      } finally {
        await definirHorarios(h.t.db, 1);
      }
      // Establishment 2 has no hours at all.
      await recusa(pedido({ idestabelecimento: 2 }), 422, fechada, maria, 2);
      // A date with its own hours (a holiday) closed all day today, in São Paulo.
      const hoje = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
      await h.t.db
        .insertInto('horarioexcecao')
        .values({ idestabelecimento: 1, data: hoje, abertura: null, fechamento: null })
        .execute();
      try {
        await recusa(pedido(), 422, fechada);
      } finally {
        await h.t.db.deleteFrom('horarioexcecao').where('idestabelecimento', '=', 1).execute();
      }
      await aceito(pedido());
    });

    it('scheduling: accepted inside the hours while closed now; refused in the past, outside the hours, beyond 7 days', async () => {
      // Open only 12:00–14:00 on the weekday two days ahead: closed now.
      const emDoisDias = Date.now() + 2 * DIA;
      await definirHorarios(h.t.db, 1, [
        { diadasemana: spWeekday(emDoisDias), abertura: '12:00:00', fechamento: '14:00:00' },
      ]);
      try {
        await recusa(pedido(), 422, { detail: MSG_PEDIDO.lojaFechadaTexto });
        const invalido = { entregue_as: [MSG_PEDIDO.horarioInvalido] };
        await recusa(pedido({ entregue_as: spAt(emDoisDias, '15:00').toISOString() }), 400, invalido);
        await recusa(pedido({ entregue_as: new Date(Date.now() - 3_600_000).toISOString() }), 400, invalido);
        await recusa(
          pedido({ entregue_as: spAt(emDoisDias + 7 * DIA, '13:00').toISOString() }),
          400,
          invalido,
        );
        const quando = spAt(emDoisDias, '13:00');
        // An offset other than Z is the same instant.
        const comFuso = new Date(quando.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
        const { gravado, criado } = await aceito(pedido({ entregue_as: comFuso }));
        expect(gravado.entregue_as).toBe(quando.toISOString());
        const row = await h.t.db
          .selectFrom('pedido')
          .select('entregue_as')
          .where('id', '=', criado.id)
          .executeTakeFirstOrThrow();
        expect(row.entregue_as).toBe(quando.toISOString());
      } finally {
        await definirHorarios(h.t.db, 1);
      }
    });

    it('delivery needs one of the customer’s own saved addresses', async () => {
      await recusa(entrega({ endereco: casaJoao }), 400, { endereco: [MSG_PEDIDO.enderecoInvalido] });
      await recusa(entrega({ endereco: 987654 }), 400, { endereco: [MSG_PEDIDO.enderecoInvalido] });
      await recusa(entrega({ endereco: null }), 400, { endereco: [MSG_PEDIDO.enderecoObrigatorio] });
    });

    it('1102 for an address outside every area; 1101 for a tampered fee or waiver', async () => {
      await recusa(
        entrega({ endereco: longeMaria }),
        400,
        erros({ codigo: 1102, msg: MSG_ERRO_PEDIDO.naoEntrega }),
      );
      const semPonto = await novoEndereco(h.t.db, maria.id, { lat: null, lng: null });
      await recusa(
        entrega({ endereco: semPonto }),
        400,
        erros({ codigo: 1102, msg: MSG_ERRO_PEDIDO.naoEntrega }),
      );
      // The app priced a lower fee or a lower waiver (its totals follow): both figures are refused.
      const taxaCerta = { codigo: 1101, msg: MSG_ERRO_PEDIDO.taxaAtualizada(490) };
      const totalCerto = { codigo: 1403, msg: MSG_ERRO_PEDIDO.total(3490) };
      await recusa(entrega({ taxaCents: 390 }), 400, erros(taxaCerta, totalCerto));
      await recusa(entrega({ abonoCents: 3000 }), 400, erros(taxaCerta, totalCerto));
      // Only the fee field changed: only the fee is refused.
      const soTaxa = entrega();
      soTaxa.taxa_entrega = 491;
      await recusa(soTaxa, 400, erros(taxaCerta));
      await recusa(
        entrega({ abonoCents: null }),
        400,
        erros({ codigo: 1101, msg: MSG_ERRO_PEDIDO.taxaAtualizada(490) }),
      );
      const semTaxa = entrega();
      semTaxa.taxa_entrega = null;
      await recusa(semTaxa, 400, erros({ codigo: 1102, msg: MSG_ERRO_PEDIDO.taxaAusente }));
      const retiradaComTaxa = pedido();
      retiradaComTaxa.taxa_entrega = 490;
      retiradaComTaxa.total += 490;
      retiradaComTaxa.pagamentos[0]!.valor += 490;
      await recusa(
        retiradaComTaxa,
        400,
        erros(
          { codigo: 1101, msg: MSG_ERRO_PEDIDO.taxaRetirada },
          { codigo: 1403, msg: MSG_ERRO_PEDIDO.total(3000) },
        ),
      );
    });

    it('1202/1203 tampered product unit or total price; 1302/1303 option unit or total price; 1403 totals', async () => {
      const base = pedido({ itens: [PIZZA] });
      const unit = clone(base);
      unit.itens[0]!.preco_unit -= 1;
      await recusa(
        unit,
        400,
        erros({ codigo: 1202, msg: MSG_ERRO_PEDIDO.produtoPrecoUnit('Pizza Calabresa', 8280) }),
      );
      const total = clone(base);
      total.itens[0]!.preco_total = 100;
      total.subtotal = 100;
      total.total = 100;
      total.pagamentos[0]!.valor = 100;
      await recusa(
        total,
        400,
        erros({ codigo: 1203, msg: MSG_ERRO_PEDIDO.produtoPrecoTotal('Pizza Calabresa', 8280) }),
      );
      const opUnit = clone(base);
      opUnit.itens[0]!.subitens[1]!.sub_subitens[0]!.preco_unit = 1;
      await recusa(
        opUnit,
        400,
        erros({ codigo: 1302, msg: MSG_ERRO_PEDIDO.opcaoPrecoUnit('Catupiry', 800) }),
      );
      const opTotal = clone(base);
      opTotal.itens[0]!.subitens[1]!.sub_subitens[0]!.preco_total = 0;
      await recusa(
        opTotal,
        400,
        erros({ codigo: 1303, msg: MSG_ERRO_PEDIDO.opcaoPrecoTotal('Catupiry', 800) }),
      );
      for (const campo of ['subtotal', 'total', 'desconto'] as const) {
        const p = clone(base);
        p[campo] += 1;
        await recusa(p, 400, erros({ codigo: 1403, msg: MSG_ERRO_PEDIDO.total(8280) }));
      }
    });

    it('1201 hidden, unavailable or unknown product; 1301 unavailable option, another product’s option, too many', async () => {
      await recusa(
        pedido({ itens: [REFRI(), { produto: 303, quantidade: 1 }] }),
        400,
        erros({ codigo: 1201, msg: MSG_ERRO_PEDIDO.produtoIndisponivel('Pizza Secreta') }),
      );
      await recusa(
        pedido({ itens: [REFRI(), { produto: 301, quantidade: 1, escolhas: { 502: { 9003: 1 } } }] }),
        400,
        erros({ codigo: 1201, msg: MSG_ERRO_PEDIDO.produtoIndisponivel('Pizza Margherita') }),
      );
      const desconhecido = pedido();
      desconhecido.itens[0]!.produto_id = 424242;
      desconhecido.itens[0]!.descricao = '<b>X</b>';
      await recusa(
        desconhecido,
        400,
        erros({ codigo: 1201, msg: MSG_ERRO_PEDIDO.produtoIndisponivel('<b>X</b>') }),
      );
      await recusa(
        pedido({
          itens: [{ produto: 302, quantidade: 1, escolhas: { 501: { 9102: 1 }, 502: { 9001: 1 } } }],
        }),
        400,
        erros({ codigo: 1301, msg: MSG_ERRO_PEDIDO.opcaoIndisponivel('Cheddar', 'Pizza Calabresa') }),
      );
      // The crust group belongs to the pizzas, not to the can.
      const outra = pedido();
      outra.itens[0]!.subitens = clone(pedido({ itens: [PIZZA] }).itens[0]!.subitens.slice(1));
      await recusa(
        outra,
        400,
        erros({ codigo: 1301, msg: MSG_ERRO_PEDIDO.opcaoIndisponivel('Catupiry', 'Refrigerante Lata') }),
      );
      // Two crusts where one is the most (qtdmax of a single-choice group).
      const dupla = clone(pedido({ itens: [PIZZA] }));
      dupla.itens[0]!.subitens[1]!.sub_subitens[0]!.quantidade = 2;
      await recusa(
        dupla,
        400,
        erros({ codigo: 1301, msg: MSG_ERRO_PEDIDO.opcaoIndisponivel('Catupiry', 'Pizza Calabresa') }),
      );
      // A required group (one or two flavours) left empty.
      await recusa(
        pedido({ itens: [{ produto: 302, quantidade: 1, escolhas: { 502: { 9003: 1 } } }] }),
        400,
        erros({ codigo: 1301, msg: MSG_ERRO_PEDIDO.opcoesObrigatorias('Pizza Calabresa') }),
      );
    });

    it('103/104 coupons: another establishment’s, expired, exhausted, below its minimum; 1403 a tampered discount', async () => {
      const fixo = (codigo: string, reais: number) => ({
        codigo,
        ehpercentual: false,
        desconto: reais,
        limitedesconto: 0,
      });
      await recusa(pedido({ cupom: fixo('PIZZA5', 5) }), 400, {
        codigo: 103,
        msg: MSG_PEDIDO.cupomNaoEncontrado,
      });
      await recusa(pedido({ cupom: fixo('NAOEXISTE', 5) }), 400, {
        codigo: 103,
        msg: MSG_PEDIDO.cupomNaoEncontrado,
      });
      await recusa(
        pedido({ cupom: { codigo: 'EXPIRADO', ehpercentual: true, desconto: 5, limitedesconto: 0 } }),
        400,
        { codigo: 103, msg: MSG_PEDIDO.cupomExpirado },
      );
      await recusa(pedido({ cupom: fixo('GRANDE', 3) }), 400, {
        codigo: 104,
        msg: 'Este cupom vale para pedidos a partir de R$ 100,00.',
      });
      await aceito(pedido({ cupom: fixo('UMAVEZ', 3) }), joao);
      await recusa(pedido({ cupom: fixo('UMAVEZ', 3) }), 400, { codigo: 104, msg: MSG_PEDIDO.cupomEsgotado });
      // A discount the coupon does not give.
      const p = pedido({ cupom: fixo('BEMVINDO10', 10) });
      await recusa(p, 400, erros({ codigo: 1403, msg: MSG_ERRO_PEDIDO.total(2700) }));
    });

    it('102 below the minimum order (the fee does not count)', async () => {
      await recusa(pedido({ itens: [REFRI(4)] }), 400, {
        codigo: 102,
        msg: 'O pedido mínimo para essa loja é de R$ 25,50 (sem contar a taxa de entrega).',
      });
      await recusa(entrega({ itens: [REFRI(4)] }), 400, {
        codigo: 102,
        msg: MSG_PEDIDO.pedidoMinimoTexto('R$ 25,50'),
      });
    });

    it('payment: another establishment’s or mismatched method, online (106), wrong amount, change', async () => {
      await recusa(pedido({ formapgto: { id: 11, sttipopgto: 0, descricao: 'Dinheiro' } }), 400, {
        pagamentos: [MSG_PEDIDO.formaPgtoInvalida],
      });
      await recusa(pedido({ formapgto: { id: 30, sttipopgto: 60, descricao: 'Dinheiro' } }), 400, {
        pagamentos: [MSG_PEDIDO.formaPgtoInvalida],
      });
      // Cash cannot be paid online: 106 with inner 100 (online card payments: payments.test.ts).
      const online = pedido();
      online.pagamentos[0]!.pre_pago = true;
      online.pagamentos[0]!.troco_para = null;
      await recusa(online, 400, {
        codigo: 106,
        msg: MSG_PAGAMENTO.naoPermitido,
        extra: { codigo: 100, msg: MSG_PAGAMENTO.naoPermitido },
      });
      const valor = pedido();
      valor.pagamentos[0]!.valor -= 1;
      await recusa(valor, 400, { pagamentos: [MSG_PEDIDO.valorPagamentoInvalido] });
      await recusa(pedido({ troco_para: null }), 400, { troco_para: [MSG_PEDIDO.trocoObrigatorio] });
      await recusa(pedido({ troco_para: 3000 }), 400, { troco_para: [MSG_PEDIDO.trocoMaiorQueTotal] });
      await recusa(pedido({ troco_para: 2999 }), 400, { troco_para: [MSG_PEDIDO.trocoMaiorQueTotal] });
      const local = entrega();
      local.endereco_togo = 'Portão da casa / prédio.';
      await recusa(local, 400, { endereco_togo: [MSG_PEDIDO.localEntregaObrigatorio] });
    });

    it('the customer’s phone must have 10 or 11 digits', async () => {
      await recusa(pedido({ telefone: '1234' }), 400, { telefone: [MSG_CONTA.telefoneInvalido] });
      await recusa(pedido({ telefone: '(11) 98765-43210' }), 400, { telefone: [MSG_CONTA.telefoneInvalido] });
      await aceito(pedido({ telefone: '(11) 3333-4444' }));
    });
  });

  describe('concurrency', () => {
    it('50 simultaneous submissions of one pedido_id create exactly one order; the others get 105/409', async () => {
      const payload = pedido({ itens: [PIZZA] });
      const antes = await contagens(h.t.db);
      const respostas = await Promise.all(Array.from({ length: 50 }, () => post(payload)));
      const status = respostas.map((r) => r.statusCode);
      expect(status.filter((s) => s === 201)).toHaveLength(1);
      const outras = respostas.filter((r) => r.statusCode !== 201);
      expect(outras).toHaveLength(49);
      for (const r of outras) {
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({
          codigo: 105,
          msg: MSG_PEDIDO.pedidoDuplicadoPadrao,
          extra: { status_code: 409 },
        });
      }
      const depois = await contagens(h.t.db);
      expect(depois.pedido).toBe(antes.pedido + 1);
      expect(depois.historico).toBe(antes.historico + 1);
      const rows = await h.t.db
        .selectFrom('pedido')
        .select('id')
        .where('pedido_id', '=', payload.pedido_id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('10 simultaneous submissions of one pedido_id with a single-use coupon: one order, the rest 105/409 (not 104)', async () => {
      const cupom = { codigo: 'UNICO', ehpercentual: false, desconto: 1, limitedesconto: 0 };
      const payload = pedido({ cupom });
      const respostas = await Promise.all(Array.from({ length: 10 }, () => post(payload)));
      expect(respostas.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const r of respostas.filter((x) => x.statusCode !== 201)) {
        expect(r.json()).toEqual({
          codigo: 105,
          msg: MSG_PEDIDO.pedidoDuplicadoPadrao,
          extra: { status_code: 409 },
        });
      }
    });

    it('a coupon with 3 uses left, 10 simultaneous orders: exactly 3 get it, the rest 104', async () => {
      const cupom = { codigo: 'TRES', ehpercentual: false, desconto: 1, limitedesconto: 0 };
      const clientes = await Promise.all(Array.from({ length: 10 }, () => novoCliente(h.app, h.t.db)));
      const respostas = await Promise.all(clientes.map((c) => post(pedido({ cupom }), c)));
      const codes = respostas.map((r) => r.statusCode).sort();
      expect(codes.filter((s) => s === 201)).toHaveLength(3);
      for (const r of respostas.filter((x) => x.statusCode !== 201)) {
        expect(r.json()).toEqual({ codigo: 104, msg: MSG_PEDIDO.cupomEsgotado });
      }
      const usos = await h.t.db
        .selectFrom('cupom_uso')
        .innerJoin('cupom', 'cupom.id', 'cupom_uso.idcupom')
        .select('cupom_uso.id')
        .where('cupom.codigo', '=', 'TRES')
        .execute();
      expect(usos).toHaveLength(3);
    });
  });
});

describe.each(DIALECTS)('order placement rate limit on %s', (dialect) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await openTestApp(dialect);
  });
  afterAll(async () => {
    await h.close();
  });

  it(`${ORDER_LIMITS.cliente.max} a minute per customer, then 429 (another customer is not affected)`, async () => {
    const ana = await novoCliente(h.app, h.t.db);
    const bia = await novoCliente(h.app, h.t.db);
    const tentar = (c: ClienteTeste) =>
      h.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        payload: { pedido_id: randomUUID() },
        headers: c.headers,
      });
    // The window is fixed: a run straddling a minute boundary could see the count restart.
    const segundo = new Date().getUTCSeconds();
    if (segundo > 55) await new Promise((r) => setTimeout(r, (61 - segundo) * 1000));
    for (let i = 0; i < ORDER_LIMITS.cliente.max; i++) expect((await tentar(ana)).statusCode).toBe(400);
    const bloqueado = await tentar(ana);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    expect((await tentar(bia)).statusCode).toBe(400);
  });
});
