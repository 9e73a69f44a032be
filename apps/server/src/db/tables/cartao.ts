import type { ColumnType, Generated } from 'kysely';

/**
 * Customers' saved cards.
 * Written only by modules/cards (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface CartaoTables {
  cartao: CartaoTable;
}

/** A saved card (spec section 3): the gateway's token and what may be shown; never number or CVV. */
export interface CartaoTable {
  id: Generated<number>;
  idcliente: number;
  token: string;
  bandeira: string;
  /** `************` + the last 4. */
  numero: string;
  titular: string;
  /** Digits only. */
  cnpjoucpf: string;
  datahora: string;
  /** The provider that tokenised it (issue 23); null: saved before accounts (the environment's gateway). */
  provedor: ColumnType<string | null, string | null | undefined, string | null>;
}
