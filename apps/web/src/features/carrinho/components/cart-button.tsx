import { ActionIcon, Indicator, Text, UnstyledButton } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { cartSubtotal, cartUnits, openCartDrawer, useCart } from '../../../stores/cart.ts';
import classes from './cart.module.css';
import { showEmptyCartNotice } from './empty-cart-notice.ts';

/** The button's name; the mobile variant also shows the subtotal, so its name includes it (WCAG 2.5.3). */
export function cartButtonLabel(units: number, subtotal?: string): string {
  const base = `Carrinho, ${units} ${units === 1 ? 'item' : 'itens'}`;
  return subtotal ? `${base}, ${subtotal}` : base;
}

function onCartClick(units: number): void {
  // Spec section 2: an empty cart answers with a notification instead of an empty drawer.
  if (units === 0) showEmptyCartNotice();
  else openCartDrawer();
}

/** Cart icon with the item-count badge; opens the cart drawer. `variant` fits the header it sits in. */
export function CartButton({ variant = 'desktop' }: { variant?: 'desktop' | 'mobile' }) {
  const cart = useCart();
  const units = cartUnits(cart);
  const label = cartButtonLabel(units);

  if (variant === 'mobile') {
    const subtotal = units === 0 ? undefined : formatBRL(cartSubtotal(cart));
    return (
      <UnstyledButton
        className={classes.mobileButton}
        aria-label={cartButtonLabel(units, subtotal)}
        onClick={() => onCartClick(units)}
      >
        <Indicator label={units} size={18} disabled={units === 0} offset={2} color="brasa">
          <IconShoppingCart size={26} stroke={1.7} aria-hidden />
        </Indicator>
        <Text component="span" size="sm" fw={600}>
          {subtotal ?? 'Carrinho'}
        </Text>
      </UnstyledButton>
    );
  }

  // The badge sits inside the button so the count is part of what is clicked and read.
  return (
    <ActionIcon variant="subtle" size="xl" aria-label={label} onClick={() => onCartClick(units)}>
      <Indicator label={units} size={18} disabled={units === 0} offset={2} color="brasa">
        <IconShoppingCart size={26} stroke={1.7} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
