import { ActionIcon, Anchor, Container, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CartButton } from '../../features/carrinho/index.ts';
import { AccountControl } from '../../features/conta/index.ts';
import { PedidosLink } from '../../features/pedidos/index.ts';
import { Logo } from '../../shared/components/logo.tsx';
import { getVisitedEstablishmentPath } from '../../storage/index.ts';
import { AddressPicker } from './address-picker.tsx';
import classes from './layout.module.css';
import { useBack } from './use-back.ts';

/** Spec section 2: the logo on home and establishment pages, a back button everywhere else. */
function showsLogo(pathname: string): boolean {
  return pathname === paths.home || pathname.startsWith('/estabelecimento/');
}

function BrandOrBack() {
  const { pathname } = useLocation();
  const back = useBack();
  if (!showsLogo(pathname)) {
    return (
      <ActionIcon variant="subtle" color="gray" size="lg" onClick={back} aria-label="Voltar">
        <IconArrowLeft size={22} aria-hidden="true" />
      </ActionIcon>
    );
  }
  // On a restaurant's page the logo leads back to that restaurant's menu, the customer's home here.
  const destino = getVisitedEstablishmentPath() ?? paths.home;
  return (
    <Anchor
      component={Link}
      to={destino}
      aria-label={destino === paths.home ? 'Rango, página inicial' : 'Rango, voltar ao cardápio'}
      underline="never"
    >
      <Logo />
    </Anchor>
  );
}

export function Header() {
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        {/* Below 768 px: brand or back, the address shortcut and the account control; the cart and
            orders live in the bottom bar. */}
        <Group className={classes.headerInner} justify="space-between" wrap="nowrap" hiddenFrom="sm">
          <BrandOrBack />
          <Group gap={4} wrap="nowrap">
            <AddressPicker compact />
            <AccountControl compact />
          </Group>
        </Group>
        <Group className={classes.headerInner} justify="space-between" wrap="nowrap" visibleFrom="sm">
          <Group gap="lg" wrap="nowrap">
            <BrandOrBack />
            <AddressPicker />
          </Group>
          <Group gap="xs" wrap="nowrap" component="nav" aria-label="Conta e pedidos">
            {/* Orders are a customer's: a visitor (and the prerendered shell) has no icon. */}
            <PedidosLink variant="desktop" />
            <CartButton variant="desktop" />
            <AccountControl />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
