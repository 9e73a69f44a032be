import type { Db } from '../../db/index.ts';

/** What rotation reads of a refresh token (customers' `refresh_token`, staff's `funcionario_refresh`). */
export interface RefreshRow {
  id: number;
  familia: string;
  expira_em: string;
  usado_em: string | null;
  revogado: number;
  /** The account's deletion mark. */
  excluido_em: string | null;
}

export interface RefreshStore<R extends RefreshRow> {
  /** The token's row, locked on PostgreSQL until the transaction ends. */
  findForUpdate(trx: Db, tokenHash: string): Promise<R | undefined>;
  /** False when another request spent it first. */
  markUsed(trx: Db, id: number, when: string): Promise<boolean>;
  revokeFamily(trx: Db, familia: string): Promise<void>;
}

/**
 * Spends a refresh token inside the caller's transaction (which then inserts its successor in
 * the same family): the token's row when it may be rotated, else null. Presenting a token already
 * spent revokes its whole family (someone holds a stolen copy); a concurrent refresh of the same
 * token waits for the lock, finds it spent and revokes the family, successor included. The
 * caller must commit even on null, so the revocation stays.
 */
export async function gastarRefresh<R extends RefreshRow>(
  trx: Db,
  store: RefreshStore<R>,
  tokenHash: string,
  now: string,
): Promise<R | null> {
  const row = await store.findForUpdate(trx, tokenHash);
  if (!row || row.revogado !== 0 || row.excluido_em !== null) return null;
  if (row.usado_em !== null) {
    await store.revokeFamily(trx, row.familia);
    return null;
  }
  if (row.expira_em <= now) return null;
  // Locked (PostgreSQL) or serialized (SQLite); the conditional update stays as a second guard.
  if (!(await store.markUsed(trx, row.id, now))) {
    await store.revokeFamily(trx, row.familia);
    return null;
  }
  return row;
}
