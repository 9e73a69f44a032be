import type { Db } from '../../db/index.ts';

/** SQL of the establishment's own data (detail, payment methods, delivery areas). Money in cents. */
export const establishmentsRepository = {
  findById(db: Db, id: number) {
    return db.selectFrom('estabelecimento').selectAll().where('id', '=', id).executeTakeFirst();
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

  listHorarios(db: Db, id: number) {
    return db
      .selectFrom('horariofuncionamento')
      .select(['diadasemana', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', id)
      .orderBy('diadasemana')
      .orderBy('abertura')
      .orderBy('id')
      .execute();
  },

  /** Dates with their own hours from `desde` ('YYYY-MM-DD') on, by date. */
  listExcecoes(db: Db, id: number, desde: string) {
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

  /** The operator's switch. Returns false when there is no such establishment. */
  async setLojaAberta(db: Db, id: number, aberta: boolean): Promise<boolean> {
    const r = await db
      .updateTable('estabelecimento')
      .set({ lojaaberta: aberta ? 1 : 0 })
      .where('id', '=', id)
      .executeTakeFirst();
    return r.numUpdatedRows > 0n;
  },
};

export type EstabelecimentoRow = NonNullable<Awaited<ReturnType<typeof establishmentsRepository.findById>>>;
