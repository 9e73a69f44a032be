import { STATUS, currentStatus, pedidoStatusSchema, type PedidoStatusAnswer } from '@rango/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PEDIDOS_KEY } from '../../../api/pedidos.ts';
import { apiGet } from '../../../lib/api-client.ts';
import type { PedidoDetalhe } from '../lib/pedido-json.ts';
import { getPedidoQueryOptions } from './get-pedido.ts';

/** GET /api/estabelecimento/{id}/status/{pedido}/ (spec section 7): the status alone, cheap to poll. */
export function getPedidoStatus(
  idEstabelecimento: number,
  id: number,
  signal?: AbortSignal,
): Promise<PedidoStatusAnswer> {
  return apiGet(`/api/estabelecimento/${idEstabelecimento}/status/${id}/`, pedidoStatusSchema, signal);
}

export const getPedidoStatusQueryOptions = (idEstabelecimento: number, id: number) =>
  queryOptions({
    queryKey: [...PEDIDOS_KEY, 'status', id] as const,
    queryFn: ({ signal }) => getPedidoStatus(idEstabelecimento, id, signal),
  });

/**
 * Follows a pending payment's status every `intervalMs` (false: not now) and, when it moved,
 * asks the order again so the whole tracking page (panels, timeline, tag) follows. A failed
 * poll is only retried by the next tick: no error screen, `isError` for a quiet note.
 */
export function usePedidoStatusPoll(
  pedido: Pick<PedidoDetalhe, 'id' | 'deliveryestabelecimento' | 'historico'>,
  intervalMs: number | false,
) {
  const queryClient = useQueryClient();
  const atual = currentStatus(pedido.historico);
  const consulta = useQuery({
    ...getPedidoStatusQueryOptions(pedido.deliveryestabelecimento, pedido.id),
    enabled: intervalMs !== false,
    // The order was just read: the first question is due one interval from now.
    initialData: () => ({ id: pedido.id, status: atual ?? STATUS.PgtoPendente, historico: pedido.historico }),
    staleTime: intervalMs === false ? 0 : intervalMs,
    refetchInterval: intervalMs,
    refetchIntervalInBackground: false,
    // Back from the bank's app (a phone switches apps to pay a PIX): ask at once.
    refetchOnWindowFocus: true,
    retry: false,
  });
  const novo = consulta.data.status;
  const { id } = pedido;
  useEffect(() => {
    // Only while waiting: once the order moved on, the tracking page's own poll follows it.
    if (atual !== STATUS.PgtoPendente || novo === atual) return;
    void queryClient.invalidateQueries({ queryKey: getPedidoQueryOptions(id).queryKey, exact: true });
  }, [queryClient, id, atual, novo]);
  return consulta;
}
