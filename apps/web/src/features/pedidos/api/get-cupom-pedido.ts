import { queryOptions, useQuery } from '@tanstack/react-query';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { apiGetText } from '../../../lib/api-client.ts';

/**
 * GET /controle/pedido/{id}/cupom/ — the receipt's HTML. It needs the Bearer token, so it is
 * fetched through the API client (a plain link or iframe src would go without it).
 */
export function getCupomPedido(id: number, signal?: AbortSignal): Promise<string> {
  return apiGetText(`/controle/pedido/${id}/cupom/`, signal);
}

export const getCupomPedidoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PEDIDOS_KEY, 'cupom', id] as const,
    queryFn: ({ signal }) => getCupomPedido(id, signal),
    staleTime: 0,
  });

/** The receipt, asked for only while its modal is open. */
export function useCupomPedido(id: number, enabled: boolean) {
  return useQuery({ ...getCupomPedidoQueryOptions(id), enabled });
}
