import { Group } from '@mantine/core';
import { CartButton } from '../../features/carrinho/index.ts';
import { PedidosLink } from '../../features/pedidos/index.ts';
import { useIsLoggedIn } from '../../stores/session.ts';
import classes from './layout.module.css';

/**
 * Below 768 px the cart badge sits in a fixed bar at the bottom, within thumb reach; a logged-in
 * customer also gets the orders badge (linking to /pedido/, with the pending-orders count) to its
 * left.
 */
export function MobileBottomBar() {
  const loggedIn = useIsLoggedIn();
  return (
    <Group
      component="nav"
      aria-label="Carrinho e pedidos"
      className={classes.bottomBar}
      hiddenFrom="sm"
      justify={loggedIn ? 'space-between' : 'flex-end'}
      px="md"
      gap="md"
      wrap="nowrap"
    >
      <PedidosLink variant="mobile" />
      <CartButton variant="mobile" />
    </Group>
  );
}
