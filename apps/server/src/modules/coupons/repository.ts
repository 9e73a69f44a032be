import type { Insertable, Selectable, Updateable } from 'kysely';
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

  /** The customer's check: an establishment awaiting the platform's approval is not found. */
  estabelecimentoPublico(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select('id')
      .where('id', '=', id)
      .where('aprovado', '=', 1)
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

  // --- the owner's coupons (back office, issue 12) ---------------------------------------

  /** The establishment's coupons (or one), each with how many times it was used. */
  cupons(db: Db, id: number, idcupom?: number) {
    let q = db
      .selectFrom('cupom as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('cupom_uso as u')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('u.idcupom', '=', 'c.id')
          .as('usos'),
      )
      .where('c.idestabelecimento', '=', id);
    if (idcupom !== undefined) q = q.where('c.id', '=', idcupom);
    return q.orderBy('c.codigo').orderBy('c.id').execute();
  },

  cupomRepetido(db: Db, id: number, codigo: string, exceto?: number) {
    let q = db
      .selectFrom('cupom')
      .select('id')
      .where('idestabelecimento', '=', id)
      .where('codigo', '=', codigo);
    if (exceto !== undefined) q = q.where('id', '<>', exceto);
    return q.executeTakeFirst().then((r) => r !== undefined);
  },

  async insertCupom(db: Db, values: Insertable<CupomTable>): Promise<number> {
    const row = await db.insertInto('cupom').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async updateCupom(db: Db, id: number, idcupom: number, values: Updateable<CupomTable>): Promise<void> {
    await db
      .updateTable('cupom')
      .set(values)
      .where('idestabelecimento', '=', id)
      .where('id', '=', idcupom)
      .execute();
  },

  async deleteCupom(db: Db, id: number, idcupom: number): Promise<void> {
    await db.deleteFrom('cupom').where('idestabelecimento', '=', id).where('id', '=', idcupom).execute();
  },
};
