import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CupomTable } from '../../db/types.ts';

export type CupomRow = Selectable<CupomTable>;

/** SQL of coupons and their uses. Codes arrive already normalized (trimmed, upper-case). */
export const couponsRepository = {
  estabelecimentoExists(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then((r) => r !== undefined);
  },

  findByCodigo(db: Db, idestabelecimento: number, codigo: string): Promise<CupomRow | undefined> {
    return db
      .selectFrom('cupom')
      .selectAll()
      .where('idestabelecimento', '=', idestabelecimento)
      .where('codigo', '=', codigo)
      .executeTakeFirst();
  },

  /** Uses of a coupon in all and by one customer (the rows order placement inserts). */
  async countUsos(db: Db, idcupom: number, idcliente: number): Promise<{ total: number; cliente: number }> {
    const row = await db
      .selectFrom('cupom_uso')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.count(eb.case().when('idcliente', '=', idcliente).then(1).end()).as('cliente'),
      ])
      .where('idcupom', '=', idcupom)
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), cliente: Number(row.cliente) };
  },

  /** Inserts a coupon; undefined when the establishment already has that code. */
  async insert(db: Db, values: Insertable<CupomTable>): Promise<number | undefined> {
    const row = await db
      .insertInto('cupom')
      .values(values)
      .onConflict((oc) => oc.columns(['idestabelecimento', 'codigo']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  countCupons(db: Db) {
    return db
      .selectFrom('cupom')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },
};
