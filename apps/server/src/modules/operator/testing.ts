import { randomUUID } from 'node:crypto';
import { STATUS, pedidoGravadoSchema } from '@rango/domain';
import type { PedidoGravado } from '@rango/domain';
import type { Db } from '../../db/index.ts';

export interface PedidoFixture {
  idestabelecimento?: number;
  tipo?: 'DELIVERY' | 'TOGO';
  /** The first (and only) history entry's status; Realizado by default. */
  status?: number;
  /** When it was placed (ISO); now by default. */
  dthrpedido?: string;
  entregue_as?: string | null;
  referencia?: string;
}

let numero = 1000;

/**
 * Tests only: an order as the orders module stores it (a valid PedidoGravado in pedido_json and
 * its first history entry), inserted directly so these tests do not depend on order placement.
 */
export async function inserirPedido(db: Db, f: PedidoFixture = {}): Promise<number> {
  const tipo = f.tipo ?? 'DELIVERY';
  const status = f.status ?? STATUS.Realizado;
  const dthrpedido = f.dthrpedido ?? new Date().toISOString();
  const referencia = f.referencia ?? String((numero = numero >= 9999 ? 1000 : numero + 1));
  const taxa = tipo === 'DELIVERY' ? 500 : null;
  const subtotal = 2 * 3990 + 800;
  const total = subtotal + (taxa ?? 0);
  const gravado: PedidoGravado = pedidoGravadoSchema.parse({
    pedido_id: randomUUID(),
    entregue_as: f.entregue_as ?? null,
    ajuste: 0,
    desconto: 0,
    cliente: {
      cpf: null,
      external_id: randomUUID(),
      nome: 'Maria Teste',
      telefone: '11987654321',
      endereco:
        tipo === 'DELIVERY'
          ? {
              id: 1,
              cep: '01414-001',
              rua: 'Rua Haddock Lobo',
              numero: '595',
              bairro: 'Cerqueira César',
              cidade: 'São Paulo',
              uf: 'SP',
              complemento: 'apto 12',
              detalhe: 'portão azul',
            }
          : null,
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: f.idestabelecimento ?? 1,
    itens: [
      {
        produto_id: 1,
        descricao: 'Pizza Margherita',
        quantidade: 2,
        preco_unit: 3990,
        preco_total: 7980,
        ajuste: 0,
        observacoes: 'sem cebola',
        subitens: [],
      },
      {
        produto_id: 2,
        descricao: 'Refrigerante',
        quantidade: 1,
        preco_unit: 800,
        preco_total: 800,
        ajuste: 0,
        observacoes: '',
        subitens: [],
      },
    ],
    observacoes: 'Tocar a campainha',
    numero_pedido: Number(referencia) || 1000,
    origem: 'web',
    pagamentos: [
      {
        descricaoFormaPgto: 'Dinheiro',
        formapgto_id: 1,
        formapgto_sttipopgto: 1,
        pre_pago: false,
        tipo: null,
        troco_para: 10000,
        valor: total,
      },
    ],
    previsaoentregamax: 50,
    previsaoentregamin: 30,
    subtotal,
    taxa_entrega: taxa,
    tipo,
    total,
    endereco_togo: tipo === 'DELIVERY' ? 'Quero encontrar o entregador.' : null,
    codigo_cupom: null,
    cupom: null,
    abono_taxa_entrega: null,
  });
  const row = await db
    .insertInto('pedido')
    .values({
      pedido_id: gravado.pedido_id,
      idcliente: null,
      idestabelecimento: f.idestabelecimento ?? 1,
      referencia,
      tipo,
      status,
      subtotal,
      taxa_entrega: taxa,
      desconto: 0,
      total,
      codigo_cupom: null,
      entregue_as: f.entregue_as ?? null,
      pedido_json: JSON.stringify(gravado),
      dthrpedido,
      atualizado_em: dthrpedido,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('pedido_historico')
    .values({ idpedido: row.id, status, datahora: dthrpedido, motivo: null })
    .execute();
  return row.id;
}
