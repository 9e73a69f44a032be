import type { ColumnType, Generated } from 'kysely';

/**
 * Open Delivery's tables (migration 0029_opendelivery, issue 24 part 3).
 * Written only by modules/opendelivery (scripts/check-table-owners.mjs). Times are ISO text.
 */
export interface OpendeliveryTables {
  opendelivery_credencial: OpendeliveryCredencialTable;
  opendelivery_token: OpendeliveryTokenTable;
  opendelivery_evento: OpendeliveryEventoTable;
  opendelivery_cursor: OpendeliveryCursorTable;
}

/** A POS's client credentials for one establishment; the secret only as its SHA-256 (hex). */
export interface OpendeliveryCredencialTable {
  id: Generated<number>;
  idestabelecimento: number;
  client_id: string;
  segredo_hash: string;
  /** The secret's last 4 characters, to tell credentials apart on the page. */
  final: string;
  criado_em: string;
  revogado_em: string | null;
  ultimo_polling_em: string | null;
  ultimo_ack_em: string | null;
  acks: Generated<number>;
}

/** A bearer token handed out at /oauth/token, as its SHA-256 (hex). */
export interface OpendeliveryTokenTable {
  token_hash: string;
  idcredencial: number;
  idestabelecimento: number;
  expira_em: string;
}

/** One event of the standard for one establishment; its id (a UUID) is derived from the `evento` it reports. */
export interface OpendeliveryEventoTable {
  id: string;
  idestabelecimento: number;
  idpedido: number;
  /** The order's id in the standard (pedido.pedido_id). */
  pedido_uuid: string;
  /** The standard's eventType (CREATED, CONFIRMED…). */
  tipo: string;
  /** JSON of the event's metadata (a cancellation's reason and code), or null. */
  metadata: string | null;
  criado_em: string;
  /** The reported `evento`'s id: events of one time sort in the log's order. */
  posicao: ColumnType<string | number, string | number, string | number>;
  ack_em: string | null;
}

/** How far the fan-out has read `evento` for an establishment (the events' delivery order). */
export interface OpendeliveryCursorTable {
  idestabelecimento: number;
  txid: ColumnType<string | number, string | number, string | number>;
  idevento: ColumnType<string | number, string | number, string | number>;
}
