import { dialectOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';

/** SQL of logins and refresh tokens. */
export const authRepository = {
  async revokeRefreshDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.updateTable('refresh_token').set({ revogado: 1 }).where('idcliente', '=', idcliente).execute();
  },

  async deleteRefreshDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.deleteFrom('refresh_token').where('idcliente', '=', idcliente).execute();
  },

  findLiveClienteByEmail(db: Db, email: string) {
    return db
      .selectFrom('cliente')
      .select(['id', 'senha_hash', 'confirmado'])
      .where('email', '=', email)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  async insertRefresh(
    db: Db,
    row: { idcliente: number; familia: string; token_hash: string; expira_em: string; criado_em: string },
  ): Promise<void> {
    await db
      .insertInto('refresh_token')
      .values({ ...row, usado_em: null, revogado: 0 })
      .execute();
  },

  /**
   * The token's row and its customer's deletion mark. On PostgreSQL the token row is locked
   * (FOR UPDATE) until the caller's transaction ends, so a concurrent refresh of the same token
   * waits and then sees it spent; SQLite runs one write transaction at a time anyway (and has no
   * FOR UPDATE).
   */
  findRefreshByHashForUpdate(db: Db, tokenHash: string) {
    const q = db
      .selectFrom('refresh_token')
      .innerJoin('cliente', 'cliente.id', 'refresh_token.idcliente')
      .select([
        'refresh_token.id',
        'refresh_token.idcliente',
        'refresh_token.familia',
        'refresh_token.expira_em',
        'refresh_token.usado_em',
        'refresh_token.revogado',
        'cliente.excluido_em',
      ])
      .where('refresh_token.token_hash', '=', tokenHash);
    return (dialectOf(db) === 'postgres' ? q.forUpdate('refresh_token') : q).executeTakeFirst();
  },

  /** Spends a token; false when another request spent it first (the row is locked meanwhile). */
  async markUsed(db: Db, id: number, when: string): Promise<boolean> {
    const r = await db
      .updateTable('refresh_token')
      .set({ usado_em: when })
      .where('id', '=', id)
      .where('usado_em', 'is', null)
      .where('revogado', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async revokeFamily(db: Db, familia: string): Promise<void> {
    await db.updateTable('refresh_token').set({ revogado: 1 }).where('familia', '=', familia).execute();
  },

  async revokeAllOf(db: Db, idcliente: number): Promise<void> {
    await db.updateTable('refresh_token').set({ revogado: 1 }).where('idcliente', '=', idcliente).execute();
  },
};
