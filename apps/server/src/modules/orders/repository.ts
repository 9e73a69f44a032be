import { STATUS } from '@rango/domain';
import type { Insertable } from 'kysely';
import { dialectOf } from '../../db/index.ts';
import type { Db } from '../../db/index.ts';
import type { PedidoTable } from '../../db/types.ts';

/** Finished orders (Concluído, cancelled); every other status is pending ('Pendentes'). */
export const STATUS_FINALIZADOS: readonly number[] = [
  STATUS.Concluido,
  STATUS.Cancelado,
  STATUS.CancelamentoSincronizado,
];

const PEDIDO_COLUMNS = [
  'id',
  'idestabelecimento',
  'referencia',
  'tipo',
  'status',
  'pedido_json',
  'dthrpedido',
] as const;

export interface PedidoLido {
  id: number;
  idestabelecimento: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  pedido_json: string;
  dthrpedido: string;
}

/**
 * SQL of orders. Every read of a customer's order is scoped by idcliente here: another
 * customer's order is simply not found (404), never told apart from a missing one.
 */
export const ordersRepository = {
  /** The establishment's own row (hours and the rest are read separately, only when needed). */
  findEstabelecimento(db: Db, id: number) {
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'lojaaberta', 'pedidominimo', 'previsaoentregamin', 'previsaoentregamax'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The logged-in customer's row (undefined for a deleted or unknown account). */
  findClienteVivo(db: Db, id: number) {
    return db
      .selectFrom('cliente')
      .select(['id', 'uuid', 'nomeourazaosocial'])
      .where('id', '=', id)
      .where('excluido_em', 'is', null)
      .executeTakeFirst();
  },

  listHorarios(db: Db, id: number) {
    return db
      .selectFrom('horariofuncionamento')
      .select(['diadasemana', 'abertura', 'fechamento'])
      .where('idestabelecimento', '=', id)
      .execute();
  },

  listAreas(db: Db, id: number) {
    return db
      .selectFrom('areaentrega')
      .select(['idareaentrega', 'center_lat', 'center_lng', 'raio', 'taxaentrega', 'valorminimo'])
      .where('idestabelecimento', '=', id)
      .execute();
  },

  listTaxas(db: Db, id: number) {
    return db
      .selectFrom('taxaentrega')
      .select(['id', 'bairro', 'cidade', 'uf', 'valor'])
      .where('idestabelecimento', '=', id)
      .execute();
  },

  listAbonos(db: Db, id: number) {
    return db
      .selectFrom('abonotaxaentrega')
      .innerJoin('taxaentrega', 'taxaentrega.id', 'abonotaxaentrega.idtaxaentrega')
      .select(['abonotaxaentrega.idtaxaentrega', 'abonotaxaentrega.valorminimo'])
      .where('taxaentrega.idestabelecimento', '=', id)
      .execute();
  },

  findFormaPgto(db: Db, idestabelecimento: number, idformapgto: number) {
    return db
      .selectFrom('formapgto')
      .select(['idformapgto', 'descricao', 'sttipopgto'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('idformapgto', '=', idformapgto)
      .executeTakeFirst();
  },

  /** One of the customer's saved addresses (undefined for another customer's). */
  findEndereco(db: Db, idcliente: number, id: number) {
    return db
      .selectFrom('endereco')
      .select([
        'id',
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
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async pedidoIdExists(db: Db, pedidoId: string): Promise<boolean> {
    const row = await db
      .selectFrom('pedido')
      .select('id')
      .where('pedido_id', '=', pedidoId)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * Locks the coupon's row until the transaction ends (PostgreSQL), so two orders using it
   * count its uses one after the other. SQLite has one writer at a time: nothing to lock.
   */
  async lockCupom(trx: Db, idcupom: number): Promise<void> {
    if (dialectOf(trx) !== 'postgres') return;
    await trx.selectFrom('cupom').select('id').where('id', '=', idcupom).forUpdate().execute();
  },

  async insertPedido(trx: Db, values: Insertable<PedidoTable>): Promise<number> {
    const row = await trx.insertInto('pedido').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async insertHistorico(trx: Db, idpedido: number, status: number, datahora: string): Promise<void> {
    await trx.insertInto('pedido_historico').values({ idpedido, status, datahora, motivo: null }).execute();
  },

  async insertCupomUso(
    trx: Db,
    values: { idcupom: number; idcliente: number; pedido_id: string; criado_em: string },
  ): Promise<void> {
    await trx.insertInto('cupom_uso').values(values).execute();
  },

  // ---- reads ----

  /** The customer's pending orders, newest first. */
  listPendentes(db: Db, idcliente: number): Promise<PedidoLido[]> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('idcliente', '=', idcliente)
      .where('status', 'not in', STATUS_FINALIZADOS)
      .orderBy('id', 'desc')
      .execute();
  },

  /** A page of the customer's finished orders, newest first. */
  listFinalizados(db: Db, idcliente: number, limit: number, offset: number): Promise<PedidoLido[]> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('idcliente', '=', idcliente)
      .where('status', 'in', STATUS_FINALIZADOS)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  },

  async countFinalizados(db: Db, idcliente: number): Promise<number> {
    const r = await db
      .selectFrom('pedido')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('idcliente', '=', idcliente)
      .where('status', 'in', STATUS_FINALIZADOS)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** One of the customer's orders (undefined for another customer's or a missing one). */
  findPedido(db: Db, idcliente: number, id: number): Promise<PedidoLido | undefined> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('idcliente', '=', idcliente)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** History entries of some orders, in datahora order (ties by insertion). */
  listHistorico(db: Db, idspedido: readonly number[]) {
    if (idspedido.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pedido_historico')
      .select(['idpedido', 'status', 'datahora', 'motivo'])
      .where('idpedido', 'in', idspedido)
      .orderBy('datahora')
      .orderBy('id')
      .execute();
  },

  /** The establishments of some orders, as the order shows them. */
  listEstabelecimentos(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('estabelecimento')
      .select([
        'id',
        'idpessoa',
        'apelidooufantasia',
        'nomeourazaosocial',
        'logopessoa',
        'rua',
        'numero',
        'bairro',
        'complemento',
        'cep',
        'cidade',
        'uf_descricao',
        'uf_sigla',
      ])
      .where('id', 'in', ids)
      .execute();
  },

  listFones(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('fone')
      .select(['idestabelecimento', 'numero'])
      .where('idestabelecimento', 'in', ids)
      .orderBy('ordem')
      .orderBy('id')
      .execute();
  },
};

export type EstabelecimentoPedidoRow = Awaited<
  ReturnType<typeof ordersRepository.listEstabelecimentos>
>[number];
export type EnderecoRow = NonNullable<Awaited<ReturnType<typeof ordersRepository.findEndereco>>>;
