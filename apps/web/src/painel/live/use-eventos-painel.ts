import { useEffect, useRef, useState } from 'react';
import { abrirEventosPainel, type Conexao, type EventoPainel } from './eventos-painel.ts';

export interface UseEventosPainel {
  idest: number;
  /**
   * The first list read's last event id; undefined until the list has arrived. The stream opens
   * once it is known and stays open (later list reads do not reopen it).
   */
  desde: number | null | undefined;
  onEvento: (ev: EventoPainel) => void;
  onResync: () => void;
}

/** One live stream for this tab while the queue is on screen (issue 11: never one per order). */
export function useEventosPainel({ idest, desde, onEvento, onResync }: UseEventosPainel) {
  const [conexao, setConexao] = useState<Conexao>('conectando');
  const [fallback, setFallback] = useState(false);
  // The latest callbacks and list position, read by the stream without reopening it.
  const atual = useRef({ onEvento, onResync, desde });
  useEffect(() => {
    atual.current = { onEvento, onResync, desde };
  });
  const pronto = desde !== undefined;
  const controle = useRef<{ reconectar(): void } | null>(null);

  useEffect(() => {
    if (!pronto) return;
    const stream = abrirEventosPainel({
      idest,
      desde: atual.current.desde ?? null,
      onEvento: (ev) => atual.current.onEvento(ev),
      onResync: () => atual.current.onResync(),
      onConexao: setConexao,
      onFallback: setFallback,
    });
    controle.current = stream;
    return () => {
      controle.current = null;
      stream.fechar();
    };
  }, [idest, pronto]);

  return { conexao, fallback, reconectar: () => controle.current?.reconectar() };
}
