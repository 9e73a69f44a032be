import { describe, expect, it } from 'vitest';
import { pedidoPainel } from '../testing/fixtures.ts';
import { FILA_INICIAL, filaReducer, listaDePedidos, type FilaState } from './fila-store.ts';

const lista = (
  seq: number,
  ids: number[],
  status = 0,
  ultimo: number | null = 9,
): Parameters<typeof filaReducer>[1] => ({
  tipo: 'lista',
  seq,
  dados: { pedidos: ids.map((id) => pedidoPainel({ id, status })), ultimo_evento: ultimo },
});
const statusDe = (s: FilaState, id: number) => s.pedidos.get(id)?.pedido.status;

describe('filaReducer', () => {
  it('keys orders by id: the same order from a list and an event is one order', () => {
    let s = filaReducer(FILA_INICIAL, lista(1, [1, 2]));
    s = filaReducer(s, { tipo: 'pedido', seq: 2, pedido: pedidoPainel({ id: 2, status: 21 }) });
    s = filaReducer(s, { tipo: 'pedido', seq: 3, pedido: pedidoPainel({ id: 2, status: 30 }) });
    expect(listaDePedidos(s).map((p) => p.id)).toEqual([1, 2]);
    expect(statusDe(s, 2)).toBe(30);
    expect(s.carregada).toBe(true);
    expect(s.ultimoEvento).toBe(9);
  });

  it('never lets an older read overwrite a newer one', () => {
    // The order read (seq 3) answers first, then the list that started before it (seq 2).
    let s = filaReducer(FILA_INICIAL, lista(1, [1]));
    s = filaReducer(s, { tipo: 'pedido', seq: 3, pedido: pedidoPainel({ id: 1, status: 21 }) });
    s = filaReducer(s, lista(2, [1], 0));
    expect(statusDe(s, 1)).toBe(21);
    // And an order read that started before the newest one answers last.
    s = filaReducer(s, { tipo: 'pedido', seq: 2, pedido: pedidoPainel({ id: 1, status: 0 }) });
    expect(statusDe(s, 1)).toBe(21);
  });

  it('keeps an order that arrived while a list was in flight, drops what a newer list no longer has', () => {
    let s = filaReducer(FILA_INICIAL, lista(1, [1, 2]));
    s = filaReducer(s, { tipo: 'pedido', seq: 3, pedido: pedidoPainel({ id: 3 }) });
    // The list started at seq 2 (before order 3 existed) and knows nothing of order 2 any more.
    s = filaReducer(s, lista(2, [1]));
    expect(
      listaDePedidos(s)
        .map((p) => p.id)
        .sort(),
    ).toEqual([1, 3]);
  });

  it('ignores a list older than the one applied', () => {
    let s = filaReducer(FILA_INICIAL, lista(5, [1, 2], 0, 20));
    s = filaReducer(s, lista(4, [9], 0, 10));
    expect(listaDePedidos(s).map((p) => p.id)).toEqual([1, 2]);
    expect(s.ultimoEvento).toBe(20);
  });
});
