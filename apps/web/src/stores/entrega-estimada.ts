/**
 * The delivery estimate the customer saw on the menu (issue 14): the fee and the free-delivery
 * minimum for the chosen address or the typed CEP, before any checkout. Written by the menu's
 * 'Entrega' panel, read by the cart drawer for 'Faltam R$ … para entrega grátis'. Kept in the
 * React Query cache under ENTREGA_ESTIMADA_KEY (memory only; the checkout still agrees the real
 * fee of the saved address): both readers are lazy chunks, and a module of their own would add
 * its name to the menu's first-load JS. Import only the types from here.
 */
export interface EntregaEstimada {
  idEstabelecimento: number;
  /** Null: no delivery there (pickup). */
  taxaCents: number | null;
  /** Free delivery from this subtotal (cents), or null. */
  abonoCents: number | null;
}

/** The cache key (repeated as a literal by each reader, see above). */
export type EntregaEstimadaKey = ['entrega-estimada'];
