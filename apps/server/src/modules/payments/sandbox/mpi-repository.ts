import type { Db } from '../../../db/index.ts';
import type { Sandbox3dsTable } from '../../../db/types.ts';

/** The sandbox 3-D Secure server's records (`sandbox_3ds`). */
export function createMpiRepository(db: Db) {
  return {
    async inserir(linha: Sandbox3dsTable): Promise<void> {
      await db.insertInto('sandbox_3ds').values(linha).execute();
    },

    porReferencia(referenceid: string): Promise<Sandbox3dsTable | undefined> {
      return db
        .selectFrom('sandbox_3ds')
        .selectAll()
        .where('referenceid', '=', referenceid)
        .executeTakeFirst();
    },

    /** A waiting challenge's outcome. False: no waiting challenge has this id (unknown or decided). */
    async decidir(referenceid: string, estado: 'aprovado' | 'negado', cavv: string | null): Promise<boolean> {
      const r = await db
        .updateTable('sandbox_3ds')
        .set({ estado, cavv })
        .where('referenceid', '=', referenceid)
        .where('resultado', '=', 'desafio')
        .where('estado', '=', 'aguardando')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Marks an authentication used. One statement with `usado_em IS NULL` in its condition, so of
     * two concurrent uses (two server instances) exactly one gets true.
     */
    async consumir(referenceid: string, quando: string): Promise<boolean> {
      const r = await db
        .updateTable('sandbox_3ds')
        .set({ usado_em: quando })
        .where('referenceid', '=', referenceid)
        .where('usado_em', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

export type MpiRepository = ReturnType<typeof createMpiRepository>;
