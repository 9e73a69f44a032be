import { EVENTO } from '@rango/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { eventosLigados, registrarEventoDoPagamento } from '../events/record.ts';
import type { CartaoTable, EstadoPagamentoRow, PagamentoTable } from '../../db/types.ts';

export type PagamentoRow = Selectable<PagamentoTable>;
export type NovoPagamento = Omit<Insertable<PagamentoTable>, 'idpedido'>;

/** States still waiting for the gateway's word (the reconciler and the reads ask it again). */
export const ESTADOS_ABERTOS: readonly EstadoPagamentoRow[] = [
  'iniciado',
  'incerto',
  'pendente',
  'estorno_pendente',
];

/** Online payments' SQL (issue 5). */
export const paymentsRepository = {
  async tentativas(db: Db, pedidoId: string): Promise<number> {
    const r = await db
      .selectFrom('pagamento')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('pedido_id', '=', pedidoId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(db: Db, idpedido: number, p: NovoPagamento): Promise<number> {
    const r = await db
      .insertInto('pagamento')
      .values({ ...p, idpedido })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },

  porChave: (db: Db, chave: string) =>
    db.selectFrom('pagamento').selectAll().where('chave', '=', chave).executeTakeFirst(),

  porPaymentId: (db: Db, paymentId: string) =>
    db.selectFrom('pagamento').selectAll().where('payment_id', '=', paymentId).executeTakeFirst(),

  /** The order's attempts, oldest first. */
  doPedido: (db: Db, idpedido: number) =>
    db.selectFrom('pagamento').selectAll().where('idpedido', '=', idpedido).orderBy('id').execute(),

  /** Attempts of several orders (the lists). */
  dosPedidos: (db: Db, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([] as PagamentoRow[])
      : db.selectFrom('pagamento').selectAll().where('idpedido', 'in', ids).orderBy('id').execute(),

  /**
   * Changes an attempt only from one of the states `de` (a result applied twice, or a webhook
   * after the poll, changes nothing the second time). True when this call made the change. A new
   * state is a live event 'pedido.pagamento' for the attempt's order, in the same transaction.
   */
  async mudar(
    db: Db,
    id: number,
    de: readonly EstadoPagamentoRow[],
    mudanca: Updateable<PagamentoTable>,
  ): Promise<boolean> {
    const estado = eventosLigados() ? mudanca.estado : undefined;
    const mudar = async (trx: Db) => {
      const r = await trx
        .updateTable('pagamento')
        .set(mudanca)
        .where('id', '=', id)
        .where('estado', 'in', de)
        .executeTakeFirst();
      const mudou = Number(r.numUpdatedRows) > 0;
      if (mudou && estado !== undefined) {
        await registrarEventoDoPagamento(trx, id, EVENTO.pedidoPagamento, { estado });
      }
      return mudou;
    };
    if (estado === undefined) return mudar(db);
    return db.isTransaction ? mudar(db) : db.transaction().execute(mudar);
  },

  async consultado(db: Db, id: number, em: string): Promise<void> {
    await db.updateTable('pagamento').set({ consultado_em: em }).where('id', '=', id).execute();
  },

  /**
   * Claims the retry of a refund left pending (estorno_pendente) whose last try is older than
   * `antes`: true for exactly one caller however many reconciler runs ask at once.
   */
  async retomarEstorno(db: Db, id: number, antes: string, agora: string): Promise<boolean> {
    const r = await db
      .updateTable('pagamento')
      .set({ atualizado_em: agora })
      .where('id', '=', id)
      .where('estado', '=', 'estorno_pendente')
      .where('atualizado_em', '<', antes)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Orders still awaiting payment (`pendente`: PgtoPendente) with a paid attempt: left so by a
   * process that died between the attempt's change and the order's move (two transactions).
   */
  pedidosPagosPendentes: (db: Db, pendente: number, limite: number) =>
    db
      .selectFrom('pagamento')
      .innerJoin('pedido', 'pedido.id', 'pagamento.idpedido')
      .select('pedido.id')
      .where('pagamento.estado', '=', 'pago')
      .where('pedido.status', '=', pendente)
      .orderBy('pedido.id')
      .limit(limite)
      .execute(),

  /** Open attempts not asked about since `antes` (the reconciler's batch). */
  abertos: (db: Db, antes: string, limite: number) =>
    db
      .selectFrom('pagamento')
      .selectAll()
      .where('estado', 'in', ESTADOS_ABERTOS)
      .where((eb) => eb.or([eb('consultado_em', 'is', null), eb('consultado_em', '<', antes)]))
      .orderBy('id')
      .limit(limite)
      .execute(),

  /** A refused attempt leaves no order: the order, its history and its coupon use go (the attempt stays). */
  async removerPedido(db: Db, idpedido: number, pedidoId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('pagamento').set({ idpedido: null }).where('idpedido', '=', idpedido).execute();
      await trx.deleteFrom('cupom_uso').where('pedido_id', '=', pedidoId).execute();
      await trx.deleteFrom('pedido_historico').where('idpedido', '=', idpedido).execute();
      await trx.deleteFrom('pedido').where('id', '=', idpedido).execute();
    });
  },

  statusDoPedido: (db: Db, idpedido: number) =>
    db.selectFrom('pedido').select(['id', 'status']).where('id', '=', idpedido).executeTakeFirst(),

  /** Saves the card a payment asked to keep (once per customer and token). */
  async salvarCartao(db: Db, c: Insertable<CartaoTable>): Promise<void> {
    await db
      .insertInto('cartao')
      .values(c)
      .onConflict((oc) => oc.columns(['idcliente', 'token']).doNothing())
      .execute();
  },

  /** Who saved this token (a saved card of another customer is refused). */
  donosDoToken: async (db: Db, token: string): Promise<number[]> =>
    (await db.selectFrom('cartao').select('idcliente').where('token', '=', token).execute()).map(
      (r) => r.idcliente,
    ),
};
