/**
 * The delivery estimate the customer saw on the menu (issue 14): the fee and the free-delivery
 * minimum for the chosen address or the typed CEP, before any checkout. Written by the menu's
 * 'Entrega' panel, read by the cart drawer for 'Faltam R$ … para entrega grátis'. Memory only:
 * the checkout still asks for and agrees the real fee of the saved address.
 */
import { useSyncExternalStore } from 'react';

export interface EntregaEstimada {
  idEstabelecimento: number;
  /** Null: no delivery there (pickup). */
  taxaCents: number | null;
  /** Free delivery from this subtotal (cents), or null. */
  abonoCents: number | null;
}

const listeners = new Set<() => void>();
let atual: EntregaEstimada | null = null;

export function getEntregaEstimada(): EntregaEstimada | null {
  return atual;
}

export function setEntregaEstimada(valor: EntregaEstimada | null): void {
  if (
    valor === atual ||
    (valor !== null &&
      atual !== null &&
      valor.idEstabelecimento === atual.idEstabelecimento &&
      valor.taxaCents === atual.taxaCents &&
      valor.abonoCents === atual.abonoCents)
  )
    return;
  atual = valor;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useEntregaEstimada(): EntregaEstimada | null {
  return useSyncExternalStore(subscribe, getEntregaEstimada, () => null);
}
