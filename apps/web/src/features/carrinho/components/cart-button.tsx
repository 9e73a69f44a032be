import { ActionIcon, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatBRL } from '@rango/domain';
import { IconShoppingCart } from '@tabler/icons-react';
import { cartSubtotal, cartUnits, openCartDrawer, useCart } from '../../../stores/cart.ts';
import classes from './cart.module.css';
import { showEmptyCartNotice } from './empty-cart-notice.ts';

export function cartButtonLabel(units: number): string {
  return `Carrinho, ${units} ${units === 1 ? 'item' : 'itens'}`;
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

  if (variant === 'mobile') {
    const subtotal = units === 0 ? null : formatBRL(cartSubtotal(cart));
    // Named by its content, not aria-label: what it shows (count, subtotal) is what it is
    // called, 'Carrinho, 2 itens, R$ 45,80' (WCAG 2.5.3, axe label-content-name-mismatch).
    return (
      <UnstyledButton className={classes.mobileButton} onClick={() => onCartClick(units)}>
        <VisuallyHidden>Carrinho, </VisuallyHidden>
        <Indicator label={units} size={18} disabled={units === 0} offset={2} color="brasa">
          <IconShoppingCart size={26} stroke={1.7} aria-hidden />
        </Indicator>
        {units === 0 ? (
          <>
            <VisuallyHidden>0 itens</VisuallyHidden>
            <Text component="span" size="sm" fw={600} aria-hidden>
              Carrinho
            </Text>
          </>
        ) : (
          <>
            <VisuallyHidden>{units === 1 ? ' item, ' : ' itens, '}</VisuallyHidden>
            <Text component="span" size="sm" fw={600}>
              {subtotal}
            </Text>
          </>
        )}
      </UnstyledButton>
    );
  }

  // The badge sits inside the button so the count is part of what is clicked and read.
  return (
    <ActionIcon
      variant="subtle"
      size="xl"
      aria-label={cartButtonLabel(units)}
      onClick={() => onCartClick(units)}
    >
      <Indicator label={units} size={18} disabled={units === 0} offset={2} color="brasa">
        <IconShoppingCart size={26} stroke={1.7} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
