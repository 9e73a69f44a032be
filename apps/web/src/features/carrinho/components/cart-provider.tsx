import type { ReactNode } from 'react';
import { CartDrawer } from './cart-drawer.tsx';
import { ReplaceCartModal } from './replace-cart-modal.tsx';

/**
 * Renders its children plus the cart drawer and the replace-cart confirmation modal. Mounted
 * once by the shell, inside the router (the drawer navigates to checkout and to item edit).
 */
export function CartProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <CartDrawer />
      <ReplaceCartModal />
    </>
  );
}
