import { ActionIcon, Anchor, Button, Container, Group } from '@mantine/core';
import { IconArrowLeft, IconReceipt } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CartButton } from '../../features/carrinho/index.ts';
import { HintTooltip } from '../../components/hint-tooltip.tsx';
import { Logo } from '../../components/logo.tsx';
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
        {/* Below 768 px: brand or back, the address shortcut and 'Entrar'; the cart lives in the bottom bar. */}
        <Group className={classes.headerInner} justify="space-between" wrap="nowrap" hiddenFrom="sm">
          <BrandOrBack />
          <Group gap={4} wrap="nowrap">
            <AddressPicker compact />
            <Button component={Link} to={paths.login} variant="light" size="sm">
              Entrar
            </Button>
          </Group>
        </Group>
        <Group className={classes.headerInner} justify="space-between" wrap="nowrap" visibleFrom="sm">
          <Group gap="lg" wrap="nowrap">
            <BrandOrBack />
            <AddressPicker />
          </Group>
          <Group gap="xs" wrap="nowrap" component="nav" aria-label="Conta e pedidos">
            <HintTooltip label="Meus Pedidos">
              <ActionIcon
                component={Link}
                to={paths.pedidos}
                variant="subtle"
                color="gray"
                size="xl"
                aria-label="Meus Pedidos"
              >
                <IconReceipt size={24} aria-hidden="true" />
              </ActionIcon>
            </HintTooltip>
            <CartButton variant="desktop" />
            <Button component={Link} to={paths.login}>
              Entrar
            </Button>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
