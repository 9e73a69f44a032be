import { useEffect, useRef } from 'react';
import { digitando } from '../lib/teclado.ts';

/**
 * Single-key shortcuts on the document while `ativo`. Never while typing in a field, with a
 * modifier held, or when something else already handled the key. A handler returning false
 * leaves the key alone (its default action stays).
 */
export function useAtalhos(mapa: Record<string, (e: KeyboardEvent) => boolean | void>, ativo: boolean): void {
  const atual = useRef(mapa);
  useEffect(() => {
    atual.current = mapa;
  });
  useEffect(() => {
    if (!ativo) return;
    const aoTeclar = (e: KeyboardEvent) => {
      if (e.defaultPrevented || digitando(e)) return;
      const fn = atual.current[e.key] ?? atual.current[e.key.toLowerCase()];
      if (!fn) return;
      if (fn(e) === false) return;
      e.preventDefault();
    };
    document.addEventListener('keydown', aoTeclar);
    return () => document.removeEventListener('keydown', aoTeclar);
  }, [ativo]);
}
