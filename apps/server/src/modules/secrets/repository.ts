import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { SegredoTable } from '../../db/types.ts';

export type SegredoRow = Selectable<SegredoTable>;

/** What identifies a stored value: its establishment and its name. */
export interface SegredoChave {
  idestabelecimento: number;
  nome: string;
}

/**
 * The only SQL on `segredo` (modules/secrets). Rows hold ciphertext only; every read or write of
 * one establishment's values is keyed by its id. The cross-establishment reads (`porChave`,
 * `foraDaChave`) serve the start-up check and the rotation, never an API.
 */
export const secretsRepository = {
  find(db: Db, idestabelecimento: number, nome: string): Promise<SegredoRow | undefined> {
    return db
      .selectFrom('segredo')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .where('nome', '=', nome)
      .executeTakeFirst();
  },

  listByEstabelecimento(db: Db, idestabelecimento: number): Promise<SegredoRow[]> {
    return db
      .selectFrom('segredo')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('nome')
      .execute();
  },

  /** Inserts or replaces the value (a new IV and ciphertext every time). */
  async upsert(db: Db, row: SegredoRow): Promise<void> {
    await db
      .insertInto('segredo')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['idestabelecimento', 'nome']).doUpdateSet({
          chave_id: row.chave_id,
          iv: row.iv,
          cifra: row.cifra,
          atualizado_em: row.atualizado_em,
        }),
      )
      .execute();
  },

  /** true when a row was removed. */
  async remove(db: Db, idestabelecimento: number, nome: string): Promise<boolean> {
    const r = await db
      .deleteFrom('segredo')
      .where('idestabelecimento', '=', idestabelecimento)
      .where('nome', '=', nome)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** One value (the newest) under each key id in use: the start-up check reads one per key. */
  async onePerKey(db: Db): Promise<SegredoRow[]> {
    const ids = await db.selectFrom('segredo').select('chave_id').distinct().execute();
    const rows: SegredoRow[] = [];
    for (const { chave_id } of ids) {
      const row = await db
        .selectFrom('segredo')
        .selectAll()
        .where('chave_id', '=', chave_id)
        .orderBy('atualizado_em', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) rows.push(row);
    }
    return rows;
  },

  /** Which values are under another key than `chave_id` (rotation's to-do list). */
  outsideKey(db: Db, chaveId: string): Promise<SegredoChave[]> {
    return db
      .selectFrom('segredo')
      .select(['idestabelecimento', 'nome'])
      .where('chave_id', '!=', chaveId)
      .orderBy('idestabelecimento')
      .orderBy('nome')
      .execute();
  },

  async count(db: Db): Promise<number> {
    const r = await db
      .selectFrom('segredo')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /**
   * Replaces a value's encryption only if the row is still the one read (same key id and IV): a
   * `set` in between already wrote it under the current key. true when replaced.
   */
  async replaceIfUnchanged(
    db: Db,
    antes: Pick<SegredoRow, 'idestabelecimento' | 'nome' | 'chave_id' | 'iv'>,
    depois: Pick<SegredoRow, 'chave_id' | 'iv' | 'cifra'>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('segredo')
      .set(depois)
      .where('idestabelecimento', '=', antes.idestabelecimento)
      .where('nome', '=', antes.nome)
      .where('chave_id', '=', antes.chave_id)
      .where('iv', '=', antes.iv)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
