import { Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useIsLoggedIn } from '../../../stores/session.ts';
import classes from './account-control.module.css';

const AccountLoggedIn = lazy(() => import('./account-logged-in.tsx'));

/** The header's account control (spec section 2): the user menu when logged in, else 'Entrar'. */
export function AccountControl({ compact = false }: { compact?: boolean }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) {
    return (
      // The greeting's chunk is a few hundred bytes; until it arrives its place is kept empty
      // (the button's own code stays out of a visitor's first load).
      <Suspense fallback={<span className={compact ? classes.reservaCompacta : classes.reserva} />}>
        <AccountLoggedIn compact={compact} />
      </Suspense>
    );
  }
  return compact ? (
    <Button component={Link} to={paths.login} variant="light" size="sm">
      Entrar
    </Button>
  ) : (
    <Button component={Link} to={paths.login}>
      Entrar
    </Button>
  );
}
