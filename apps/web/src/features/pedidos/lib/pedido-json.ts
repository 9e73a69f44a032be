import { pedidoGravadoSchema, type PedidoFetched, type PedidoGravado } from '@rango/domain';

/** The `pedido` text of a fetched order is not a stored order we can show. */
export class PedidoIlegivelError extends Error {
  constructor(readonly referencia: string) {
    super(`pedido #${referencia}: texto ilegível`);
    this.name = 'PedidoIlegivelError';
  }
}

/**
 * Spec section 3: the fetched order's `pedido` text, converted to JSON (held as `pedido_json`).
 * Throws PedidoIlegivelError when it is not JSON or not a stored order's shape.
 */
export function parsePedidoJson(pedido: Pick<PedidoFetched, 'pedido' | 'referencia'>): PedidoGravado {
  let raw: unknown;
  try {
    raw = JSON.parse(pedido.pedido);
  } catch {
    throw new PedidoIlegivelError(pedido.referencia);
  }
  const parsed = pedidoGravadoSchema.safeParse(raw);
  if (!parsed.success) throw new PedidoIlegivelError(pedido.referencia);
  return parsed.data;
}

/** A fetched order with its `pedido` text parsed. */
export type PedidoDetalhe = PedidoFetched & { pedido_json: PedidoGravado };
