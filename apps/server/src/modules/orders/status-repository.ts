import type { Db } from '../../db/index.ts';
import { dialectOf } from '../../db/index.ts';
import { anonimizarPedidoJson } from './anonimizar.ts';

/** The locked order a status change works on. */
export interface PedidoTravado {
  id: number;
  idestabelecimento: number;
  idcliente: number | null;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  status: number;
  /** 0030: the order's channel. */
  canal: string;
}

export interface HistoricoNovo {
  idpedido: number;
  status: number;
  datahora: string;
  motivo: string | null;
}

/**
 * SQL of an order already placed (placement's own is repository.ts): the status machine's steps
 * (status.ts), the restaurant's estimate, a refused payment's removal, and account erasure.
 */
export const statusRepository = {
  /**
   * Inside a transaction: the order, locked until the transaction ends. PostgreSQL: SELECT … FOR
   * UPDATE (a concurrent change waits, then reads the new status). SQLite: a no-op write first,
   * so the transaction takes the database's write lock before it reads (a read first would let
   * another process's commit in between and fail the later write with SQLITE_BUSY).
   */
  async lockPedido(trx: Db, id: number, idestabelecimento?: number): Promise<PedidoTravado | undefined> {
    const base = () =>
      trx
        .selectFrom('pedido')
        .select(['id', 'idestabelecimento', 'idcliente', 'referencia', 'tipo', 'status', 'canal'])
        .where('id', '=', id)
        .$if(idestabelecimento !== undefined, (qb) => qb.where('idestabelecimento', '=', idestabelecimento!));
    if (dialectOf(trx) === 'postgres') return base().forUpdate().executeTakeFirst();
    await trx
      .updateTable('pedido')
      .set((eb) => ({ atualizado_em: eb.ref('atualizado_em') }))
      .where('id', '=', id)
      .execute();
    return base().executeTakeFirst();
  },

  async datahoras(trx: Db, idpedido: number): Promise<string[]> {
    const rows = await trx
      .selectFrom('pedido_historico')
      .select('datahora')
      .where('idpedido', '=', idpedido)
      .execute();
    return rows.map((r) => r.datahora);
  },

  async appendHistorico(trx: Db, row: HistoricoNovo): Promise<void> {
    await trx.insertInto('pedido_historico').values(row).execute();
  },

  async setStatus(trx: Db, id: number, status: number, atualizado_em: string): Promise<void> {
    await trx.updateTable('pedido').set({ status, atualizado_em }).where('id', '=', id).execute();
  },

  previsao: (db: Db, id: number) =>
    db.selectFrom('pedido').select('previsao_em').where('id', '=', id).executeTakeFirst(),

  async setPrevisao(db: Db, id: number, previsaoEm: string | null): Promise<void> {
    await db.updateTable('pedido').set({ previsao_em: previsaoEm }).where('id', '=', id).execute();
  },

  status: (db: Db, idpedido: number) =>
    db.selectFrom('pedido').select(['id', 'status']).where('id', '=', idpedido).executeTakeFirst(),

  /** The order, its history and its coupon use go (inside the caller's transaction). */
  async remover(trx: Db, idpedido: number, pedidoId: string): Promise<void> {
    await trx.deleteFrom('cupom_uso').where('pedido_id', '=', pedidoId).execute();
    await trx.deleteFrom('pedido_historico').where('idpedido', '=', idpedido).execute();
    await trx.deleteFrom('pedido').where('id', '=', idpedido).execute();
  },

  /** A customer's orders keep the restaurant's records without the personal data they copied. */
  async anonimizarDoCliente(db: Db, idcliente: number, when: string): Promise<void> {
    const pedidos = await db
      .selectFrom('pedido')
      .select(['id', 'pedido_json'])
      .where('idcliente', '=', idcliente)
      .execute();
    for (const p of pedidos) {
      await db
        .updateTable('pedido')
        .set({ pedido_json: anonimizarPedidoJson(p.pedido_json), atualizado_em: when })
        .where('id', '=', p.id)
        .execute();
    }
  },
};
