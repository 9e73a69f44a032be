import { STATUS_FINALIZADOS } from '@rango/domain';
import type { Db } from '../../db/index.ts';

export interface PedidoRow {
  id: number;
  idestabelecimento: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  total: number;
  entregue_as: string | null;
  pedido_json: string;
  dthrpedido: string;
}

export interface HistoricoRow {
  idpedido: number;
  status: number;
  datahora: string;
  motivo: string | null;
}

/** An open order the demo simulator may move, with the time it reached its status. */
export interface PedidoSimulavel {
  id: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  entregue_as: string | null;
  /** The latest history entry's datahora (null when the history is empty). */
  desde: string | null;
}

const PEDIDO_COLUMNS = [
  'id',
  'idestabelecimento',
  'referencia',
  'tipo',
  'status',
  'total',
  'entregue_as',
  'pedido_json',
  'dthrpedido',
] as const;

/** The operator's SQL: keys, and reads of the establishment's orders (orders/status.ts moves them). */
export const operatorRepository = {
  async estabelecimento(db: Db, id: number): Promise<{ id: number; apelidooufantasia: string } | undefined> {
    return db
      .selectFrom('estabelecimento')
      .select(['id', 'apelidooufantasia'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async insertToken(
    db: Db,
    row: { idestabelecimento: number; nome: string; token_hash: string; criado_em: string },
  ): Promise<number> {
    const r = await db.insertInto('operador_token').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },

  async getToken(db: Db, id: number) {
    return db
      .selectFrom('operador_token')
      .select(['id', 'idestabelecimento', 'nome', 'revogado_em'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** True when this call revoked it (false: already revoked, or gone). */
  async revokeToken(db: Db, id: number, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('operador_token')
      .set({ revogado_em: agora })
      .where('id', '=', id)
      .where('revogado_em', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async listTokens(db: Db, idestabelecimento: number) {
    return db
      .selectFrom('operador_token')
      .select(['id', 'nome', 'criado_em', 'revogado_em'])
      .where('idestabelecimento', '=', idestabelecimento)
      .orderBy('id')
      .execute();
  },

  /** The establishment of a live (not revoked) key. */
  async establishmentOfKey(db: Db, tokenHash: string): Promise<number | undefined> {
    const r = await db
      .selectFrom('operador_token')
      .select('idestabelecimento')
      .where('token_hash', '=', tokenHash)
      .where('revogado_em', 'is', null)
      .executeTakeFirst();
    return r?.idestabelecimento;
  },

  /** Newest first. */
  async listPedidos(
    db: Db,
    q: { idestabelecimento: number; abertos: boolean; limit: number; offset: number },
  ): Promise<PedidoRow[]> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('idestabelecimento', '=', q.idestabelecimento)
      .$if(q.abertos, (qb) => qb.where('status', 'not in', STATUS_FINALIZADOS))
      .orderBy('id', 'desc')
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  },

  /** An order; with an establishment, only that establishment's. */
  async getPedido(db: Db, id: number, idestabelecimento?: number): Promise<PedidoRow | undefined> {
    return db
      .selectFrom('pedido')
      .select(PEDIDO_COLUMNS)
      .where('id', '=', id)
      .$if(idestabelecimento !== undefined, (qb) => qb.where('idestabelecimento', '=', idestabelecimento!))
      .executeTakeFirst();
  },

  /** The histories of these orders, each in time order. */
  async historicos(db: Db, ids: readonly number[]): Promise<HistoricoRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('pedido_historico')
      .select(['idpedido', 'status', 'datahora', 'motivo'])
      .where('idpedido', 'in', ids)
      .orderBy('idpedido')
      .orderBy('datahora')
      .orderBy('id')
      .execute();
  },

  /** Open orders in these statuses, oldest first, with the time of their latest history entry. */
  async simulaveis(db: Db, statuses: readonly number[], limit: number): Promise<PedidoSimulavel[]> {
    return db
      .selectFrom('pedido')
      .select((eb) => [
        'pedido.id',
        'pedido.referencia',
        'pedido.tipo',
        'pedido.status',
        'pedido.entregue_as',
        eb
          .selectFrom('pedido_historico as h')
          .select((e) => e.fn.max('h.datahora').as('m'))
          .whereRef('h.idpedido', '=', 'pedido.id')
          .as('desde'),
      ])
      .where('pedido.status', 'in', statuses)
      .orderBy('pedido.id')
      .limit(limit)
      .execute();
  },
};
