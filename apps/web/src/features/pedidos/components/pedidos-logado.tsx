// The lazily loaded chunk of a logged-in customer's order indicators: the pending-orders query,
// the order schemas, the badge count, the pending-payment notice and the live stream.
import { AvisoPagamentoPendente } from './aviso-pagamento-pendente.tsx';
import { ClienteAoVivo } from './cliente-ao-vivo.tsx';

export { PedidosContagem } from './pedidos-contagem.tsx';

/**
 * Mounted once by the shell for a logged-in customer: the pending-payment notice (spec section 4)
 * and the live stream of the customer's orders (issue 11). One export, so the shell's entry JS
 * names one component of this chunk, not two.
 */
export function AvisosLogado() {
  return (
    <>
      <AvisoPagamentoPendente />
      <ClienteAoVivo />
    </>
  );
}
