import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { EnderecoTable } from '../../db/types.ts';

export type EnderecoValues = Omit<Insertable<EnderecoTable>, 'id' | 'idcliente' | 'criado_em'>;

/** SQL of a customer's addresses. Every statement is scoped by idcliente: ownership lives here. */
export const addressesRepository = {
  async removeDoCliente(db: Db, idcliente: number): Promise<void> {
    await db.deleteFrom('endereco').where('idcliente', '=', idcliente).execute();
  },

  list(db: Db, idcliente: number) {
    return db.selectFrom('endereco').selectAll().where('idcliente', '=', idcliente).orderBy('id').execute();
  },

  find(db: Db, idcliente: number, id: number) {
    return db
      .selectFrom('endereco')
      .selectAll()
      .where('idcliente', '=', idcliente)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async count(db: Db, idcliente: number): Promise<number> {
    const r = await db
      .selectFrom('endereco')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('idcliente', '=', idcliente)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  insert(db: Db, idcliente: number, values: EnderecoValues) {
    return db
      .insertInto('endereco')
      .values({ ...values, idcliente, criado_em: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Undefined when the customer has no such address. */
  update(db: Db, idcliente: number, id: number, values: Updateable<EnderecoTable>) {
    return db
      .updateTable('endereco')
      .set(values)
      .where('idcliente', '=', idcliente)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  /** False when the customer has no such address. */
  async remove(db: Db, idcliente: number, id: number): Promise<boolean> {
    const r = await db
      .deleteFrom('endereco')
      .where('idcliente', '=', idcliente)
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numDeletedRows > 0n;
  },
};
