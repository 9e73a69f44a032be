import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { sqliteHandleOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import type { ProdutoTable } from '../../db/types.ts';

/**
 * Marks the establishment's menu as changed: the menu cache of every server instance sees the
 * new menu_versao on its next check. Every write to the menu tables calls it in the same
 * transaction. Answers the new menu_versao (undefined: no such establishment).
 */
export async function bumpMenuVersion(db: Db, idestabelecimento: number): Promise<number | undefined> {
  const row = await db
    .updateTable('estabelecimento')
    .set({ menu_versao: sql<number>`menu_versao + 1` })
    .where('id', '=', idestabelecimento)
    .returning('menu_versao')
    .executeTakeFirst();
  return row?.menu_versao;
}

const versionStatements = new WeakMap<Db, Statement<[number], number>>();

/** SQL of the menu tables. Money in cents. */
export const menuRepository = {
  /**
   * menu_versao read synchronously from SQLite with a statement prepared once, or undefined when
   * that fast path is unavailable (PostgreSQL, or a transaction open on the one SQLite connection,
   * whose uncommitted bump must not be read): then use getMenuVersion.
   */
  getMenuVersionNow(db: Db, idestabelecimento: number): { versao: number | undefined } | undefined {
    const raw = sqliteHandleOf(db);
    if (raw === undefined || raw.inTransaction) return undefined;
    let statement = versionStatements.get(db);
    if (statement === undefined) {
      statement = raw
        .prepare<[number], number>('select menu_versao from estabelecimento where id = ?')
        .pluck();
      versionStatements.set(db, statement);
    }
    return { versao: statement.get(idestabelecimento) };
  },

  /** The one indexed single-row read the menu cache makes per request (primary key). */
  async getMenuVersion(db: Db, idestabelecimento: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('estabelecimento')
      .select('menu_versao')
      .where('id', '=', idestabelecimento)
      .executeTakeFirst();
    return row?.menu_versao;
  },

  listGrupos(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('grupomenu')
      .select(['idgrupo', 'descricao'])
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('ordem')
      .orderBy('idgrupo')
      .execute();
  },

  listProdutos(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('produto')
      .select([
        'idproduto',
        'idgrupo',
        'descricao',
        'detalhe',
        'imagem',
        'preco',
        'precooferta',
        'stindisponivel',
        'quantidade',
        'observacoes',
      ])
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('ordem')
      .orderBy('idproduto')
      .execute();
  },

  /** The option groups of the establishment's products, with the product they hang on, in order. */
  listGruposOpcao(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('produto_grupoopcao as pg')
      .innerJoin('produto as p', 'p.idproduto', 'pg.idproduto')
      .innerJoin('grupoopcao as g', 'g.idgrupoopcao', 'pg.idgrupoopcao')
      .select([
        'pg.idproduto',
        'g.idgrupoopcao',
        'g.descricao',
        'g.multiplo',
        'g.qtdinclusa',
        'g.qtdmultiplomin',
        'g.qtdmultiplomax',
        'g.stprecopraticado',
        'g.stnegagrupoopcao',
        'g.stindisponivel',
      ])
      .where('p.idestabelecimento', '=', idestabelecimento)
      .orderBy('pg.ordem')
      .orderBy('g.idgrupoopcao')
      .execute();
  },

  /** Options of every group the establishment's products use, in order. */
  listOpcoes(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('opcao as o')
      .selectAll('o')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('produto_grupoopcao as pg')
            .innerJoin('produto as p', 'p.idproduto', 'pg.idproduto')
            .select('pg.idgrupoopcao')
            .whereRef('pg.idgrupoopcao', '=', 'o.idgrupoopcao')
            .where('p.idestabelecimento', '=', idestabelecimento),
        ),
      )
      .orderBy('o.ordem')
      .orderBy('o.idopcao')
      .execute();
  },

  /** Changes a product and bumps its establishment's menu version, atomically. */
  async updateProduto(
    db: Db,
    idproduto: number,
    patch: Omit<Updateable<ProdutoTable>, 'idproduto' | 'idestabelecimento'>,
  ): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('produto')
        .set(patch)
        .where('idproduto', '=', idproduto)
        .returning('idestabelecimento')
        .executeTakeFirst();
      if (!row) return false;
      await bumpMenuVersion(trx, row.idestabelecimento);
      return true;
    });
  },
};
