import type { Updateable } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { sqliteHandleOf, sqliteReaderOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import type { ProdutoTable } from '../../db/types.ts';
import { marcarMenuMudado } from '../establishments/service.ts';

const versionStatements = new WeakMap<object, Statement<[number], number>>();

/** SQL of the menu tables. Money in cents. */
export const menuRepository = {
  /**
   * menu_versao read synchronously from SQLite with a statement prepared once, or undefined when
   * that fast path is unavailable (PostgreSQL, or a transaction open on the one SQLite connection,
   * whose uncommitted bump must not be read): then use getMenuVersion.
   */
  getMenuVersionNow(db: Db, idestabelecimento: number): { versao: number | undefined } | undefined {
    const main = sqliteHandleOf(db);
    if (main === undefined) return undefined;
    // A transaction open on the one connection (an import written in slices): its uncommitted
    // bump must not be read, and a read through Kysely would wait for it; the read-only
    // connection answers the committed version at once.
    const raw = main.inTransaction ? sqliteReaderOf(db) : main;
    if (raw === undefined) return undefined;
    let statement = versionStatements.get(raw);
    if (statement === undefined) {
      statement = raw
        .prepare<[number], number>('select menu_versao from estabelecimento where id = ? and aprovado = 1')
        .pluck();
      versionStatements.set(raw, statement);
    }
    return { versao: statement.get(idestabelecimento) };
  },

  /**
   * The one indexed single-row read the menu cache makes per request (primary key). Like
   * getMenuVersionNow, undefined for an establishment awaiting the platform's approval: its menu
   * (and an order's products) are not public yet.
   */
  async getMenuVersion(db: Db, idestabelecimento: number): Promise<number | undefined> {
    const row = await db
      .selectFrom('estabelecimento')
      .select('menu_versao')
      .where('id', '=', idestabelecimento)
      .where('aprovado', '=', 1)
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

  /**
   * Options of every group the establishment's products use, in order. The groups are a list
   * computed once (`in`), not a correlated `exists` per option: SQLite ran that one as a scan of
   * the establishment's products for every option (9,000 options × 2,000 products: 780 ms, the
   * list 45 ms).
   */
  listOpcoes(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('opcao as o')
      .selectAll('o')
      .where('o.idgrupoopcao', 'in', (eb) =>
        eb
          .selectFrom('produto_grupoopcao as pg')
          .innerJoin('produto as p', 'p.idproduto', 'pg.idproduto')
          .select('pg.idgrupoopcao')
          .where('p.idestabelecimento', '=', idestabelecimento),
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
      await marcarMenuMudado(trx, row.idestabelecimento);
      return true;
    });
  },
};
