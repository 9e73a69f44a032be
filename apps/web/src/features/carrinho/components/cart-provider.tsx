import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useCartDrawer, useReplaceCartRequest } from '../../../stores/cart.ts';

// Neither is needed before the customer opens it: each is its own chunk, loaded on first open
// and kept mounted afterwards (so the closing transition still plays).
const CartDrawer = lazy(() => import('./cart-drawer.tsx').then((m) => ({ default: m.CartDrawer })));
const ReplaceCartModal = lazy(() =>
  import('./replace-cart-modal.tsx').then((m) => ({ default: m.ReplaceCartModal })),
);

/** True from the first time `opened` is true. */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * Renders its children plus the cart drawer and the replace-cart confirmation modal. Mounted
 * once by the shell, inside the router (the drawer navigates to checkout and to item edit).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const drawer = useOpenedOnce(useCartDrawer().opened);
  const replace = useOpenedOnce(useReplaceCartRequest().opened);
  return (
    <>
      {children}
      {drawer && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
      {replace && (
        <Suspense fallback={null}>
          <ReplaceCartModal />
        </Suspense>
      )}
    </>
  );
}
