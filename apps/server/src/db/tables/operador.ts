import type { Generated } from 'kysely';

/**
 * Restaurants' operator API keys.
 * Written only by modules/operator (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface OperadorTables {
  operador_token: OperadorTokenTable;
}

/** A restaurant's operator key (0006): Bearer token, stored as SHA-256 hex. */
export interface OperadorTokenTable {
  id: Generated<number>;
  idestabelecimento: number;
  nome: string;
  token_hash: string;
  criado_em: string;
  revogado_em: string | null;
}
