// The lazily loaded half of the orders badge: the pending-orders query and its schemas. It renders
// through the entry's `render` instead of importing the link itself: a lazy chunk that imports
// entry modules makes the bundler split shared Mantine code out of the menu route's entry.
import type { ReactNode } from 'react';
import { usePedidosPendentes } from '../../../api/pedidos.ts';

export function PedidosContagem({ render }: { render: (pendentes: number) => ReactNode }) {
  // A failed read shows no count rather than a wrong one; the next poll tries again.
  const pendentes = usePedidosPendentes();
  return render(pendentes.data?.length ?? 0);
}
