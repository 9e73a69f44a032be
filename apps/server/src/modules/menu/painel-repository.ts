import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { GrupoOpcaoTable, OpcaoTable, ProdutoTable } from '../../db/types.ts';

/**
 * SQL of the owner's writes of the menu (issue 12): categories, products, option groups, options
 * and the links between products and groups, and the menu import's batches. Every function takes
 * the transaction it runs in (or the database for reads). Ownership is in the queries: a thing of
 * another establishment is simply not found.
 */
export const cardapioPainelRepository = {
  // --- categories ----------------------------------------------------------------------------

  categorias(db: Db, id: number) {
    return db
      .selectFrom('grupomenu')
      .select(['idgrupo', 'descricao', 'ordem'])
      .where('idestabelecimento', '=', id)
      .orderBy('ordem')
      .orderBy('idgrupo')
      .execute();
  },

  categoria(db: Db, id: number, idgrupo: number) {
    return db
      .selectFrom('grupomenu')
      .select(['idgrupo', 'descricao', 'ordem'])
      .where('idestabelecimento', '=', id)
      .where('idgrupo', '=', idgrupo)
      .executeTakeFirst();
  },

  async insertCategoria(db: Db, id: number, descricao: string): Promise<number> {
    const ordem = await proximaOrdem(db, 'grupomenu', id);
    const row = await db
      .insertInto('grupomenu')
      .values({ idestabelecimento: id, descricao, ordem })
      .returning('idgrupo')
      .executeTakeFirstOrThrow();
    return row.idgrupo;
  },

  async updateCategoria(db: Db, id: number, idgrupo: number, descricao: string): Promise<boolean> {
    const r = await db
      .updateTable('grupomenu')
      .set({ descricao })
      .where('idestabelecimento', '=', id)
      .where('idgrupo', '=', idgrupo)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async deleteCategoria(db: Db, id: number, idgrupo: number): Promise<void> {
    await db
      .deleteFrom('grupomenu')
      .where('idestabelecimento', '=', id)
      .where('idgrupo', '=', idgrupo)
      .execute();
  },

  async setOrdemCategorias(db: Db, id: number, ids: readonly number[]): Promise<void> {
    for (const [ordem, idgrupo] of ids.entries()) {
      await db
        .updateTable('grupomenu')
        .set({ ordem })
        .where('idestabelecimento', '=', id)
        .where('idgrupo', '=', idgrupo)
        .execute();
    }
  },

  // --- products ------------------------------------------------------------------------------

  produtos(db: Db, id: number, idgrupo?: number) {
    let q = db
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
        'ordem',
        'quantidade',
        'observacoes',
      ])
      .where('idestabelecimento', '=', id);
    if (idgrupo !== undefined) q = q.where('idgrupo', '=', idgrupo);
    return q.orderBy('ordem').orderBy('idproduto').execute();
  },

  produto(db: Db, id: number, idproduto: number) {
    return db
      .selectFrom('produto')
      .selectAll()
      .where('idestabelecimento', '=', id)
      .where('idproduto', '=', idproduto)
      .executeTakeFirst();
  },

  /** Links of the establishment's products (or one product's) to groups, in order. */
  links(db: Db, id: number, idproduto?: number) {
    let q = db
      .selectFrom('produto_grupoopcao as pg')
      .innerJoin('produto as p', 'p.idproduto', 'pg.idproduto')
      .select(['pg.idproduto', 'pg.idgrupoopcao', 'pg.ordem'])
      .where('p.idestabelecimento', '=', id);
    if (idproduto !== undefined) q = q.where('pg.idproduto', '=', idproduto);
    return q.orderBy('pg.ordem').orderBy('pg.idgrupoopcao').execute();
  },

  /** Products (of this establishment) a group is linked to. */
  produtosDoGrupo(db: Db, idgrupoopcao: number) {
    return db
      .selectFrom('produto_grupoopcao')
      .select('idproduto')
      .where('idgrupoopcao', '=', idgrupoopcao)
      .orderBy('idproduto')
      .execute()
      .then((r) => r.map((x) => x.idproduto));
  },

  async insertProduto(db: Db, values: Insertable<ProdutoTable>): Promise<number> {
    const row = await db
      .insertInto('produto')
      .values(values)
      .returning('idproduto')
      .executeTakeFirstOrThrow();
    return row.idproduto;
  },

  async updateProduto(
    db: Db,
    id: number,
    idproduto: number,
    values: Updateable<ProdutoTable>,
  ): Promise<void> {
    await db
      .updateTable('produto')
      .set(values)
      .where('idestabelecimento', '=', id)
      .where('idproduto', '=', idproduto)
      .execute();
  },

  async deleteProduto(db: Db, id: number, idproduto: number): Promise<void> {
    await db
      .deleteFrom('produto')
      .where('idestabelecimento', '=', id)
      .where('idproduto', '=', idproduto)
      .execute();
  },

  proximaOrdemProduto(db: Db, id: number, idgrupo: number): Promise<number> {
    return db
      .selectFrom('produto')
      .select((eb) => eb.fn.max('ordem').as('m'))
      .where('idestabelecimento', '=', id)
      .where('idgrupo', '=', idgrupo)
      .executeTakeFirst()
      .then((r) => (r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1));
  },

  /** Makes room after `ordem` in a category (duplicating puts the copy right after the original). */
  async abrirOrdemProduto(db: Db, id: number, idgrupo: number, depoisDe: number): Promise<void> {
    await db
      .updateTable('produto')
      .set({ ordem: sql<number>`ordem + 1` })
      .where('idestabelecimento', '=', id)
      .where('idgrupo', '=', idgrupo)
      .where('ordem', '>', depoisDe)
      .execute();
  },

  async setOrdemProdutos(db: Db, id: number, ids: readonly number[]): Promise<void> {
    for (const [ordem, idproduto] of ids.entries()) {
      await db
        .updateTable('produto')
        .set({ ordem })
        .where('idestabelecimento', '=', id)
        .where('idproduto', '=', idproduto)
        .execute();
    }
  },

  async replaceLinks(db: Db, idproduto: number, grupos: readonly number[]): Promise<void> {
    await db.deleteFrom('produto_grupoopcao').where('idproduto', '=', idproduto).execute();
    if (grupos.length > 0) {
      await db
        .insertInto('produto_grupoopcao')
        .values(grupos.map((idgrupoopcao, ordem) => ({ idproduto, idgrupoopcao, ordem })))
        .execute();
    }
  },

  // --- option groups -------------------------------------------------------------------------

  /**
   * The establishment's option groups: its own, and groups seeded before 0009 (no owner) that
   * its products use.
   */
  grupos(db: Db, id: number, idgrupoopcao?: number) {
    let q = db
      .selectFrom('grupoopcao as g')
      .selectAll('g')
      .where((eb) =>
        eb.or([
          eb('g.idestabelecimento', '=', id),
          eb.and([
            eb('g.idestabelecimento', 'is', null),
            eb.exists(
              eb
                .selectFrom('produto_grupoopcao as pg')
                .innerJoin('produto as p', 'p.idproduto', 'pg.idproduto')
                .select('pg.idgrupoopcao')
                .whereRef('pg.idgrupoopcao', '=', 'g.idgrupoopcao')
                .where('p.idestabelecimento', '=', id),
            ),
          ]),
        ]),
      );
    if (idgrupoopcao !== undefined) q = q.where('g.idgrupoopcao', '=', idgrupoopcao);
    return q.orderBy('g.idgrupoopcao').execute();
  },

  async insertGrupo(db: Db, values: Insertable<GrupoOpcaoTable>): Promise<number> {
    const row = await db
      .insertInto('grupoopcao')
      .values(values)
      .returning('idgrupoopcao')
      .executeTakeFirstOrThrow();
    return row.idgrupoopcao;
  },

  async updateGrupo(db: Db, idgrupoopcao: number, values: Updateable<GrupoOpcaoTable>): Promise<void> {
    await db.updateTable('grupoopcao').set(values).where('idgrupoopcao', '=', idgrupoopcao).execute();
  },

  async deleteGrupo(db: Db, idgrupoopcao: number): Promise<void> {
    await db.deleteFrom('grupoopcao').where('idgrupoopcao', '=', idgrupoopcao).execute();
  },

  /** Options of the given groups, in order. */
  opcoes(db: Db, grupos: readonly number[]) {
    if (grupos.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('opcao')
      .selectAll()
      .where('idgrupoopcao', 'in', grupos)
      .orderBy('ordem')
      .orderBy('idopcao')
      .execute();
  },

  opcao(db: Db, idopcao: number) {
    return db.selectFrom('opcao').selectAll().where('idopcao', '=', idopcao).executeTakeFirst();
  },

  async insertOpcao(db: Db, values: Insertable<OpcaoTable>): Promise<number> {
    const row = await db.insertInto('opcao').values(values).returning('idopcao').executeTakeFirstOrThrow();
    return row.idopcao;
  },

  proximaOrdemOpcao(db: Db, idgrupoopcao: number): Promise<number> {
    return db
      .selectFrom('opcao')
      .select((eb) => eb.fn.max('ordem').as('m'))
      .where('idgrupoopcao', '=', idgrupoopcao)
      .executeTakeFirst()
      .then((r) => (r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1));
  },

  async updateOpcao(db: Db, idopcao: number, values: Updateable<OpcaoTable>): Promise<void> {
    await db.updateTable('opcao').set(values).where('idopcao', '=', idopcao).execute();
  },

  async deleteOpcao(db: Db, idopcao: number): Promise<void> {
    await db.deleteFrom('opcao').where('idopcao', '=', idopcao).execute();
  },

  // --- the menu import's batches (cardapio-io.ts): many rows in one statement --------------

  /**
   * New groups, many at once: their ids in the order of `rows`. Ids grow in the order the rows are
   * inserted (SQLite's next rowid, a PostgreSQL sequence called row by row), and RETURNING itself
   * promises no order, so the ids are sorted.
   */
  async insertGrupos(db: Db, rows: readonly Insertable<GrupoOpcaoTable>[]): Promise<number[]> {
    if (rows.length === 0) return [];
    const r = await db
      .insertInto('grupoopcao')
      .values([...rows])
      .returning('idgrupoopcao')
      .execute();
    return r.map((x) => x.idgrupoopcao).sort((a, b) => a - b);
  },

  /** New products, many at once: each one's id with its category and position (unique in an import). */
  insertProdutos(db: Db, rows: readonly Insertable<ProdutoTable>[]) {
    if (rows.length === 0) return Promise.resolve([]);
    return db
      .insertInto('produto')
      .values([...rows])
      .returning(['idproduto', 'idgrupo', 'ordem'])
      .execute();
  },

  /** New options, many at once (their ids are not needed back). */
  async insertOpcoes(db: Db, rows: readonly Insertable<OpcaoTable>[]): Promise<void> {
    if (rows.length > 0)
      await db
        .insertInto('opcao')
        .values([...rows])
        .execute();
  },

  /** Product ↔ group links, many at once. */
  async insertLinks(
    db: Db,
    rows: readonly { idproduto: number; idgrupoopcao: number; ordem: number }[],
  ): Promise<void> {
    if (rows.length > 0)
      await db
        .insertInto('produto_grupoopcao')
        .values([...rows])
        .execute();
  },

  /** The links of these products (before they get their new ones). */
  async deleteLinks(db: Db, produtos: readonly number[]): Promise<void> {
    if (produtos.length > 0)
      await db
        .deleteFrom('produto_grupoopcao')
        .where('idproduto', 'in', [...produtos])
        .execute();
  },

  async deleteOpcoes(db: Db, ids: readonly number[]): Promise<void> {
    if (ids.length > 0)
      await db
        .deleteFrom('opcao')
        .where('idopcao', 'in', [...ids])
        .execute();
  },

  async deleteGrupos(db: Db, ids: readonly number[]): Promise<void> {
    if (ids.length > 0)
      await db
        .deleteFrom('grupoopcao')
        .where('idgrupoopcao', 'in', [...ids])
        .execute();
  },

  async deleteProdutos(db: Db, id: number, ids: readonly number[]): Promise<void> {
    if (ids.length > 0)
      await db
        .deleteFrom('produto')
        .where('idestabelecimento', '=', id)
        .where('idproduto', 'in', [...ids])
        .execute();
  },

  async setOrdemOpcoes(db: Db, idgrupoopcao: number, ids: readonly number[]): Promise<void> {
    for (const [ordem, idopcao] of ids.entries()) {
      await db
        .updateTable('opcao')
        .set({ ordem })
        .where('idgrupoopcao', '=', idgrupoopcao)
        .where('idopcao', '=', idopcao)
        .execute();
    }
  },

  // --- the panel's availability switches (issue 11) -----------------------------------------

  /** Products that are not hidden (2), with their menu group, in menu order. */
  disponibilidadeProdutos(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('produto')
      .innerJoin('grupomenu', 'grupomenu.idgrupo', 'produto.idgrupo')
      .select([
        'produto.idproduto',
        'produto.descricao',
        'grupomenu.descricao as grupo',
        'produto.stindisponivel',
      ])
      .where('produto.idestabelecimento', '=', idestabelecimento)
      .where('produto.stindisponivel', 'in', [0, 1])
      .orderBy('grupomenu.ordem')
      .orderBy('grupomenu.idgrupo')
      .orderBy('produto.ordem')
      .orderBy('produto.idproduto')
      .execute();
  },

  /**
   * The options of the establishment's products (not hidden), once each: a group may be shared
   * by several products, and its options are one row each whatever the number of products.
   */
  async disponibilidadeOpcoes(db: Db, idestabelecimento: number) {
    const rows = await db
      .selectFrom('opcao')
      .innerJoin('grupoopcao', 'grupoopcao.idgrupoopcao', 'opcao.idgrupoopcao')
      .select(['opcao.idopcao', 'opcao.descricao', 'grupoopcao.descricao as grupo', 'opcao.stindisponivel'])
      .where('opcao.stindisponivel', 'in', [0, 1])
      .where('opcao.idgrupoopcao', 'in', (eb) =>
        eb
          .selectFrom('produto_grupoopcao')
          .innerJoin('produto', 'produto.idproduto', 'produto_grupoopcao.idproduto')
          .select('produto_grupoopcao.idgrupoopcao')
          .where('produto.idestabelecimento', '=', idestabelecimento),
      )
      .orderBy('grupoopcao.descricao')
      .orderBy('opcao.ordem')
      .orderBy('opcao.idopcao')
      .execute();
    return rows;
  },

  /** Sets a product's availability; false when it is not this establishment's (or hidden). */
  async setProdutoDisponibilidade(
    db: Db,
    idestabelecimento: number,
    idproduto: number,
    stindisponivel: 0 | 1,
  ): Promise<boolean> {
    const r = await db
      .updateTable('produto')
      .set({ stindisponivel })
      .where('idproduto', '=', idproduto)
      .where('idestabelecimento', '=', idestabelecimento)
      .where('stindisponivel', 'in', [0, 1])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * The establishments whose products use this option's group (an option group may be shared);
   * empty when the option is unknown or hidden.
   */
  async estabelecimentosDaOpcao(db: Db, idopcao: number): Promise<number[]> {
    const rows = await db
      .selectFrom('opcao')
      .innerJoin('produto_grupoopcao', 'produto_grupoopcao.idgrupoopcao', 'opcao.idgrupoopcao')
      .innerJoin('produto', 'produto.idproduto', 'produto_grupoopcao.idproduto')
      .select('produto.idestabelecimento')
      .distinct()
      .where('opcao.idopcao', '=', idopcao)
      .where('opcao.stindisponivel', 'in', [0, 1])
      .execute();
    return rows.map((r) => r.idestabelecimento);
  },

  async setOpcaoDisponibilidade(db: Db, idopcao: number, stindisponivel: 0 | 1): Promise<void> {
    await db.updateTable('opcao').set({ stindisponivel }).where('idopcao', '=', idopcao).execute();
  },
};

/** The next `ordem` at the end of an establishment's categories. */
async function proximaOrdem(db: Db, _tabela: 'grupomenu', id: number): Promise<number> {
  const r = await db
    .selectFrom('grupomenu')
    .select((eb) => eb.fn.max('ordem').as('m'))
    .where('idestabelecimento', '=', id)
    .executeTakeFirst();
  return r?.m === null || r?.m === undefined ? 0 : Number(r.m) + 1;
}
