import type { TipoLink } from '@rango/domain/painel';
import { dialectOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';

export interface FuncionarioRow {
  id: number;
  email: string;
  nome: string;
  senha_hash: string | null;
}

/** SQL of staff accounts, roles, sessions and one-time links. */
export const staffRepository = {
  /** A live staff member and, when given an establishment, their role there (null: none). */
  async papelDe(
    db: Db,
    idfuncionario: number,
    idestabelecimento: number,
  ): Promise<{ id: number; papel: string | null } | undefined> {
    return db
      .selectFrom('funcionario')
      .leftJoin('funcionario_papel', (j) =>
        j
          .onRef('funcionario_papel.idfuncionario', '=', 'funcionario.id')
          .on('funcionario_papel.idestabelecimento', '=', idestabelecimento),
      )
      .select(['funcionario.id', 'funcionario_papel.papel'])
      .where('funcionario.id', '=', idfuncionario)
      .where('funcionario.excluido_em', 'is', null)
      .executeTakeFirst();
  },

  findLiveByEmail(db: Db, email: string): Promise<FuncionarioRow | undefined> {
    return db
      .selectFrom('funcionario')
      .select(['id', 'email', 'nome', 'senha_hash'])
      .where('email', '=', email)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  findLiveById(db: Db, id: number): Promise<FuncionarioRow | undefined> {
    return db
      .selectFrom('funcionario')
      .select(['id', 'email', 'nome', 'senha_hash'])
      .where('id', '=', id)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  async insertFuncionario(
    db: Db,
    row: { email: string; nome: string; senha_hash: string | null; criado_em: string },
  ) {
    const r = await db
      .insertInto('funcionario')
      .values({ ...row, excluido_em: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  async setSenha(db: Db, id: number, senha_hash: string): Promise<void> {
    await db.updateTable('funcionario').set({ senha_hash }).where('id', '=', id).execute();
  },

  async setNome(db: Db, id: number, nome: string): Promise<void> {
    await db.updateTable('funcionario').set({ nome }).where('id', '=', id).execute();
  },

  /** The establishments a staff member works for, with the role (by name). */
  listPapeis(db: Db, idfuncionario: number) {
    return db
      .selectFrom('funcionario_papel')
      .innerJoin('estabelecimento', 'estabelecimento.id', 'funcionario_papel.idestabelecimento')
      .select([
        'estabelecimento.id',
        'estabelecimento.apelidooufantasia',
        'estabelecimento.logo',
        'funcionario_papel.papel',
      ])
      .where('funcionario_papel.idfuncionario', '=', idfuncionario)
      .orderBy('estabelecimento.apelidooufantasia')
      .orderBy('estabelecimento.id')
      .execute();
  },

  /** Inserts the role; false when the staff member already has one there. */
  async addPapel(
    db: Db,
    row: { idfuncionario: number; idestabelecimento: number; papel: string; criado_em: string },
  ): Promise<boolean> {
    const r = await db
      .insertInto('funcionario_papel')
      .values(row)
      .onConflict((oc) => oc.columns(['idfuncionario', 'idestabelecimento']).doNothing())
      .returning('idfuncionario')
      .executeTakeFirst();
    return r !== undefined;
  },

  async setPapel(db: Db, idfuncionario: number, idestabelecimento: number, papel: string): Promise<void> {
    await db
      .updateTable('funcionario_papel')
      .set({ papel })
      .where('idfuncionario', '=', idfuncionario)
      .where('idestabelecimento', '=', idestabelecimento)
      .execute();
  },

  async removePapel(db: Db, idfuncionario: number, idestabelecimento: number): Promise<boolean> {
    const r = await db
      .deleteFrom('funcionario_papel')
      .where('idfuncionario', '=', idfuncionario)
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** The team of an establishment: every live member with a role there, owners first. */
  listEquipe(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('funcionario_papel')
      .innerJoin('funcionario', 'funcionario.id', 'funcionario_papel.idfuncionario')
      .select([
        'funcionario.id',
        'funcionario.nome',
        'funcionario.email',
        'funcionario.senha_hash',
        'funcionario_papel.papel',
      ])
      .where('funcionario_papel.idestabelecimento', '=', idestabelecimento)
      .where('funcionario.excluido_em', 'is', null)
      .orderBy('funcionario_papel.papel', 'desc')
      .orderBy('funcionario.nome')
      .orderBy('funcionario.id')
      .execute();
  },

  /**
   * The owners of an establishment, locked on PostgreSQL (FOR UPDATE) so two owners removing
   * each other at once cannot both pass the 'never the last owner' check.
   */
  async donosForUpdate(db: Db, idestabelecimento: number): Promise<number[]> {
    const q = db
      .selectFrom('funcionario_papel')
      .innerJoin('funcionario', 'funcionario.id', 'funcionario_papel.idfuncionario')
      .select('funcionario_papel.idfuncionario')
      .where('funcionario_papel.idestabelecimento', '=', idestabelecimento)
      .where('funcionario_papel.papel', '=', 'dono')
      .where('funcionario.excluido_em', 'is', null);
    const rows = await (dialectOf(db) === 'postgres' ? q.forUpdate('funcionario_papel') : q).execute();
    return rows.map((r) => r.idfuncionario);
  },

  estabelecimento(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'apelidooufantasia'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  // Pending memberships (0018): an invitation waits for the invited person's answer.

  /** Creates or renews (role, typed name, expiry) the person's invitation to the establishment. */
  async upsertConvite(
    db: Db,
    row: {
      idfuncionario: number;
      idestabelecimento: number;
      papel: string;
      nome: string;
      expira_em: string;
      criado_em: string;
    },
  ): Promise<void> {
    await db
      .insertInto('funcionario_convite')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['idfuncionario', 'idestabelecimento']).doUpdateSet({
          papel: row.papel,
          nome: row.nome,
          expira_em: row.expira_em,
          criado_em: row.criado_em,
        }),
      )
      .execute();
  },

  /** The person's invitation to the establishment that can still be accepted (not expired). */
  conviteVivo(db: Db, idfuncionario: number, idestabelecimento: number, agora: string) {
    return db
      .selectFrom('funcionario_convite')
      .select(['papel', 'nome', 'expira_em'])
      .where('idfuncionario', '=', idfuncionario)
      .where('idestabelecimento', '=', idestabelecimento)
      .where('expira_em', '>', agora)
      .executeTakeFirst();
  },

  async deleteConvite(db: Db, idfuncionario: number, idestabelecimento: number): Promise<boolean> {
    const r = await db
      .deleteFrom('funcionario_convite')
      .where('idfuncionario', '=', idfuncionario)
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** A person's pending invitations (not expired), with the establishment's name. */
  listConvitesDe(db: Db, idfuncionario: number, agora: string) {
    return db
      .selectFrom('funcionario_convite')
      .innerJoin('estabelecimento', 'estabelecimento.id', 'funcionario_convite.idestabelecimento')
      .select([
        'funcionario_convite.idestabelecimento',
        'estabelecimento.apelidooufantasia',
        'funcionario_convite.papel',
        'funcionario_convite.expira_em',
      ])
      .where('funcionario_convite.idfuncionario', '=', idfuncionario)
      .where('funcionario_convite.expira_em', '>', agora)
      .orderBy('funcionario_convite.criado_em', 'desc')
      .orderBy('funcionario_convite.idestabelecimento')
      .execute();
  },

  /** An establishment's pending invitations (not expired): the e-mail and the name the inviter typed. */
  listConvitesDoEstabelecimento(db: Db, idestabelecimento: number, agora: string) {
    return db
      .selectFrom('funcionario_convite')
      .innerJoin('funcionario', 'funcionario.id', 'funcionario_convite.idfuncionario')
      .select([
        'funcionario.id',
        'funcionario_convite.nome',
        'funcionario.email',
        'funcionario_convite.papel',
      ])
      .where('funcionario_convite.idestabelecimento', '=', idestabelecimento)
      .where('funcionario_convite.expira_em', '>', agora)
      .where('funcionario.excluido_em', 'is', null)
      .orderBy('funcionario_convite.nome')
      .orderBy('funcionario.id')
      .execute();
  },

  // Sessions (refresh tokens), as modules/auth keeps the customers'.

  async insertRefresh(
    db: Db,
    row: { idfuncionario: number; familia: string; token_hash: string; expira_em: string; criado_em: string },
  ): Promise<void> {
    await db
      .insertInto('funcionario_refresh')
      .values({ ...row, usado_em: null, revogado: 0 })
      .execute();
  },

  /** The token's row, locked on PostgreSQL until the caller's transaction ends (see modules/auth). */
  findRefreshByHashForUpdate(db: Db, tokenHash: string) {
    const q = db
      .selectFrom('funcionario_refresh')
      .innerJoin('funcionario', 'funcionario.id', 'funcionario_refresh.idfuncionario')
      .select([
        'funcionario_refresh.id',
        'funcionario_refresh.idfuncionario',
        'funcionario_refresh.familia',
        'funcionario_refresh.expira_em',
        'funcionario_refresh.usado_em',
        'funcionario_refresh.revogado',
        'funcionario.excluido_em',
      ])
      .where('funcionario_refresh.token_hash', '=', tokenHash);
    return (dialectOf(db) === 'postgres' ? q.forUpdate('funcionario_refresh') : q).executeTakeFirst();
  },

  /** Spends a token; false when another request spent it first. */
  async markRefreshUsed(db: Db, id: number, when: string): Promise<boolean> {
    const r = await db
      .updateTable('funcionario_refresh')
      .set({ usado_em: when })
      .where('id', '=', id)
      .where('usado_em', 'is', null)
      .where('revogado', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async revokeFamily(db: Db, familia: string): Promise<void> {
    await db.updateTable('funcionario_refresh').set({ revogado: 1 }).where('familia', '=', familia).execute();
  },

  async revokeAllOf(db: Db, idfuncionario: number): Promise<void> {
    await db
      .updateTable('funcionario_refresh')
      .set({ revogado: 1 })
      .where('idfuncionario', '=', idfuncionario)
      .execute();
  },

  // One-time links (invitation, password reset).

  async insertLink(
    db: Db,
    row: {
      tipo: TipoLink;
      idfuncionario: number;
      idestabelecimento: number | null;
      papel: string | null;
      token_hash: string;
      expira_em: string;
      criado_em: string;
    },
  ): Promise<void> {
    await db
      .insertInto('funcionario_link')
      .values({ ...row, usado_em: null })
      .execute();
  },

  /** A link by its token's hash, with its staff member and establishment's name. */
  findLink(db: Db, tokenHash: string) {
    return db
      .selectFrom('funcionario_link')
      .innerJoin('funcionario', 'funcionario.id', 'funcionario_link.idfuncionario')
      .leftJoin('estabelecimento', 'estabelecimento.id', 'funcionario_link.idestabelecimento')
      .select([
        'funcionario_link.id',
        'funcionario_link.tipo',
        'funcionario_link.idfuncionario',
        'funcionario_link.idestabelecimento',
        'funcionario_link.papel',
        'funcionario_link.expira_em',
        'funcionario_link.usado_em',
        'funcionario.email',
        'funcionario.nome',
        'funcionario.excluido_em',
        'estabelecimento.apelidooufantasia',
      ])
      .where('funcionario_link.token_hash', '=', tokenHash)
      .executeTakeFirst();
  },

  /** Spends a link; false when it was spent first (two tabs submitting at once). */
  async spendLink(db: Db, id: number, when: string): Promise<boolean> {
    const r = await db
      .updateTable('funcionario_link')
      .set({ usado_em: when })
      .where('id', '=', id)
      .where('usado_em', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * Voids a staff member's unused links of a kind (a newer reset link replaces older ones; a
   * removal from a team voids that establishment's pending invitations).
   */
  async invalidateLinks(
    db: Db,
    idfuncionario: number,
    when: string,
    filtro: { tipo?: TipoLink; idestabelecimento?: number } = {},
  ): Promise<void> {
    await db
      .updateTable('funcionario_link')
      .set({ usado_em: when })
      .where('idfuncionario', '=', idfuncionario)
      .where('usado_em', 'is', null)
      .$if(filtro.tipo !== undefined, (q) => q.where('tipo', '=', filtro.tipo!))
      .$if(filtro.idestabelecimento !== undefined, (q) =>
        q.where('idestabelecimento', '=', filtro.idestabelecimento!),
      )
      .execute();
  },
};
