/**
 * Orders that start waiting for acceptance while the panel is open (a new order, a payment just
 * confirmed, a scheduled order reaching its preparation time): each is announced once (screen
 * reader, desktop notification) — or, with auto-accept on, accepted with the default estimate
 * and printed by this panel. Orders already waiting when the panel opened ring but are not
 * auto-accepted: nobody saw them arrive, and accepting late ones unseen would promise a time.
 */
import type { PedidoPainel } from '@rango/domain/painel';
import { useEffect, useRef } from 'react';

export function useChegadas(
  aguardando: readonly PedidoPainel[],
  carregada: boolean,
  aoChegar: (p: PedidoPainel) => void,
): void {
  const conhecidos = useRef<Set<number> | null>(null);
  const cb = useRef(aoChegar);
  useEffect(() => {
    cb.current = aoChegar;
  });
  useEffect(() => {
    if (!carregada) return;
    if (conhecidos.current === null) {
      conhecidos.current = new Set(aguardando.map((p) => p.id));
      return;
    }
    for (const p of aguardando) {
      if (conhecidos.current.has(p.id)) continue;
      conhecidos.current.add(p.id);
      cb.current(p);
    }
  }, [aguardando, carregada]);
}
