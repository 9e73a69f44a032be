import { Group } from '@mantine/core';
import { CartButton } from '../../features/carrinho/index.ts';
import classes from './layout.module.css';

/**
 * Below 768 px the cart badge sits in a fixed bar at the bottom, within thumb reach. The orders
 * badge (pending orders of a logged-in customer, linking to /pedido/) joins it in the accounts
 * slice, to the left of the cart.
 */
export function MobileBottomBar() {
  return (
    <Group
      component="nav"
      aria-label="Carrinho e pedidos"
      className={classes.bottomBar}
      hiddenFrom="sm"
      justify="flex-end"
      px="md"
      gap="md"
      wrap="nowrap"
    >
      {/* Slot: orders badge for logged-in customers (accounts slice). */}
      <CartButton variant="mobile" />
    </Group>
  );
}
