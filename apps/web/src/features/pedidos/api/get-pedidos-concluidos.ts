import { PEDIDOS_PAGE_SIZE, pedidosPaginaSchema, type PedidosPagina } from '@rango/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /controle/pedido/?pendentes=false&limit=10&offset=N — page 0 is the first (spec section 2). */
export function getPedidosConcluidos(page: number, signal?: AbortSignal): Promise<PedidosPagina> {
  const offset = page * PEDIDOS_PAGE_SIZE;
  return apiGet(
    `/controle/pedido/?pendentes=false&limit=${PEDIDOS_PAGE_SIZE}&offset=${offset}`,
    pedidosPaginaSchema,
    signal,
  );
}

export const getPedidosConcluidosQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...PEDIDOS_KEY, 'concluidos'] as const,
    queryFn: ({ pageParam, signal }) => getPedidosConcluidos(pageParam, signal),
    initialPageParam: 0,
    // Finished orders do not change; switching tabs keeps the pages read (a tracking page that
    // sees an order finish invalidates this list).
    staleTime: 5 * 60_000,
    // The server says whether there is more (`next`); the pages are numbered from 0.
    getNextPageParam: (last: PedidosPagina, _all, lastPage: number) => (last.next ? lastPage + 1 : undefined),
  });

/** Mounted only once the 'Concluídos' tab is first opened: that is the lazy load. */
export function usePedidosConcluidos() {
  return useInfiniteQuery(getPedidosConcluidosQueryOptions());
}
