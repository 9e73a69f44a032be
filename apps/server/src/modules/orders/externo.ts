import { STATUS, pedidoGravadoSchema } from '@rango/domain';
import type { PedidoGravado } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import type { Canal } from '../../db/tables/pedido.ts';
import { avisarEventos } from '../events/record.ts';
import { ordersRepository as repo } from './repository.ts';

/**
 * An order placed on another channel (issue 24 part 4: iFood; Open Delivery): recorded as the
 * channel charged it — no re-pricing, no opening hours or minimum (the channel decided), money in
 * integer cents — and then the same order as Rango's own: the queue, the bell, the status machine.
 */
export interface PedidoExterno {
  idestabelecimento: number;
  canal: Exclude<Canal, 'rango'>;
  /** The channel's order id; an order is imported once per channel and establishment. */
  idExterno: string;
  /** The number the channel's customer sees ('displayId'), shown as the order's number. */
  referencia: string;
  /** The order as stored (pedido_json): items, options, prices, payment, customer, address. */
  gravado: PedidoGravado;
  /** When the channel's customer placed it (ISO-8601 UTC). */
  dthrpedido: string;
}

export class PedidoExternoInvalido extends Error {
  override name = 'PedidoExternoInvalido';
}

/**
 * Writes the order unless this channel's order is already there (any instance, any number of
 * times: one row). Answers its id and whether this call created it; the panels hear of a new one.
 */
export async function importarPedidoExterno(
  db: Db,
  p: PedidoExterno,
  agora: Date = new Date(),
): Promise<{ id: number; novo: boolean }> {
  const ja = await repo.findExterno(db, p.idestabelecimento, p.canal, p.idExterno);
  if (ja) return { id: ja.id, novo: false };
  const checado = pedidoGravadoSchema.safeParse(p.gravado);
  if (!checado.success) throw new PedidoExternoInvalido(`pedido ${p.canal} ${p.idExterno} mal formado`);
  const g = checado.data;
  const dthr = Number.isNaN(Date.parse(p.dthrpedido))
    ? agora.toISOString()
    : new Date(p.dthrpedido).toISOString();
  const r = await repo.gravarPedidoExterno(
    db,
    {
      pedido_id: `${p.canal}:${p.idestabelecimento}:${p.idExterno}`,
      idcliente: null,
      idestabelecimento: p.idestabelecimento,
      referencia: p.referencia,
      tipo: g.tipo,
      status: STATUS.Realizado,
      subtotal: g.subtotal,
      taxa_entrega: g.taxa_entrega,
      desconto: g.desconto,
      total: g.total,
      codigo_cupom: null,
      entregue_as: g.entregue_as,
      pedido_json: JSON.stringify(g),
      formapgto: g.pagamentos[0]?.descricaoFormaPgto ?? null,
      dthrpedido: dthr,
      atualizado_em: agora.toISOString(),
      canal: p.canal,
      id_externo: p.idExterno,
    },
    STATUS.Realizado,
  );
  if (r.novo) avisarEventos(db);
  return r;
}

/** An order of a channel by its external id (undefined when never imported). */
export const pedidoExterno = (db: Db, idestabelecimento: number, canal: Canal, idExterno: string) =>
  repo.findExterno(db, idestabelecimento, canal, idExterno);

/** The channel and external id of orders (a channel's module acts only on its own orders). */
export const canaisDosPedidos = (db: Db, ids: readonly number[]) => repo.canais(db, ids);
