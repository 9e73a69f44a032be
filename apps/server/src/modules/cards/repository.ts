import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CartaoTable } from '../../db/types.ts';

export type CartaoValues = Omit<Insertable<CartaoTable>, 'id' | 'idcliente' | 'datahora'>;

/**
 * SQL of saved cards. Every statement that reads or changes a customer's cards is scoped by
 * idcliente: ownership lives here. The table has no column for a number or a CVV.
 */
export const cardsRepository = {
  /** Once per customer and token (a payment confirmed twice saves it once). */
  async insertSeNovo(db: Db, c: Insertable<CartaoTable>): Promise<void> {
    await db
      .insertInto('cartao')
      .values(c)
      .onConflict((oc) => oc.columns(['idcliente', 'token']).doNothing())
      .execute();
  },

  async removeDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.deleteFrom('cartao').where('idcliente', '=', idcliente).execute();
  },

  list(db: Db, idcliente: number) {
    return db.selectFrom('cartao').selectAll().where('idcliente', '=', idcliente).orderBy('id').execute();
  },

  async count(db: Db, idcliente: number): Promise<number> {
    const r = await db
      .selectFrom('cartao')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('idcliente', '=', idcliente)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Who saved a gateway token (any customer): one token belongs to one customer. */
  /** The customer's e-mail (Mercado Pago keeps saved cards on a customer found by it). */
  async emailDoCliente(db: Db, idcliente: number): Promise<string | null> {
    const r = await db.selectFrom('cliente').select('email').where('id', '=', idcliente).executeTakeFirst();
    return r?.email ?? null;
  },

  findByToken(db: Db, token: string) {
    return db.selectFrom('cartao').selectAll().where('token', '=', token).orderBy('id').executeTakeFirst();
  },

  insert(db: Db, idcliente: number, values: CartaoValues) {
    return db
      .insertInto('cartao')
      .values({ ...values, idcliente, datahora: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** False when the customer has no such card. */
  async remove(db: Db, idcliente: number, id: number): Promise<boolean> {
    const r = await db
      .deleteFrom('cartao')
      .where('idcliente', '=', idcliente)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  },
};
