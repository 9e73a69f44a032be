/**
 * Whether this tab's live stream of the customer's orders is open (issue 11). While it is, the
 * tracking page hears every change at once and polls only as a safety net; when it is not
 * (unavailable, offline, blocked by a proxy), the spec's 15 s polling carries on. Tiny on
 * purpose: the tracking page's chunk reads it, the logged-in chunk writes it.
 */
import { useSyncExternalStore } from 'react';

let aberto = false;
const ouvintes = new Set<() => void>();

export const isAoVivo = (): boolean => aberto;

export function setAoVivo(valor: boolean): void {
  if (valor === aberto) return;
  aberto = valor;
  for (const f of ouvintes) f();
}

const subscribe = (f: () => void) => {
  ouvintes.add(f);
  return () => ouvintes.delete(f);
};

export const useAoVivo = (): boolean => useSyncExternalStore(subscribe, isAoVivo, isAoVivo);
