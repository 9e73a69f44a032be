import type { Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ClienteTable, ClienteTokenTable } from '../../db/types.ts';

type TokenTipo = ClienteTokenTable['tipo'];

/** SQL of customers, their e-mailed tokens and social links. */
export const customersRepository = {
  findLiveByEmail(db: Db, email: string) {
    return db
      .selectFrom('cliente')
      .select(['id', 'uuid', 'nomeourazaosocial', 'confirmado', 'email'])
      .where('email', '=', email)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  findLiveByUuid(db: Db, uuid: string) {
    return db
      .selectFrom('cliente')
      .select(['id', 'uuid'])
      .where('uuid', '=', uuid)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  findLiveById(db: Db, id: number) {
    return db
      .selectFrom('cliente')
      .select(['id', 'nomeourazaosocial', 'cnpjoucpf', 'email', 'telefone'])
      .where('id', '=', id)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  listEnderecos(db: Db, idcliente: number) {
    return db
      .selectFrom('endereco')
      .select([
        'id',
        'idtipoendereco',
        'cep',
        'rua',
        'numero',
        'bairro',
        'cidade',
        'uf',
        'complemento',
        'detalhe',
        'lat',
        'lng',
      ])
      .where('idcliente', '=', idcliente)
      .orderBy('id')
      .execute();
  },

  async insertCliente(
    db: Db,
    row: {
      uuid: string;
      nomeourazaosocial: string;
      email: string;
      telefone: string | null;
      senha_hash: string | null;
      confirmado: number;
      criado_em: string;
    },
  ): Promise<number> {
    const r = await db
      .insertInto('cliente')
      .values({ ...row, cnpjoucpf: null, excluido_em: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  },

  /** Nothing to change (a PATCH of `{}` or of the read-only e-mail) runs no UPDATE: `set({})` is invalid SQL. */
  async updateCliente(db: Db, id: number, patch: Updateable<ClienteTable>): Promise<void> {
    if (Object.values(patch).every((v) => v === undefined)) return;
    await db.updateTable('cliente').set(patch).where('id', '=', id).execute();
  },

  async insertToken(
    db: Db,
    row: {
      idcliente: number;
      tipo: TokenTipo;
      token_hash: string;
      expira_em: string;
      criado_em: string;
      senha_hash?: string | null;
    },
  ): Promise<void> {
    await db
      .insertInto('cliente_token')
      .values({ ...row, senha_hash: row.senha_hash ?? null, usado_em: null })
      .execute();
  },

  /** Spends every still-unused token of a kind (a new link replaces the older ones). */
  async invalidateTokens(db: Db, idcliente: number, tipo: TokenTipo, when: string): Promise<void> {
    await db
      .updateTable('cliente_token')
      .set({ usado_em: when })
      .where('idcliente', '=', idcliente)
      .where('tipo', '=', tipo)
      .where('usado_em', 'is', null)
      .execute();
  },

  /**
   * Spends the customer's unused, unexpired token of that kind with that hash and answers the
   * password hash it carries; undefined when there is none (wrong, used, expired, or spent a
   * moment ago by a concurrent request).
   */
  async spendToken(
    db: Db,
    idcliente: number,
    tipo: TokenTipo,
    tokenHash: string,
    now: string,
  ): Promise<{ senha_hash: string | null } | undefined> {
    return db
      .updateTable('cliente_token')
      .set({ usado_em: now })
      .where('idcliente', '=', idcliente)
      .where('tipo', '=', tipo)
      .where('token_hash', '=', tokenHash)
      .where('usado_em', 'is', null)
      .where('expira_em', '>', now)
      .returning('senha_hash')
      .executeTakeFirst();
  },

  findSocial(db: Db, provedor: 'google-oauth2' | 'facebook', sujeito: string) {
    return db
      .selectFrom('cliente_social')
      .innerJoin('cliente', 'cliente.id', 'cliente_social.idcliente')
      .select('cliente.id')
      .where('cliente_social.provedor', '=', provedor)
      .where('cliente_social.sujeito', '=', sujeito)
      .where('cliente.excluido_em', 'is', null)
      .executeTakeFirst();
  },

  async insertSocial(
    db: Db,
    row: { idcliente: number; provedor: 'google-oauth2' | 'facebook'; sujeito: string; criado_em: string },
  ): Promise<void> {
    await db.insertInto('cliente_social').values(row).execute();
  },

  /**
   * Erases a customer's own personal data: the row stays (their orders point at it) with a
   * placeholder name and nulls, their e-mailed tokens and social links go. The rest hanging off
   * it is each owner's part (service.ts `excluir`).
   */
  async erase(db: Db, id: number, when: string): Promise<void> {
    await db
      .updateTable('cliente')
      .set({
        nomeourazaosocial: 'Cliente excluído',
        email: null,
        telefone: null,
        cnpjoucpf: null,
        senha_hash: null,
        confirmado: 0,
        excluido_em: when,
      })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('cliente_token').where('idcliente', '=', id).execute();
    await db.deleteFrom('cliente_social').where('idcliente', '=', id).execute();
  },
};
