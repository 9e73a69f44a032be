// In the shell's entry JS, kept small: the pending-orders query, the order schemas and the
// notice come with one lazily loaded chunk, only for a logged-in customer.
import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '../../../stores/session.ts';
import { PedidosLinkView, type PedidosLinkVariant } from './pedidos-link-view.tsx';

const chunk = () => import('./pedidos-logado.tsx');
const PedidosContagem = lazy(() => chunk().then((m) => ({ default: m.PedidosContagem })));
const AvisosLogado = lazy(() => chunk().then((m) => ({ default: m.AvisosLogado })));

/**
 * Spec section 2: the orders icon (header, tooltip 'Meus Pedidos') or the bottom bar's orders
 * badge, for a logged-in customer only, with the pending-orders count.
 */
export function PedidosLink({ variant }: { variant: PedidosLinkVariant }) {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  const view = (pendentes: number) => <PedidosLinkView variant={variant} pendentes={pendentes} />;
  return (
    <Suspense fallback={view(0)}>
      <PedidosContagem render={view} />
    </Suspense>
  );
}

/**
 * Spec section 4: the pending-payment notice, and (issue 11) the live stream of the customer's
 * orders, mounted once by the shell for a logged-in customer.
 */
export function PedidosAvisos() {
  return useIsLoggedIn() ? (
    <Suspense fallback={null}>
      <AvisosLogado />
    </Suspense>
  ) : null;
}
