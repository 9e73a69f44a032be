import type { Generated } from 'kysely';

/**
 * Customers' sign-in sessions.
 * Written only by modules/auth (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface AuthTables {
  refresh_token: RefreshTokenTable;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  idcliente: number;
  familia: string;
  /** SHA-256 hex of the refresh token. */
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  revogado: number;
  criado_em: string;
}
