import { avaliacaoDoPedidoSchema, avaliacaoSchema } from '@rango/domain';
import type { Avaliacao, AvaliacaoInput } from '@rango/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { apiGet, apiRequest } from '../../../lib/api-client.ts';

const url = (id: number) => `/api/pedido/${id}/avaliacao/`;

/** GET /api/pedido/{id}/avaliacao/ (issue 22): the customer's rating of the order, null while none. */
export const getAvaliacaoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PEDIDOS_KEY, 'avaliacao', id] as const,
    queryFn: ({ signal }): Promise<Avaliacao | null> => apiGet(url(id), avaliacaoDoPedidoSchema, signal),
    staleTime: 60_000,
  });

export function useAvaliacao(id: number, enabled: boolean) {
  return useQuery({ ...getAvaliacaoQueryOptions(id), enabled });
}

/** PUT /api/pedido/{id}/avaliacao/: rates the order, or replaces its rating (7 days). */
export function useAvaliar(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AvaliacaoInput) =>
      apiRequest(url(id), avaliacaoSchema, { method: 'PUT', body: input }),
    onSuccess: (avaliacao) => queryClient.setQueryData(getAvaliacaoQueryOptions(id).queryKey, avaliacao),
  });
}
