/** GET …/pedido/{id}/mensagens/: what the customer was sent about the order (the order drawer). */
import { mensagensDoPedidoSchema, type MensagensDoPedido } from '@rango/domain/painel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { estPath, painelGet } from './client.ts';

export const getMensagensDoPedido = (
  idest: number,
  idpedido: number,
  signal?: AbortSignal,
): Promise<MensagensDoPedido> =>
  painelGet(estPath(idest, `pedido/${idpedido}/mensagens/`), mensagensDoPedidoSchema, signal);

export const getMensagensDoPedidoQueryOptions = (idest: number, idpedido: number) =>
  queryOptions({
    queryKey: ['painel', idest, 'pedido', idpedido, 'mensagens'] as const,
    queryFn: ({ signal }) => getMensagensDoPedido(idest, idpedido, signal),
    // A message's state moves without an event of its own (sent, delivered, read): read it again
    // while the drawer is open.
    refetchInterval: 15_000,
  });

export const useMensagensDoPedido = (idest: number, idpedido: number) =>
  useQuery(getMensagensDoPedidoQueryOptions(idest, idpedido));
