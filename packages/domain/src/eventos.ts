/**
 * Live events (issue 11): what the server streams (Server-Sent Events) to the restaurant's panel
 * (per establishment) and to a customer (their own orders). An event says what changed; the
 * receiver reads the thing again (an order, the store), so a repeated or late event is harmless.
 * Each event's SSE `id` is its row id; a reconnect sends it back as `Last-Event-ID`.
 */

/** Event names (the SSE `event:` field). */
export const EVENTO = {
  /** A new order (panel). */
  pedidoNovo: 'pedido.novo',
  /** An order's status moved (panel and its customer). */
  pedidoStatus: 'pedido.status',
  /** An online payment changed state (panel and its customer). */
  pedidoPagamento: 'pedido.pagamento',
  /** The restaurant changed an accepted order's estimate (panel and its customer). */
  pedidoPrevisao: 'pedido.previsao',
  /** The store was opened or closed from the panel (panel). */
  loja: 'loja',
  /** A product or option became available or 'Em falta' (panel). */
  disponibilidade: 'disponibilidade',
  /** The owner changed the menu, hours, areas, payment methods or coupons (back office): read them again. */
  menu: 'menu',
  /** The client's Last-Event-ID is older than what the server keeps: read everything again. */
  reset: 'reset',
} as const;
export type TipoEvento = (typeof EVENTO)[keyof typeof EVENTO];

/** The `data:` of an event (JSON). */
export interface DadosEvento {
  idpedido?: number | undefined;
  /** pedido.novo: the new order's status (PgtoPendente while an online payment is under way). */
  status?: number | undefined;
  /** pedido.novo / pedido.status: the order's channel ('rango', 'ifood', 'opendelivery'). */
  canal?: string | undefined;
  /** pedido.status: the move. */
  de?: number | undefined;
  para?: number | undefined;
  /** pedido.previsao: the new estimate (ISO). */
  previsao_em?: string | null | undefined;
  /** pedido.pagamento: the transaction's new state. */
  estado?: string | undefined;
  /** pedido.status with Cancelado by the system (payment refused or expired), not by staff. */
  sistema?: boolean | undefined;
  /** loja */
  aberta?: boolean | undefined;
  reabrir_em?: string | null | undefined;
  /** disponibilidade */
  idproduto?: number | undefined;
  idopcao?: number | undefined;
  stindisponivel?: number | undefined;
  /** menu: the establishment's new menu_versao. */
  menu_versao?: number | undefined;
}

/** The customer's stream: GET /api/ead/controle/eventos/ (their orders only). */
export const CLIENTE_EVENTOS_PATH = '/controle/eventos/';
