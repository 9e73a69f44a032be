import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CartButton } from '../../features/carrinho/index.ts';
import { useIsLoggedIn } from '../../stores/session.ts';
import classes from './layout.module.css';

/**
 * Below 768 px the cart badge sits in a fixed bar at the bottom, within thumb reach; a logged-in
 * customer also gets the orders badge (linking to /pedido/) to its left. The pending-orders
 * count joins it with the orders slice.
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
      {loggedIn ? (
        <UnstyledButton component={Link} to={paths.pedidos} className={classes.ordersButton}>
          <IconReceipt size={26} stroke={1.7} aria-hidden="true" />
          <Text component="span" size="sm" fw={600}>
            Meus Pedidos
          </Text>
        </UnstyledButton>
      ) : null}
      <CartButton variant="mobile" />
    </Group>
  );
}
