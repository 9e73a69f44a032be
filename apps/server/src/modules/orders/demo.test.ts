import { randomUUID } from 'node:crypto';
import {
  agendamentoValido,
  areasEntregaSchema,
  chooseDeliveryFee,
  cupomSchema,
  defaultGroupChoice,
  enderecoSchema,
  estabelecimentoDetalheSchema,
  formasPgtoSchema,
  itemPedido,
  menuSchema,
  novoNumeroPedido,
  pedidoGravadoSchema,
  pedidosPendentesSchema,
  totaisPedido,
  unmetGroups,
} from '@rango/domain';
import type { CupomValores, PedidoInput, Produto } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { seedDemo } from '../../db/seed/seeder.ts';
import { DIALECTS, openTestDb, testConfig } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { bearer, criarCliente } from '../customers/testing.ts';
import { API, pedidoUrl } from './testing.ts';

/**
 * The demo `npm start` seeds (Sabor da Vila always open, Bella Napoli on its own hours, the demo
 * coupons): an order placed the way the app does it, call by call, from sign-up to receipt.
 */
describe.each(DIALECTS)('an order against the seeded demo on %s', (dialect) => {
  let t: TestDb;
  let app: FastifyInstance;
  let auth: { authorization: string };

  const json = async <T>(
    url: string,
    schema: { parse(v: unknown): T },
    method: 'GET' | 'POST' = 'GET',
    payload?: object,
  ) => {
    const res = await app.inject({
      method,
      url: `${API}${url}`,
      headers: auth,
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return schema.parse(res.json());
  };
  /** Products the drawer lets a customer add with its defaults (available, every group satisfied). */
  const prontos = async (
    id: number,
  ): Promise<{ produto: Produto; escolhas: Record<number, Record<number, number>> }[]> => {
    const menu = await json(`/api/estabelecimento/${id}/menu/`, menuSchema);
    return menu.grupos
      .flatMap((g) => g.produtos)
      .filter((p) => p.stindisponivel === 0)
      .map((produto) => ({
        produto,
        escolhas: Object.fromEntries(produto.grupoopcoes.map((g) => [g.idgrupoopcao, defaultGroupChoice(g)])),
      }))
      .filter(({ produto, escolhas }) => unmetGroups(produto.grupoopcoes, escolhas).length === 0);
  };

  function montar(o: {
    idestabelecimento: number;
    itens: { produto: Produto; escolhas: Record<number, Record<number, number>>; quantidade: number }[];
    taxa: { taxaCents: number; abonoCents: number | null } | null;
    endereco: number | null;
    cupom: (CupomValores & { codigo: string }) | null;
    forma: { idformapgto: number; descricao: string; sttipopgto: number };
    entregue_as?: string | null;
  }): PedidoInput {
    const itens = o.itens.map((i) =>
      itemPedido(i.produto, { quantidade: i.quantidade, escolhas: i.escolhas }, ''),
    );
    const tot = totaisPedido({
      itens,
      taxaCents: o.taxa?.taxaCents ?? null,
      abonoCents: o.taxa?.abonoCents ?? null,
      cupom: o.cupom,
    });
    return {
      pedido_id: randomUUID(),
      entregue_as: o.entregue_as ?? null,
      ajuste: 0,
      desconto: tot.desconto,
      cliente: {
        cpf: null,
        external_id: null,
        nome: 'Maria da Silva',
        telefone: '11987654321',
        endereco: o.endereco ? { id: o.endereco } : null,
      },
      cpf_pagador: null,
      deliveryestabelecimento_id: o.idestabelecimento,
      itens,
      observacoes: 'Sem cebola, por favor.',
      numero_pedido: novoNumeroPedido(),
      origem: 'web',
      pagamentos: [
        {
          cartao: null,
          descricaoFormaPgto: o.forma.descricao,
          formapgto_id: o.forma.idformapgto,
          formapgto_sttipopgto: o.forma.sttipopgto,
          pre_pago: false,
          tipo: null,
          troco_para: o.forma.sttipopgto === 0 ? tot.total + 5000 : null,
          valor: tot.total,
        },
      ],
      previsaoentregamax: 50,
      previsaoentregamin: 30,
      subtotal: tot.subtotal,
      taxa_entrega: o.taxa ? tot.taxa_entrega : null,
      tipo: o.taxa ? 'DELIVERY' : 'TOGO',
      total: tot.total,
      endereco_togo: o.taxa ? 'Quero encontrar o entregador.' : null,
      codigo_cupom: o.cupom?.codigo ?? null,
      abono_taxa_entrega: o.taxa ? o.taxa.abonoCents : null,
    };
  }

  beforeAll(async () => {
    t = await openTestDb(dialect);
    await seedDemo(t.db, { alwaysOpen: true });
    app = buildApp(testConfig({ rateLimit: false }), { db: t.db });
    await app.ready();
    const c = await criarCliente(app, t.db, `demo.${randomUUID()}@exemplo.com.br`);
    auth = bearer(c.access);
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  it('Sabor da Vila: delivery to a geocoded address, with BEMVINDO10, paid in cash with change', async () => {
    const endereco = await json('/controle/endereco/', enderecoSchema, 'POST', {
      cep: '01414-001',
      rua: 'Rua Haddock Lobo',
      numero: '595',
      bairro: 'Cerqueira César',
      cidade: 'São Paulo',
      uf: 'SP',
      complemento: 'Apto 12',
      detalhe: '',
      idtipoendereco: 1,
    });
    const detalhe = await json('/controle/estabelecimento/1/', estabelecimentoDetalheSchema);
    const areas = await json('/api/estabelecimento/1/areas_entrega/', areasEntregaSchema);
    const fee = chooseDeliveryFee({
      areas,
      taxasentrega: detalhe.taxaentrega_set,
      endereco: { ...endereco, cidade: endereco.cidade.descricao },
    });
    if (!fee.entrega) throw new Error(`sem entrega: ${fee.motivo}`);
    const formas = await json('/api/estabelecimento/1/formapgto/', formasPgtoSchema);
    const dinheiro = formas.find((f) => f.sttipopgto === 0)!;
    const cupom = await json('/api/cupom/validar/', cupomSchema, 'POST', {
      cupom: 'bemvindo10',
      deliveryestabelecimento: 1,
    });
    const [lanche, bebida] = await prontos(1);
    const payload = montar({
      idestabelecimento: 1,
      itens: [
        { ...lanche!, quantidade: 2 },
        { ...bebida!, quantidade: 1 },
      ],
      taxa: fee,
      endereco: endereco.id,
      cupom: { ...cupom, codigo: cupom.codigo },
      forma: dinheiro,
    });
    const res = await app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: auth });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    const pendentes = await json('/controle/pedido/?pendentes=true', pedidosPendentesSchema);
    expect(pendentes.map((p) => p.id)).toContain(id);
    const gravado = pedidoGravadoSchema.parse(JSON.parse(pendentes.find((p) => p.id === id)!.pedido));
    expect(gravado).toMatchObject({
      tipo: 'DELIVERY',
      total: payload.total,
      desconto: payload.desconto,
      codigo_cupom: 'BEMVINDO10',
    });
    expect(gravado.desconto).toBeGreaterThan(0);
    const recibo = await app.inject({ url: `${API}/controle/pedido/${id}/cupom/`, headers: auth });
    expect(recibo.statusCode).toBe(200);
    expect(recibo.body).toContain('Sabor da Vila');
  });

  it('Bella Napoli: a pickup scheduled inside its hours, paid by credit card on delivery', async () => {
    const detalhe = await json('/controle/estabelecimento/2/', estabelecimentoDetalheSchema);
    // The next 19:30 (São Paulo) the pizzeria is open.
    let quando: Date | undefined;
    for (let dia = 0; dia < 7 && !quando; dia++) {
      const local = new Date(Date.now() - 3 * 3_600_000 + dia * 86_400_000);
      const c = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), 22, 30));
      if (agendamentoValido(c, detalhe.horariofuncionamento_set)) quando = c;
    }
    expect(quando).toBeDefined();
    const formas = await json('/api/estabelecimento/2/formapgto/', formasPgtoSchema);
    const [pizza] = await prontos(2);
    const payload = montar({
      idestabelecimento: 2,
      itens: [{ ...pizza!, quantidade: 1 }],
      taxa: null,
      endereco: null,
      cupom: null,
      forma: formas.find((f) => f.sttipopgto === 60)!,
      entregue_as: quando!.toISOString(),
    });
    const res = await app.inject({ method: 'POST', url: pedidoUrl(2), payload, headers: auth });
    expect(res.statusCode, res.body).toBe(201);
  });
});
