import { pedidoCriadoSchema, type PedidoCriado, type PedidoInput } from '@rango/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/estabelecimento/{id}/pedido/ — places the order; 201 {id, referencia}. */
export function criarPedido(pedido: PedidoInput): Promise<PedidoCriado> {
  return apiPost(
    `/api/estabelecimento/${pedido.deliveryestabelecimento_id}/pedido/`,
    pedido,
    pedidoCriadoSchema,
  );
}

export function useCriarPedido() {
  return useMutation({ mutationFn: criarPedido });
}
