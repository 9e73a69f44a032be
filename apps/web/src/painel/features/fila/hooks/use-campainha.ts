/**
 * The new-order bell: rings at once and again every few seconds while any order waits for
 * someone to acknowledge it, and stops the moment the last one is acknowledged. Any click or key
 * on the page unlocks audio (browsers require one); the banner asks for it explicitly.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Campainha, type SomPainel } from '../lib/som.ts';

/** Seconds between rings while an order waits. */
export const INTERVALO_TOQUE_MS = 4000;

export function useCampainha(criar?: () => Campainha) {
  const [campainha] = useState(() => (criar ? criar() : new Campainha()));
  const liberado = useSyncExternalStore(
    useCallback((cb: () => void) => campainha.subscribe(cb), [campainha]),
    () => campainha.liberado,
  );
  const disponivel = campainha.disponivel;

  useEffect(() => {
    if (liberado || !disponivel) return;
    const gesto = () => void campainha.liberar();
    document.addEventListener('pointerdown', gesto, true);
    document.addEventListener('keydown', gesto, true);
    return () => {
      document.removeEventListener('pointerdown', gesto, true);
      document.removeEventListener('keydown', gesto, true);
    };
  }, [campainha, liberado, disponivel]);

  useEffect(() => () => campainha.fechar(), [campainha]);

  const tocar = useCallback((som: SomPainel) => campainha.tocar(som), [campainha]);
  const liberar = useCallback(() => campainha.liberar(), [campainha]);
  return { disponivel, liberado, liberar, tocar };
}

/** Rings `tocar('novo')` now and every INTERVALO_TOQUE_MS while `tocando` (and audio is unlocked). */
export function useToqueContinuo(tocando: boolean, liberado: boolean, tocar: (s: SomPainel) => void) {
  useEffect(() => {
    if (!tocando || !liberado) return;
    tocar('novo');
    const t = setInterval(() => tocar('novo'), INTERVALO_TOQUE_MS);
    return () => clearInterval(t);
  }, [tocando, liberado, tocar]);
}
