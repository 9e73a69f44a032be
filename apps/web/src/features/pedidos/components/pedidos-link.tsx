// In the shell's entry JS: a few hundred bytes. The pending-orders query (and the order schemas)
// come with the lazily loaded count, only for a logged-in customer.
import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '../../../stores/session.ts';
import { PedidosLinkView, type PedidosLinkVariant } from './pedidos-link-view.tsx';

// One chunk for both: the badges and the notice share the query and arrive together.
const PedidosContagem = lazy(() =>
  import('./pedidos-logado.ts').then((m) => ({ default: m.PedidosContagem })),
);
const AvisoPagamentoPendente = lazy(() =>
  import('./pedidos-logado.ts').then((m) => ({ default: m.AvisoPagamentoPendente })),
);

/**
 * Spec section 2: the orders icon (header, tooltip 'Meus Pedidos') or the bottom bar's orders
 * badge, for a logged-in customer only, with the pending-orders count.
 */
export function PedidosLink({ variant }: { variant: PedidosLinkVariant }) {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  return (
    <Suspense fallback={<PedidosLinkView variant={variant} pendentes={0} />}>
      <PedidosContagem variant={variant} />
    </Suspense>
  );
}

/** Spec section 4: the pending-payment notice, mounted once by the shell for a logged-in customer. */
export function PedidosAvisos() {
  const loggedIn = useIsLoggedIn();
  if (!loggedIn) return null;
  return (
    <Suspense fallback={null}>
      <AvisoPagamentoPendente />
    </Suspense>
  );
}
