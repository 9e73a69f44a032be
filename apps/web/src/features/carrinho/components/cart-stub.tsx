import type { ReactNode } from 'react';

/** Cart icon with the item-count badge; opens the cart drawer. `variant` fits the header it sits in. */
export function CartButton(_props: { variant?: 'desktop' | 'mobile' }) {
  return null;
}

/** Renders its children plus the cart drawer and the replace-cart confirmation modal. */
export function CartProvider({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
