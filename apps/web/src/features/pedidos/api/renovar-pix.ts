import { pedidoFetchedSchema } from '@rango/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { parsePedidoJson, type PedidoDetalhe } from '../lib/pedido-json.ts';
import { getPedidoQueryOptions } from './get-pedido.ts';

/** POST /controle/pedido/{id}/pix/renovar/ (issue 14): a new PIX charge; the order as it now is. */
export async function renovarPix(id: number): Promise<PedidoDetalhe> {
  const pedido = await apiRequest(`/controle/pedido/${id}/pix/renovar/`, pedidoFetchedSchema, {
    method: 'POST',
  });
  return { ...pedido, pedido_json: parsePedidoJson(pedido) };
}

/** 'Gerar novo código': the tracking page shows the new code at once (the answer is the order). */
export function useRenovarPix(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => renovarPix(id),
    onSuccess: (pedido) => queryClient.setQueryData(getPedidoQueryOptions(id).queryKey, pedido),
  });
}
