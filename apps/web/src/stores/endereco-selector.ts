/**
 * A request to open the address selector from outside the header (the checkout's 'Escolher
 * endereço'). The selector belongs to the header's picker (feature cliente, its own chunk); a
 * page asks through this store instead of importing another feature.
 */
import { useSyncExternalStore } from 'react';

let aberto = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (aberto === next) return;
  aberto = next;
  for (const l of listeners) l();
}

/** Opens the header's 'Escolha o endereço de entrega' selector. */
export function openEnderecoSelector(): void {
  set(true);
}

/** The selector closed (chosen, cancelled): the request is done. */
export function closeEnderecoSelector(): void {
  set(false);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

const get = () => aberto;

/** Whether a page asked for the selector. */
export function useEnderecoSelectorPedido(): boolean {
  return useSyncExternalStore(subscribe, get, () => false);
}
