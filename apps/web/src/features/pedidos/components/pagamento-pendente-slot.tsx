import type { PedidoDetalhe } from '../lib/pedido-json.ts';

/**
 * SLOT for issue 5 (online payments, spec section 4): the pending debit panel (status 10 with a
 * transaction url: the 3-D Secure iframe modal, re-checked on close or when
 * /aguardando-pagamento posts its message) and the pending PIX panel (status 10 and the first
 * payment's type 200: QR code, copy button, 10 s poll). The tracking page already renders this
 * where those panels go, above the timeline; until then it shows nothing (no order of this issue
 * reaches status 10: payment on delivery only).
 */
export function PagamentoPendenteSlot(_props: { pedido: PedidoDetalhe }) {
  return null;
}
