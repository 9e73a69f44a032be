import type { Canal } from '../../db/tables/pedido.ts';
import { STATUS_FINALIZADOS } from '@rango/domain';
import type { Db } from '../../db/index.ts';

/** An order's columns as its reads show it: the customer's (their orders) and the panel's (its establishment's). */
const PEDIDO_COLUMNS = [
  'id',
  'idestabelecimento',
  'referencia',
  'tipo',
  'status',
  'total',
  'entregue_as',
  'previsao_em',
  'pedido_json',
  'dthrpedido',
  'canal',
] as const;

export interface PedidoLido {
  id: number;
  /** Where the order came from (0030): 'rango', 'ifood', 'opendelivery'. */
  canal: Canal;
  idestabelecimento: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  total: number;
  entregue_as: string | null;
  /** The estimate the restaurant gave on acceptance (issue 11), else null. */
  previsao_em: string | null;
  pedido_json: string;
  dthrpedido: string;
}

/** Whose order a read finds: a customer's, or an establishment's (the panel's). */
export type DonoPedido = { idcliente: number } | { idestabelecimento: number };

/**
 * SQL of the reads of orders: the customer's of their orders, the panel's of its establishment's.
 * Every read of one order is scoped by its customer or its establishment here: another's order is
 * simply not found (404), never told apart from a missing one.
 */
export const readsRepository = {
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

  /** Some orders by id (the webhooks' bodies; each event names its establishment's order). */
  listPorIds(db: Db, ids: readonly number[]): Promise<PedidoLido[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('pedido').select(PEDIDO_COLUMNS).where('id', 'in', ids).execute();
  },

  /** Some orders' references (the panel's ratings name their order by it). */
  listReferencias(db: Db, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('pedido').select(['id', 'referencia']).where('id', 'in', ids).execute();
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

  /** One order of this customer or establishment (undefined for another's or a missing one). */
  findPedido(db: Db, dono: DonoPedido, id: number): Promise<PedidoLido | undefined> {
    const q = db.selectFrom('pedido').select(PEDIDO_COLUMNS).where('id', '=', id);
    return (
      'idcliente' in dono
        ? q.where('idcliente', '=', dono.idcliente)
        : q.where('idestabelecimento', '=', dono.idestabelecimento)
    ).executeTakeFirst();
  },

  /** An establishment's order by its uuid (pedido_id), with its customer and the customer's orders there. */
  async findPorUuid(db: Db, idestabelecimento: number, uuid: string) {
    const row = await db
      .selectFrom('pedido')
      .select([...PEDIDO_COLUMNS, 'pedido_id', 'idcliente'])
      .where('pedido_id', '=', uuid)
      .where('idestabelecimento', '=', idestabelecimento)
      .executeTakeFirst();
    if (!row) return undefined;
    const quantos =
      row.idcliente === null
        ? 1
        : Number(
            (
              await db
                .selectFrom('pedido')
                .select((s) => s.fn.countAll().as('n'))
                .where('idcliente', '=', row.idcliente)
                .where('idestabelecimento', '=', idestabelecimento)
                .executeTakeFirst()
            )?.n ?? 1,
          );
    return { ...row, pedidos_do_cliente: quantos };
  },

  /** Orders' uuids (pedido_id) by id, of one establishment only. */
  listUuids(db: Db, idestabelecimento: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pedido')
      .select(['id', 'pedido_id'])
      .where('idestabelecimento', '=', idestabelecimento)
      .where('id', 'in', ids)
      .execute();
  },

  /** The establishment's open orders, and those finished (Concluído, cancelled) since `desde`, newest first. */
  listDoEstabelecimento(db: Db, idestabelecimento: number, desde: string): Promise<PedidoLido[]> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('idestabelecimento', '=', idestabelecimento)
      .where((eb) => eb.or([eb('status', 'not in', STATUS_FINALIZADOS), eb('atualizado_em', '>=', desde)]))
      .orderBy('id', 'desc')
      .execute();
  },

  /** History entries of some orders, in datahora order (ties by insertion): each order's in time order. */
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
  ReturnType<typeof readsRepository.listEstabelecimentos>
>[number];
