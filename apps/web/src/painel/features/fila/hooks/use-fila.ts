/**
 * The live queue's data: the list read, one order read again after each event that names it,
 * the stream, and polling while the stream is down. Orders are kept by id in the queue store, so
 * a replayed or late event, a list and an event racing, or a reconnection never show an order
 * twice or lose one.
 */
import { EVENTO, type PedidoPainel } from '@rango/domain/painel';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { getPedidoPainel, getPedidosPainel } from '../../../api/pedidos.ts';
import type { EventoPainel } from '../../../live/eventos-painel.ts';
import { useEventosPainel } from '../../../live/use-eventos-painel.ts';
import { FILA_INICIAL, filaReducer, listaDePedidos } from '../lib/fila-store.ts';

/** The list is read this often while the stream is down (issue 11's fallback). */
export const POLLING_MS = 15_000;
/**
 * And every few minutes anyway: 'Concluídos hoje' must forget yesterday's orders after midnight,
 * and a scheduled order's column depends on the clock, not on an event.
 */
export const RELEITURA_MS = 5 * 60_000;

const EVENTOS_DE_PEDIDO: ReadonlySet<string> = new Set([
  EVENTO.pedidoNovo,
  EVENTO.pedidoStatus,
  EVENTO.pedidoPagamento,
  EVENTO.pedidoPrevisao,
]);

export function useFila(idest: number, onEvento?: (ev: EventoPainel) => void) {
  const [state, dispatch] = useReducer(filaReducer, FILA_INICIAL);
  const [erro, setErro] = useState<unknown>(null);
  const seq = useRef(0);
  const lista = useRef<{ emVoo: boolean; denovo: boolean }>({ emVoo: false, denovo: false });

  /** A sequence number for a read about to start (see fila-store.ts). */
  const novaLeitura = useCallback(() => ++seq.current, []);

  const carregarLista = useCallback(() => {
    // One list read at a time; a request meanwhile reads once more after it (what it asked
    // about may have happened after the read in flight started).
    if (lista.current.emVoo) {
      lista.current.denovo = true;
      return;
    }
    lista.current.emVoo = true;
    const s = novaLeitura();
    getPedidosPainel(idest)
      .then(
        (dados) => {
          dispatch({ tipo: 'lista', seq: s, dados });
          setErro(null);
        },
        (e: unknown) => setErro(e),
      )
      .finally(() => {
        lista.current.emVoo = false;
        if (lista.current.denovo) {
          lista.current.denovo = false;
          carregarLista();
        }
      });
  }, [idest, novaLeitura]);

  const carregarPedido = useCallback(
    (idpedido: number) => {
      const s = novaLeitura();
      getPedidoPainel(idest, idpedido).then(
        (pedido) => dispatch({ tipo: 'pedido', seq: s, pedido }),
        // Not readable now: the next list read (reconnection, polling) brings it.
        () => undefined,
      );
    },
    [idest, novaLeitura],
  );

  /** An order as an action's answer returned it (started at `s`). */
  const aplicarPedido = useCallback(
    (pedido: PedidoPainel, s: number) => dispatch({ tipo: 'pedido', seq: s, pedido }),
    [],
  );

  useEffect(() => {
    carregarLista();
  }, [carregarLista]);

  const aoEvento = useCallback(
    (ev: EventoPainel) => {
      if (EVENTOS_DE_PEDIDO.has(ev.tipo) && typeof ev.dados.idpedido === 'number')
        carregarPedido(ev.dados.idpedido);
      onEvento?.(ev);
    },
    [carregarPedido, onEvento],
  );

  const { conexao, fallback, reconectar } = useEventosPainel({
    idest,
    desde: state.carregada ? state.ultimoEvento : undefined,
    onEvento: aoEvento,
    onResync: carregarLista,
  });

  useEffect(() => {
    const t = setInterval(carregarLista, fallback ? POLLING_MS : RELEITURA_MS);
    return () => clearInterval(t);
  }, [fallback, carregarLista]);

  const pedidos = useMemo(() => listaDePedidos(state), [state]);
  return {
    pedidos,
    carregada: state.carregada,
    erro,
    conexao,
    fallback,
    reconectar,
    carregarLista,
    carregarPedido,
    novaLeitura,
    aplicarPedido,
  };
}
