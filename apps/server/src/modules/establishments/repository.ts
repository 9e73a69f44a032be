import type { Statement } from 'better-sqlite3';
import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import { sqliteHandleOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import type { AreaEntregaTable, EstabelecimentoTable } from '../../db/types.ts';

/** A payment method as written: its name, type and where it is offered (0/1). */
export interface FormaGravada {
  descricao: string;
  sttipopgto: number;
  na_entrega: number;
  online: number;
}

/** A neighbourhood's fee as written, with its free-delivery minimum (cents; null: none). */
export interface TaxaGravada {
  bairro: string;
  cidade: string;
  uf: string;
  valor: number;
  valorminimo: number | null;
}

export interface ExcecaoRow {
  data: string;
  abertura: string | null;
  fechamento: string | null;
}

const EXCECOES_SQL =
  'select data, abertura, fechamento from horarioexcecao where idestabelecimento = ? and data >= ? order by data, abertura, id';
export interface HorarioRow {
  diadasemana: number;
  abertura: string;
  fechamento: string;
}

const HORARIOS_SQL =
  'select diadasemana, abertura, fechamento from horariofuncionamento where idestabelecimento = ? order by diadasemana, abertura, id';
/** listHorarios prepared once per SQLite database (every order reads it). */
const horariosPreparados = new WeakMap<Db, Statement<[number], HorarioRow>>();
/** listExcecoes prepared once per SQLite database (every order reads it; see listExcecoes). */
const excecoesPreparadas = new WeakMap<Db, Statement<[number, string], ExcecaoRow>>();

/**
 * SQL of the establishment's own data (detail, hours, payment methods, delivery areas and fees,
 * the store's switch, the menu's version) and the owner's writes of them. Money in cents. Every
 * function takes the transaction it runs in (or the database for reads); ownership is in the
 * queries: a thing of another establishment is simply not found.
 */
export const establishmentsRepository = {
  /** Any establishment, published or not (the owner's back office). */
  findById(db: Db, id: number) {
    return db.selectFrom('estabelecimento').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** A public establishment: one awaiting the platform's approval is not found (aprovado = 0). */
  findPublicado(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .selectAll()
      .where('id', '=', id)
      .where('aprovado', '=', 1)
      .executeTakeFirst();
  },

  listFones(db: Db, id: number) {
    return db
      .selectFrom('fone')
      .select('numero')
      .where('idestabelecimento', '=', id)
      .orderBy('ordem')
      .orderBy('id')
      .execute();
  },

  /**
   * The weekly hours, by day then opening: the one query of them (every read comes here). Every
   * order placement reads them: on SQLite, outside a Kysely transaction, a statement prepared once
   * and run synchronously, as listExcecoes; the same SQL.
   */
  async listHorarios(db: Db, id: number): Promise<HorarioRow[]> {
    const raw = sqliteHandleOf(db);
    if (raw !== undefined && !raw.inTransaction) {
      let st = horariosPreparados.get(db);
      if (st === undefined) {
        st = raw.prepare<[number], HorarioRow>(HORARIOS_SQL);
        horariosPreparados.set(db, st);
      }
      return st.all(id);
    }
    return db
      .selectFrom('horariofuncionamento')
      .select(['diadasemana', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', id)
      .orderBy('diadasemana')
      .orderBy('abertura')
      .orderBy('id')
      .execute();
  },

  /**
   * Dates with their own hours from `desde` ('YYYY-MM-DD') on, by date. Every order placement
   * reads them (issue 21): on SQLite, outside a Kysely transaction, a statement prepared once and
   * run synchronously (through Kysely each call is compiled and prepared again); the same SQL.
   */
  async listExcecoes(db: Db, id: number, desde: string): Promise<ExcecaoRow[]> {
    const raw = sqliteHandleOf(db);
    if (raw !== undefined && !raw.inTransaction) {
      let st = excecoesPreparadas.get(db);
      if (st === undefined) {
        st = raw.prepare<[number, string], ExcecaoRow>(EXCECOES_SQL);
        excecoesPreparadas.set(db, st);
      }
      return st.all(id, desde);
    }
    return db
      .selectFrom('horarioexcecao')
      .select(['data', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', id)
      .where('data', '>=', desde)
      .orderBy('data')
      .orderBy('abertura')
      .orderBy('id')
      .execute();
  },

  listTaxas(db: Db, id: number) {
    return db
      .selectFrom('taxaentrega')
      .select(['id', 'bairro', 'cidade', 'uf', 'valor'])
      .where('idestabelecimento', '=', id)
      .orderBy('id')
      .execute();
  },

  listAbonos(db: Db, id: number) {
    return db
      .selectFrom('abonotaxaentrega')
      .innerJoin('taxaentrega', 'taxaentrega.id', 'abonotaxaentrega.idtaxaentrega')
      .select(['abonotaxaentrega.idtaxaentrega', 'abonotaxaentrega.valorminimo'])
      .where('taxaentrega.idestabelecimento', '=', id)
      .orderBy('abonotaxaentrega.id')
      .execute();
  },

  listFormasPgto(db: Db, id: number) {
    return db
      .selectFrom('formapgto')
      .select(['idformapgto', 'descricao', 'sttipopgto', 'na_entrega', 'online'])
      .where('idestabelecimento', '=', id)
      .orderBy('idformapgto')
      .execute();
  },

  listAreasEntrega(db: Db, id: number) {
    return db
      .selectFrom('areaentrega')
      .selectAll()
      .where('idestabelecimento', '=', id)
      .orderBy('idareaentrega')
      .execute();
  },

  // --- the platform's approval (APROVACAO_ESTABELECIMENTOS) ------------------------------------

  /** Establishments awaiting approval, each with its owners (one row per owner; none: nulls). */
  listPendentes(db: Db) {
    return db
      .selectFrom('estabelecimento')
      .leftJoin('funcionario_papel', (j) =>
        j
          .onRef('funcionario_papel.idestabelecimento', '=', 'estabelecimento.id')
          .on('funcionario_papel.papel', '=', 'dono'),
      )
      .leftJoin('funcionario', 'funcionario.id', 'funcionario_papel.idfuncionario')
      .select([
        'estabelecimento.id',
        'estabelecimento.apelidooufantasia',
        'estabelecimento.cidade',
        'estabelecimento.uf_sigla',
        'funcionario.nome',
        'funcionario.email',
      ])
      .where('estabelecimento.aprovado', '=', 0)
      .orderBy('estabelecimento.id')
      .orderBy('funcionario.id')
      .execute();
  },

  /** The row approval reads: whether it is approved, and the store's state for the panels' event. */
  findAprovacao(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'apelidooufantasia', 'aprovado', 'lojaaberta', 'reabrir_em'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async setAprovado(db: Db, id: number): Promise<void> {
    await db.updateTable('estabelecimento').set({ aprovado: 1 }).where('id', '=', id).execute();
  },

  // --- the owner's writes (back office, issue 12) -------------------------------------------

  async updateEstabelecimento(db: Db, id: number, values: Updateable<EstabelecimentoTable>): Promise<void> {
    await db.updateTable('estabelecimento').set(values).where('id', '=', id).execute();
  },

  async insertEstabelecimento(db: Db, values: Insertable<EstabelecimentoTable>): Promise<number> {
    const row = await db
      .insertInto('estabelecimento')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    // The company record has no table of its own: the new establishment is its own company.
    await db.updateTable('estabelecimento').set({ idpessoa: row.id }).where('id', '=', row.id).execute();
    return row.id;
  },

  async replaceFones(db: Db, id: number, fones: readonly string[]): Promise<void> {
    await db.deleteFrom('fone').where('idestabelecimento', '=', id).execute();
    if (fones.length > 0) {
      await db
        .insertInto('fone')
        .values(fones.map((numero, ordem) => ({ idestabelecimento: id, numero, ordem })))
        .execute();
    }
  },

  async replaceHorarios(
    db: Db,
    id: number,
    horarios: readonly { diadasemana: number; abertura: string; fechamento: string }[],
  ): Promise<void> {
    await db.deleteFrom('horariofuncionamento').where('idestabelecimento', '=', id).execute();
    if (horarios.length > 0) {
      await db
        .insertInto('horariofuncionamento')
        .values(horarios.map((h) => ({ idestabelecimento: id, ...h })))
        .execute();
    }
  },

  /** Replaces every date (past ones too: they no longer matter). */
  async replaceExcecoes(db: Db, id: number, rows: readonly ExcecaoRow[]): Promise<void> {
    await db.deleteFrom('horarioexcecao').where('idestabelecimento', '=', id).execute();
    if (rows.length > 0) {
      await db
        .insertInto('horarioexcecao')
        .values(rows.map((r) => ({ idestabelecimento: id, ...r })))
        .execute();
    }
  },

  findArea(db: Db, id: number, idarea: number) {
    return db
      .selectFrom('areaentrega')
      .selectAll()
      .where('idestabelecimento', '=', id)
      .where('idareaentrega', '=', idarea)
      .executeTakeFirst();
  },

  insertArea(db: Db, values: Insertable<AreaEntregaTable>) {
    return db
      .insertInto('areaentrega')
      .values(values)
      .returning('idareaentrega')
      .executeTakeFirstOrThrow()
      .then((r) => r.idareaentrega);
  },

  async updateArea(
    db: Db,
    id: number,
    idarea: number,
    values: Updateable<AreaEntregaTable>,
  ): Promise<boolean> {
    const r = await db
      .updateTable('areaentrega')
      .set(values)
      .where('idestabelecimento', '=', id)
      .where('idareaentrega', '=', idarea)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async deleteArea(db: Db, id: number, idarea: number): Promise<boolean> {
    const r = await db
      .deleteFrom('areaentrega')
      .where('idestabelecimento', '=', id)
      .where('idareaentrega', '=', idarea)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  /** Neighbourhood fees with their free-delivery minimum (the lowest waiver row, if any). */
  listTaxasComAbono(db: Db, id: number, idtaxa?: number) {
    let q = db
      .selectFrom('taxaentrega as t')
      .select((eb) => [
        't.id',
        't.bairro',
        't.cidade',
        't.uf',
        't.valor',
        eb
          .selectFrom('abonotaxaentrega as a')
          .select((e) => e.fn.min('a.valorminimo').as('m'))
          .whereRef('a.idtaxaentrega', '=', 't.id')
          .as('valorminimo'),
      ])
      .where('t.idestabelecimento', '=', id);
    if (idtaxa !== undefined) q = q.where('t.id', '=', idtaxa);
    return q.orderBy('t.uf').orderBy('t.cidade').orderBy('t.bairro').orderBy('t.id').execute();
  },

  /** Another fee for the same neighbourhood (case-insensitive), other than `exceto`. */
  taxaRepetida(db: Db, id: number, bairro: string, cidade: string, uf: string, exceto?: number) {
    let q = db
      .selectFrom('taxaentrega')
      .select('id')
      .where('idestabelecimento', '=', id)
      .where(sql<string>`lower(bairro)`, '=', bairro.toLowerCase())
      .where(sql<string>`lower(cidade)`, '=', cidade.toLowerCase())
      .where('uf', '=', uf);
    if (exceto !== undefined) q = q.where('id', '<>', exceto);
    return q.executeTakeFirst().then((r) => r !== undefined);
  },

  async insertTaxa(db: Db, id: number, v: TaxaGravada): Promise<number> {
    const row = await db
      .insertInto('taxaentrega')
      .values({ idestabelecimento: id, bairro: v.bairro, cidade: v.cidade, uf: v.uf, valor: v.valor })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (v.valorminimo !== null) {
      await db
        .insertInto('abonotaxaentrega')
        .values({ idtaxaentrega: row.id, valorminimo: v.valorminimo })
        .execute();
    }
    return row.id;
  },

  async updateTaxa(db: Db, id: number, idtaxa: number, v: TaxaGravada): Promise<boolean> {
    const r = await db
      .updateTable('taxaentrega')
      .set({ bairro: v.bairro, cidade: v.cidade, uf: v.uf, valor: v.valor })
      .where('idestabelecimento', '=', id)
      .where('id', '=', idtaxa)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await db.deleteFrom('abonotaxaentrega').where('idtaxaentrega', '=', idtaxa).execute();
    if (v.valorminimo !== null) {
      await db
        .insertInto('abonotaxaentrega')
        .values({ idtaxaentrega: idtaxa, valorminimo: v.valorminimo })
        .execute();
    }
    return true;
  },

  async deleteTaxa(db: Db, id: number, idtaxa: number): Promise<boolean> {
    const r = await db
      .deleteFrom('taxaentrega')
      .where('idestabelecimento', '=', id)
      .where('id', '=', idtaxa)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },

  async updateForma(db: Db, id: number, idformapgto: number, f: FormaGravada): Promise<void> {
    await db
      .updateTable('formapgto')
      .set(f)
      .where('idestabelecimento', '=', id)
      .where('idformapgto', '=', idformapgto)
      .execute();
  },

  async insertForma(db: Db, id: number, f: FormaGravada): Promise<void> {
    await db
      .insertInto('formapgto')
      .values({ idestabelecimento: id, ...f })
      .execute();
  },

  async deleteFormas(db: Db, id: number, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .deleteFrom('formapgto')
      .where('idestabelecimento', '=', id)
      .where('idformapgto', 'in', ids)
      .execute();
  },

  // --- the panel's store switch and settings ------------------------------------------------

  /** The store's state as the panel reads it (undefined: no such establishment). */
  findLoja(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'lojaaberta', 'reabrir_em', 'aprovado'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async setLoja(db: Db, id: number, lojaaberta: boolean, reabrirEm: string | null): Promise<void> {
    await db
      .updateTable('estabelecimento')
      .set({ lojaaberta: lojaaberta ? 1 : 0, reabrir_em: reabrirEm })
      .where('id', '=', id)
      .execute();
  },

  async findPainelConfig(db: Db, id: number): Promise<string | null | undefined> {
    const r = await db
      .selectFrom('estabelecimento')
      .select('painel_config')
      .where('id', '=', id)
      .executeTakeFirst();
    return r?.painel_config;
  },

  async setPainelConfig(db: Db, id: number, json: string): Promise<void> {
    await db.updateTable('estabelecimento').set({ painel_config: json }).where('id', '=', id).execute();
  },

  /**
   * Marks the establishment's menu as changed: the menu cache of every server instance sees the
   * new menu_versao on its next check. Every write to the menu tables calls it in the same
   * transaction. Answers the new menu_versao (undefined: no such establishment).
   */
  async bumpMenuVersion(db: Db, idestabelecimento: number): Promise<number | undefined> {
    const row = await db
      .updateTable('estabelecimento')
      .set({ menu_versao: sql<number>`menu_versao + 1` })
      .where('id', '=', idestabelecimento)
      .returning('menu_versao')
      .executeTakeFirst();
    return row?.menu_versao;
  },
};

export type EstabelecimentoRow = NonNullable<
  Awaited<ReturnType<typeof establishmentsRepository.findPublicado>>
>;
