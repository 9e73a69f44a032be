// The lazily loaded half of the orders badge: the pending-orders query and its schemas.
import { usePedidosPendentes } from '../../../api/pedidos.ts';
import { PedidosLinkView, type PedidosLinkVariant } from './pedidos-link-view.tsx';

export function PedidosContagem({ variant }: { variant: PedidosLinkVariant }) {
  // A failed read shows no count rather than a wrong one; the next poll tries again.
  const pendentes = usePedidosPendentes();
  return <PedidosLinkView variant={variant} pendentes={pendentes.data?.length ?? 0} />;
}
