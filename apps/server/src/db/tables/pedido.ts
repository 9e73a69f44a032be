import type { ColumnType, Generated } from 'kysely';

/**
 * Orders: the order, its history, its item and option rows for the reports, its coupon use.
 * Written only by modules/orders (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface PedidoTables {
  cupom_uso: CupomUsoTable;
  pedido: PedidoTable;
  pedido_historico: PedidoHistoricoTable;
  pedido_item: PedidoItemTable;
  pedido_item_opcao: PedidoItemOpcaoTable;
}

/** An order (0006). Money in cents. */
export interface PedidoTable {
  id: Generated<number>;
  /** The app's id for the submission (uuid); unique, so a repeat finds the first. */
  pedido_id: string;
  /** Null once the customer's account is deleted. */
  idcliente: number | null;
  idestabelecimento: number;
  /** The order number the customer sees ('#1234'). */
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  /** The current status (the latest history entry), kept for the lists. */
  status: number;
  subtotal: number;
  taxa_entrega: number | null;
  desconto: number;
  total: number;
  codigo_cupom: string | null;
  /** ISO-8601 UTC; null = as soon as possible. */
  entregue_as: string | null;
  /** JSON of the domain's PedidoGravado: what the customer saw, as the server checked it. */
  pedido_json: string;
  /** ISO-8601 UTC. */
  dthrpedido: string;
  atualizado_em: string;
  /** 0008: the estimate the restaurant gave on acceptance (ISO-8601 UTC), else null. */
  previsao_em: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0011: the payment method's name (from pedido_json, by a trigger on insert), for the reports. */
  formapgto: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0030: where the order came from: 'rango' (default), 'ifood', 'opendelivery'. */
  canal: ColumnType<Canal, Canal | undefined, Canal>;
  /** 0030: the order's id at its channel (iFood's order id); unique per channel and establishment. */
  id_externo: ColumnType<string | null, string | null | undefined, string | null>;
}

export type Canal = 'rango' | 'ifood' | 'opendelivery';

export interface PedidoHistoricoTable {
  id: Generated<number>;
  idpedido: number;
  status: number;
  /** ISO-8601 UTC with milliseconds. */
  datahora: string;
  motivo: string | null;
}

/**
 * 0011: an order's items and options as rows for the reports, written by triggers on insert from
 * pedido_json (never by the app). Units and cents: an option's are per order (× the item's units).
 */
export interface PedidoItemTable {
  id: Generated<number>;
  idpedido: number;
  idestabelecimento: number;
  dthrpedido: string;
  idproduto: number;
  descricao: string;
  quantidade: number;
  valor: number;
}

export interface PedidoItemOpcaoTable {
  id: Generated<number>;
  idpedido: number;
  idestabelecimento: number;
  dthrpedido: string;
  idopcao: number;
  descricao: string;
  quantidade: number;
  valor: number;
}

/** One order's use of a coupon (inserted with the order); the limits count these. */
export interface CupomUsoTable {
  id: Generated<number>;
  idcupom: number;
  /** Null once the customer's account row is gone. */
  idcliente: number | null;
  pedido_id: string;
  criado_em: string;
}
