/**
 * The queue's orders, keyed by order id so an order is never shown twice. Two kinds of reads
 * fill it and they race: the whole list (on load, after a reconnect, while polling) and one
 * order (after an event said it changed). Each read gets a sequence number when it starts; a
 * read never overwrites what a read started after it brought. An order missing from a list is
 * dropped only if nothing newer than that list brought it (it finished yesterday, or was never
 * there), so an order that arrived while the list was in flight is not lost.
 */
import type { PedidoPainel, PedidosPainel } from '@rango/domain/painel';

interface Entrada {
  pedido: PedidoPainel;
  /** Sequence number of the read that brought this version. */
  seq: number;
}

export interface FilaState {
  pedidos: ReadonlyMap<number, Entrada>;
  /** A list has arrived at least once. */
  carregada: boolean;
  /** Sequence number of the last list applied. */
  seqLista: number;
  /** The last event id the last applied list knew about (where the stream starts). */
  ultimoEvento: number | null;
}

export type FilaAcao =
  | { tipo: 'lista'; seq: number; dados: PedidosPainel }
  | { tipo: 'pedido'; seq: number; pedido: PedidoPainel };

export const FILA_INICIAL: FilaState = {
  pedidos: new Map(),
  carregada: false,
  seqLista: 0,
  ultimoEvento: null,
};

export function filaReducer(state: FilaState, acao: FilaAcao): FilaState {
  switch (acao.tipo) {
    case 'lista': {
      // An older list than the one applied says nothing new.
      if (acao.seq < state.seqLista) return state;
      const pedidos = new Map<number, Entrada>();
      for (const p of acao.dados.pedidos) pedidos.set(p.id, { pedido: p, seq: acao.seq });
      for (const [id, e] of state.pedidos) {
        if (e.seq > acao.seq) pedidos.set(id, e);
      }
      return { pedidos, carregada: true, seqLista: acao.seq, ultimoEvento: acao.dados.ultimo_evento };
    }
    case 'pedido': {
      const atual = state.pedidos.get(acao.pedido.id);
      if (atual && atual.seq > acao.seq) return state;
      const pedidos = new Map(state.pedidos);
      pedidos.set(acao.pedido.id, { pedido: acao.pedido, seq: acao.seq });
      return { ...state, pedidos };
    }
  }
}

export const listaDePedidos = (state: FilaState): PedidoPainel[] =>
  [...state.pedidos.values()].map((e) => e.pedido);
