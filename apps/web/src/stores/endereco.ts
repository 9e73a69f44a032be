/**
 * The chosen delivery address (spec sections 2, 3, 6): a visitor's local address or the
 * customer's chosen one, in localStorage `endereco`. An external store like the session's, so
 * the header's picker, the selector modal and the checkout read one value without a provider;
 * other tabs follow through the `storage` event.
 */
import { enderecoLocalSchema, type EnderecoLocal } from '@rango/domain';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { getJson, getString, removeKey, setJson } from '../storage/storage.ts';

export type { EnderecoLocal };

const listeners = new Set<() => void>();
let raw: string | null = null;
let current: EnderecoLocal | null = null;

/**
 * Storage is the truth: the snapshot re-parses only when the stored text changed, so code that
 * removes the key directly (logout, the version check) is seen at the next render.
 */
function read(): EnderecoLocal | null {
  const now = getString(STORAGE_KEYS.endereco);
  if (now !== raw) {
    raw = now;
    current = getJson(STORAGE_KEYS.endereco, enderecoLocalSchema);
  }
  return current;
}

function emit(): void {
  for (const l of listeners) l();
}

export function getEnderecoEscolhido(): EnderecoLocal | null {
  return read();
}

/** Stores `endereco` as the chosen address (with its server id once saved, and its point). */
export function setEnderecoEscolhido(endereco: EnderecoLocal): void {
  setJson(STORAGE_KEYS.endereco, endereco);
  // Storage blocked: the address still holds for this page's life.
  if (getString(STORAGE_KEYS.endereco) === null) current = endereco;
  else read();
  emit();
}

/** Forgets the chosen address ('Limpar', a geocoding failure, logout). */
export function clearEnderecoEscolhido(): void {
  removeKey(STORAGE_KEYS.endereco);
  raw = null;
  current = null;
  emit();
}

/** Re-reads storage: for code that wrote or removed the key directly (logout, version check). */
export function reloadEnderecoEscolhido(): void {
  read();
  emit();
}

export function subscribeEndereco(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.endereco) reloadEnderecoEscolhido();
  });
}

// The prerendered shell is a visitor without an address: the server snapshot is null.
const serverSnapshot = () => null;

export function useEnderecoEscolhido(): EnderecoLocal | null {
  return useSyncExternalStore(subscribeEndereco, getEnderecoEscolhido, serverSnapshot);
}

/** The picker's short text: 'Rua Haddock Lobo, 595'. */
export const enderecoCurto = (e: Pick<EnderecoLocal, 'rua' | 'numero'>): string => `${e.rua}, ${e.numero}`;
