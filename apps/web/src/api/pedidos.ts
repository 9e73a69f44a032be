/**
 * The customer's pending orders (GET /controle/pedido/?pendentes=true), shared by the shell's
 * orders badge, the pending-payment notice and the 'Pendentes' tab of /pedido, so one query key
 * serves all. Only lazily loaded chunks import this module: the order schemas stay out of the
 * menu route's entry JS.
 *
 * Every key starts with 'pedidos': a customer's data, dropped on logout or another login
 * (lib/customer-queries.ts treats every key but the public ones that way).
 */
import { pedidosPendentesSchema, type PedidoFetched } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { useIsLoggedIn } from '../stores/session.ts';

/** The root of every order query: invalidating it refreshes lists, badge and tracking pages. */
export const PEDIDOS_KEY = ['pedidos'] as const;

/** Ours: how often the badge re-reads the pending orders while a customer is logged in. */
export const PENDENTES_POLL_MS = 60_000;

export function getPedidosPendentes(signal?: AbortSignal): Promise<PedidoFetched[]> {
  return apiGet('/controle/pedido/?pendentes=true', pedidosPendentesSchema, signal);
}

export const getPedidosPendentesQueryOptions = () =>
  queryOptions({
    queryKey: [...PEDIDOS_KEY, 'pendentes'] as const,
    queryFn: ({ signal }) => getPedidosPendentes(signal),
    // Orders move on the restaurant's side: a screen opened later asks again; the badges and the
    // notice that mount together share one answer.
    staleTime: 10_000,
  });

/**
 * The pending orders while logged in (disabled for a visitor). Re-read every minute while the tab
 * is visible, so the badge follows a new order or one the restaurant finished.
 */
export function usePedidosPendentes() {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    ...getPedidosPendentesQueryOptions(),
    enabled: loggedIn,
    refetchInterval: PENDENTES_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
