import { sql } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type {
  AreaEntregaTable,
  CupomTable,
  EstabelecimentoTable,
  GrupoOpcaoTable,
  OpcaoTable,
  ProdutoTable,
} from '../../db/types.ts';

/** A payment method as written: its name, type and where it is offered (0/1). */
export interface FormaGravada {
  descricao: string;
  sttipopgto: number;
  na_entrega: number;
  online: number;
}

/**
 * SQL of the back office (issue 12). Every function takes the transaction it runs in (or the
 * database for reads). Ownership is in the queries: a thing of another establishment is simply
 * not found.
 */
export const catalogueRepository = {
  // --- establishment -------------------------------------------------------------------------

  estabelecimento(db: Db, id: number) {
    return db.selectFrom('estabelecimento').selectAll().where('id', '=', id).executeTakeFirst();
  },

  fones(db: Db, id: number) {
    return db
      .selectFrom('fone')
      .select('numero')
      .where('idestabelecimento', '=', id)
      .orderBy('ordem')
      .orderBy('id')
      .execute()
      .then((r) => r.map((f) => f.numero));
  },

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

  async addDono(db: Db, idfuncionario: number, idestabelecimento: number, agora: string): Promise<void> {
    await db
      .insertInto('funcionario_papel')
      .values({ idfuncionario, idestabelecimento, papel: 'dono', criado_em: agora })
      .execute();
  },

  // --- hours ---------------------------------------------------------------------------------

  horarios(db: Db, id: number) {
    return db
      .selectFrom('horariofuncionamento')
      .select(['diadasemana', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', id)
      .orderBy('diadasemana')
      .orderBy('abertura')
      .orderBy('id')
      .execute();
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
  async replaceExcecoes(
    db: Db,
    id: number,
    rows: readonly { data: string; abertura: string | null; fechamento: string | null }[],
  ): Promise<void> {
    await db.deleteFrom('horarioexcecao').where('idestabelecimento', '=', id).execute();
    if (rows.length > 0) {
      await db
        .insertInto('horarioexcecao')
        .values(rows.map((r) => ({ idestabelecimento: id, ...r })))
        .execute();
    }
  },

  // --- delivery ------------------------------------------------------------------------------

  areas(db: Db, id: number) {
    return db
      .selectFrom('areaentrega')
      .selectAll()
      .where('idestabelecimento', '=', id)
      .orderBy('idareaentrega')
      .execute();
  },

  area(db: Db, id: number, idarea: number) {
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
  taxas(db: Db, id: number, idtaxa?: number) {
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

  async insertTaxa(
    db: Db,
    id: number,
    v: { bairro: string; cidade: string; uf: string; valor: number; valorminimo: number | null },
  ): Promise<number> {
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

  async updateTaxa(
    db: Db,
    id: number,
    idtaxa: number,
    v: { bairro: string; cidade: string; uf: string; valor: number; valorminimo: number | null },
  ): Promise<boolean> {
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

  // --- payment methods -----------------------------------------------------------------------

  formas(db: Db, id: number) {
    return db
      .selectFrom('formapgto')
      .select(['idformapgto', 'descricao', 'sttipopgto', 'na_entrega', 'online'])
      .where('idestabelecimento', '=', id)
      .orderBy('idformapgto')
      .execute();
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

  // --- coupons -------------------------------------------------------------------------------

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

  // --- audit ---------------------------------------------------------------------------------

  async insertAuditoria(
    db: Db,
    v: {
      idestabelecimento: number;
      idfuncionario: number | null;
      entidade: string;
      identidade: number | null;
      acao: string;
      dados: string;
      criado_em: string;
    },
  ): Promise<void> {
    await db.insertInto('auditoria').values(v).execute();
  },

  auditoria(db: Db, id: number, antes: number | undefined, limite: number) {
    let q = db
      .selectFrom('auditoria as a')
      .leftJoin('funcionario as f', 'f.id', 'a.idfuncionario')
      .select([
        'a.id',
        'a.idfuncionario',
        'f.nome as funcionario',
        'a.entidade',
        'a.identidade',
        'a.acao',
        'a.dados',
        'a.criado_em',
      ])
      .where('a.idestabelecimento', '=', id);
    if (antes !== undefined) q = q.where('a.id', '<', antes);
    return q.orderBy('a.id', 'desc').limit(limite).execute();
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
