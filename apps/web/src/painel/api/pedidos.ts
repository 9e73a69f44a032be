/**
 * The panel's order calls (issue 11): the queue's list, one order, a status move, the receipt.
 * The queue keeps its own store (features/fila/lib/fila-store.ts) because live events and list
 * reads race; these are the plain fetchers it and the detail use.
 */
import {
  painelStatusRespostaSchema,
  pedidoPainelSchema,
  pedidosPainelSchema,
  type PainelStatusInput,
  type PainelStatusResposta,
  type PedidoPainel,
  type PedidosPainel,
} from '@rango/domain/painel';
import { estPath, painelGet, painelGetText, painelPost, painelPut } from './client.ts';

/** GET …/pedidos/: open orders (scheduled included) and those finished today, with the last event id. */
export const getPedidosPainel = (idest: number, signal?: AbortSignal): Promise<PedidosPainel> =>
  painelGet(estPath(idest, 'pedidos/'), pedidosPainelSchema, signal);

/** GET …/pedido/{id}/: one order as it is now (after an event said it changed). */
export const getPedidoPainel = (
  idest: number,
  idpedido: number,
  signal?: AbortSignal,
): Promise<PedidoPainel> => painelGet(estPath(idest, `pedido/${idpedido}/`), pedidoPainelSchema, signal);

/**
 * POST …/pedido/{id}/status/: the server applies the transition rules (409 with the reason when
 * the move is not allowed any more, e.g. another tablet moved it first).
 */
export const moverPedidoPainel = (
  idest: number,
  idpedido: number,
  input: PainelStatusInput,
): Promise<PainelStatusResposta> =>
  painelPost(estPath(idest, `pedido/${idpedido}/status/`), input, painelStatusRespostaSchema);

/**
 * PUT …/pedido/{id}/previsao/: an accepted order's new estimate, minutes from now (409 once the
 * order is not accepted any more); the customer is told once. The queue re-reads it on the event.
 */
export const alterarPrevisaoPainel = (
  idest: number,
  idpedido: number,
  minutos: number,
): Promise<PedidoPainel> =>
  painelPut(
    estPath(idest, `pedido/${idpedido}/previsao/`),
    { previsao_minutos: minutos },
    pedidoPainelSchema,
  );

/** GET …/pedido/{id}/cupom/: the 80 mm receipt's HTML (needs the token, so not a plain link). */
export const getCupomPainel = (idest: number, idpedido: number, signal?: AbortSignal): Promise<string> =>
  painelGetText(estPath(idest, `pedido/${idpedido}/cupom/`), signal);
