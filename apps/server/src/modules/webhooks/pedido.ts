import type { PedidoGravado } from '@rango/domain';
import type { PedidoLido } from '../orders/reads.ts';

/**
 * The order as a webhook's body carries it (`dados.pedido` of the order's events), as it is when
 * the event goes out: its items with their options, its totals in cents, the customer's first
 * name only (no phone, no document, no address), delivery or pickup, the payment method, the
 * status and, when the order came from another channel, that channel. Documented with the
 * signature on the 'Integrações' page (@rango/domain/painel/webhooks).
 */
export interface PedidoDoWebhook {
  id: number;
  referencia: string;
  status: number;
  /** 'entrega' or 'retirada'. */
  tipo: 'entrega' | 'retirada';
  /** Where the order came from when not Rango's own app (e.g. 'ifood'); absent otherwise. */
  canal?: string;
  criado_em: string;
  /** ISO-8601 UTC; null = as soon as possible. */
  entregue_as: string | null;
  cliente: { primeiro_nome: string };
  itens: {
    idproduto: number;
    descricao: string;
    quantidade: number;
    preco_unit: number;
    preco_total: number;
    observacoes: string;
    opcoes: { idopcao: number; descricao: string; quantidade: number; preco_unit: number }[];
  }[];
  totais: {
    subtotal: number;
    taxa_entrega: number;
    desconto: number;
    ajuste: number;
    total: number;
  };
  pagamento: { forma: string; pre_pago: boolean; troco_para: number | null }[];
  codigo_cupom: string | null;
}

/** The body's order from its row (its stored JSON); undefined when the JSON is unreadable. */
export function pedidoDoWebhook(row: PedidoLido): PedidoDoWebhook | undefined {
  let p: PedidoGravado;
  try {
    p = JSON.parse(row.pedido_json) as PedidoGravado;
  } catch {
    return undefined;
  }
  // The order's channel (issue 24 part 5: 'rango', 'ifood', 'opendelivery').
  const canal = row.canal || undefined;
  return {
    id: row.id,
    referencia: row.referencia,
    status: row.status,
    tipo: row.tipo === 'DELIVERY' ? 'entrega' : 'retirada',
    ...(canal ? { canal } : {}),
    criado_em: row.dthrpedido,
    entregue_as: row.entregue_as,
    cliente: { primeiro_nome: (p.cliente?.nome ?? '').trim().split(/\s+/)[0] ?? '' },
    itens: (p.itens ?? []).map((i) => ({
      idproduto: i.produto_id,
      descricao: i.descricao,
      quantidade: i.quantidade,
      preco_unit: i.preco_unit,
      preco_total: i.preco_total,
      observacoes: i.observacoes,
      opcoes: i.subitens.flatMap((s) =>
        s.sub_subitens.map((o) => ({
          idopcao: o.opcao_id,
          descricao: o.descricao,
          quantidade: o.quantidade,
          preco_unit: o.preco_unit,
        })),
      ),
    })),
    totais: {
      subtotal: p.subtotal,
      taxa_entrega: p.taxa_entrega ?? 0,
      desconto: p.desconto,
      ajuste: p.ajuste,
      total: row.total,
    },
    pagamento: (p.pagamentos ?? []).map((g) => ({
      forma: g.descricaoFormaPgto,
      pre_pago: g.pre_pago,
      troco_para: g.troco_para,
    })),
    codigo_cupom: p.codigo_cupom,
  };
}
