import type { ColumnType, Generated } from 'kysely';

/**
 * Live events.
 * Written only by modules/events (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface EventsTables {
  evento: EventoTable;
}

/**
 * A live event (0008), written in the transaction of the change it reports. Its id is the SSE id.
 * `txid`: PostgreSQL's transaction id (set by the column's default), null on SQLite.
 */
export interface EventoTable {
  id: Generated<number>;
  txid: ColumnType<string | number | null, never, never>;
  idestabelecimento: number;
  idcliente: number | null;
  idpedido: number | null;
  tipo: string;
  /** JSON. */
  dados: string;
  criado_em: string;
}
