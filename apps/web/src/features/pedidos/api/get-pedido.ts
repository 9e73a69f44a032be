import { currentStatus, isFinalizado, pedidoFetchedSchema } from '@rango/domain';
import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { isAoVivo } from '../../../api/ao-vivo.ts';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';
import { PedidoIlegivelError, parsePedidoJson, type PedidoDetalhe } from '../lib/pedido-json.ts';

/** Spec section 9: the tracking page asks again every 15 s. */
export const PEDIDO_POLL_MS = 15_000;
/** With the live stream open (issue 11) changes arrive at once; this is only a safety net. */
export const PEDIDO_POLL_AO_VIVO_MS = 60_000;

/** GET /controle/pedido/{id}/ — the order with its `pedido` text parsed (pedido_json). */
export async function getPedido(id: number, signal?: AbortSignal): Promise<PedidoDetalhe> {
  const pedido = await apiGet(`/controle/pedido/${id}/`, pedidoFetchedSchema, signal);
  return { ...pedido, pedido_json: parsePedidoJson(pedido) };
}

export const getPedidoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PEDIDOS_KEY, 'detalhe', id] as const,
    queryFn: ({ signal }) => getPedido(id, signal),
    staleTime: 0,
  });

/** Not worth asking again: another customer's or no order (404), or a text we cannot read. */
export const isDefinitivo = (error: unknown): boolean =>
  error instanceof PedidoIlegivelError || (error instanceof ApiError && error.status === 404);

/**
 * Spec section 4: every 15 s until Concluído or Cancelado; every minute while the live stream is
 * open (it brings each change at once). TanStack pauses the interval while the
 * tab is hidden (refetchIntervalInBackground false) and asks again when it shows (focus refetch).
 */
export function pedidoRefetchInterval(query: Pick<Query<PedidoDetalhe>, 'state'>): number | false {
  const { data, error } = query.state;
  if (data && isFinalizado(currentStatus(data.historico))) return false;
  if (!data && isDefinitivo(error)) return false;
  return isAoVivo() ? PEDIDO_POLL_AO_VIVO_MS : PEDIDO_POLL_MS;
}

export function usePedido(id: number) {
  return useQuery({
    ...getPedidoQueryOptions(id),
    refetchInterval: pedidoRefetchInterval,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
}
