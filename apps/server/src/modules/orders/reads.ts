import { STATUS, currentStatus, isFinalizado } from '@rango/domain';
import type { PedidoFetched, PedidoStatusAnswer } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { rotaNaoEncontrada } from '../../http/errors.ts';
import { presentTransacao, tentativasDosPedidos } from '../payments/service.ts';
import type { PagamentoRow, Payments } from '../payments/service.ts';
import { readsRepository as repo } from './reads-repository.ts';
import type { EstabelecimentoPedidoRow, PedidoLido } from './reads-repository.ts';

export type { PedidoLido };

type Historico = PedidoFetched['historico'];

/** An order with everything its answers and its receipt show. */
export interface PedidoCompleto {
  row: PedidoLido;
  historico: Historico;
  estabelecimento: EstabelecimentoPedidoRow;
  fones: string[];
  /** Online payment attempts (issue 5), oldest first. */
  pagamentos: PagamentoRow[];
}

/** Spec section 3 'Order as fetched': `pedido` is the stored JSON text as it was saved. */
export function presentPedido(p: PedidoCompleto): PedidoFetched {
  const e = p.estabelecimento;
  return {
    id: p.row.id,
    referencia: p.row.referencia,
    estabelecimento: {
      id: e.idpessoa,
      apelidooufantasia: e.apelidooufantasia,
      logo: e.logopessoa,
      endereco: {
        rua: e.rua,
        numero: e.numero,
        bairro: e.bairro,
        complemento: e.complemento,
        cidade: { descricao: e.cidade, uf: { descricao: e.uf_descricao } },
      },
      fone_set: p.fones.map((numero) => ({ numero })),
    },
    deliveryestabelecimento: e.id,
    pedido: p.row.pedido_json,
    historico: p.historico,
    transacoes: p.pagamentos.map((t) =>
      presentTransacao(t, e.id, !isFinalizado(currentStatus(p.historico) ?? p.row.status)),
    ),
    dthrpedido: p.row.dthrpedido,
    previsao_em: p.row.previsao_em,
  };
}

/**
 * Completes rows with their history and establishment in three queries, whatever their number
 * (the customer's reads, and the panel's receipt).
 */
export async function completarPedidos(db: Db, rows: PedidoLido[]): Promise<PedidoCompleto[]> {
  if (rows.length === 0) return [];
  const estIds = [...new Set(rows.map((r) => r.idestabelecimento))];
  const ids = rows.map((r) => r.id);
  const [historicos, ests, fones, pagamentos] = await Promise.all([
    repo.listHistorico(db, ids),
    repo.listEstabelecimentos(db, estIds),
    repo.listFones(db, estIds),
    tentativasDosPedidos(db, ids),
  ]);
  const porPedido = new Map<number, Historico>();
  for (const h of historicos) {
    const lista = porPedido.get(h.idpedido) ?? [];
    lista.push({ status: h.status, datahora: h.datahora, motivo: h.motivo });
    porPedido.set(h.idpedido, lista);
  }
  const estPorId = new Map(ests.map((e) => [e.id, e]));
  return rows.map((row) => ({
    row,
    historico: porPedido.get(row.id) ?? [],
    estabelecimento: estPorId.get(row.idestabelecimento)!,
    fones: fones.filter((f) => f.idestabelecimento === row.idestabelecimento).map((f) => f.numero),
    pagamentos: pagamentos.filter((t) => t.idpedido === row.id),
  }));
}

/**
 * The panel's reads of one establishment's orders (modules/panel presents them): every open one
 * and those finished since `desde`, newest first; one of them (undefined for another
 * establishment's); the histories of some, each in time order.
 */
export const leiturasDoEstabelecimento = {
  listPedidos: (db: Db, idestabelecimento: number, desde: string): Promise<PedidoLido[]> =>
    repo.listDoEstabelecimento(db, idestabelecimento, desde),
  findPedido: (db: Db, idestabelecimento: number, id: number): Promise<PedidoLido | undefined> =>
    repo.findPedido(db, { idestabelecimento }, id),
  listHistorico: (db: Db, ids: readonly number[]) => repo.listHistorico(db, ids),
};

/**
 * Open Delivery's reads (modules/opendelivery): one establishment's order by its uuid, with
 * everything its document shows (undefined for another establishment's: a 404 like a missing
 * one); the uuids of some of its orders.
 */
export const leiturasOpenDelivery = {
  async pedidoPorUuid(db: Db, idestabelecimento: number, uuid: string) {
    const row = await repo.findPorUuid(db, idestabelecimento, uuid);
    if (!row) return undefined;
    const [completo] = await completarPedidos(db, [row]);
    return { ...completo!, uuid: row.pedido_id, pedidosDoCliente: row.pedidos_do_cliente };
  },
  uuids: async (db: Db, idestabelecimento: number, ids: readonly number[]): Promise<Map<number, string>> =>
    new Map((await repo.listUuids(db, idestabelecimento, ids)).map((r) => [r.id, r.pedido_id])),
};

/**
 * Another module's read of one order of the customer (ratings: may this customer rate it?):
 * its establishment and current status, or undefined when the order is not this customer's.
 */
export async function pedidoDoCliente(
  db: Db,
  idcliente: number,
  id: number,
): Promise<{ id: number; idestabelecimento: number; status: number } | undefined> {
  const row = await repo.findPedido(db, { idcliente }, id);
  return row && { id: row.id, idestabelecimento: row.idestabelecimento, status: row.status };
}

/** Orders by id (the outgoing webhooks put the order in their bodies). */
export async function pedidosPorId(db: Db, ids: readonly number[]): Promise<Map<number, PedidoLido>> {
  return new Map((await repo.listPorIds(db, [...new Set(ids)])).map((r) => [r.id, r]));
}

/** Orders' references by id (the panel's ratings list names each order by it). */
export async function referenciasDosPedidos(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await repo.listReferencias(db, ids)).map((r) => [r.id, r.referencia]));
}

/** The customer's orders, owner only: another customer's order is a 404 like a missing one. */
export function createOrderReads(db: Db, payments?: Payments) {
  /** A pending payment is asked about on read too (the tracking page's polls), at most every 3 s. */
  async function sincronizar(row: PedidoLido): Promise<void> {
    if (payments && row.status === STATUS.PgtoPendente) await payments.sincronizarPedido(row.id);
  }

  const completar = (rows: PedidoLido[]) => completarPedidos(db, rows);

  async function completo(idcliente: number, id: number): Promise<PedidoCompleto> {
    let row = await repo.findPedido(db, { idcliente }, id);
    if (!row) throw rotaNaoEncontrada();
    if (row.status === STATUS.PgtoPendente) {
      await sincronizar(row);
      row = (await repo.findPedido(db, { idcliente }, id)) ?? row;
    }
    return (await completar([row]))[0]!;
  }

  return {
    completo,

    /** 'Pendentes': every order not finished, newest first. */
    async pendentes(idcliente: number): Promise<PedidoFetched[]> {
      return (await completar(await repo.listPendentes(db, idcliente))).map(presentPedido);
    },

    /** 'Concluídos': one page of finished orders, newest first, and how many there are. */
    async finalizados(
      idcliente: number,
      limit: number,
      offset: number,
    ): Promise<{ count: number; results: PedidoFetched[] }> {
      const [count, rows] = await Promise.all([
        repo.countFinalizados(db, idcliente),
        repo.listFinalizados(db, idcliente, limit, offset),
      ]);
      return { count, results: (await completar(rows)).map(presentPedido) };
    },

    async get(idcliente: number, id: number): Promise<PedidoFetched> {
      return presentPedido(await completo(idcliente, id));
    },

    /** The tracking page's poll: the order must be the customer's and the establishment's. */
    async status(idcliente: number, idestabelecimento: number, id: number): Promise<PedidoStatusAnswer> {
      const row = await repo.findPedido(db, { idcliente }, id);
      if (!row || row.idestabelecimento !== idestabelecimento) throw rotaNaoEncontrada();
      await sincronizar(row);
      const historico = (await repo.listHistorico(db, [id])).map((h) => ({
        status: h.status,
        datahora: h.datahora,
        motivo: h.motivo,
      }));
      return { id: row.id, status: currentStatus(historico) ?? row.status, historico };
    },
  };
}

export type OrderReads = ReturnType<typeof createOrderReads>;
