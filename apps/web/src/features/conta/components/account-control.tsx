import { Button } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useCliente } from '../../../api/cliente.ts';
import { paths } from '../../../config/paths.ts';
import { useIsLoggedIn } from '../../../stores/session.ts';
import { UserMenuTarget } from './user-menu-target.tsx';

const UserMenu = lazy(() => import('./user-menu.tsx'));

/** 'Olá, Ana' from the customer's name ('Olá!' until it arrives or when it has none). */
export function saudacao(nome: string | null | undefined): string {
  const primeiro = nome?.trim().split(/\s+/)[0];
  return primeiro ? `Olá, ${primeiro}` : 'Olá!';
}

function LoggedIn({ compact }: { compact: boolean }) {
  // A 401 that survives the refresh has already ended the session (lib/api-client.ts); any
  // other failure keeps it, and the greeting just stays 'Olá!'.
  const cliente = useCliente();
  const texto = saudacao(cliente.data?.nomeourazaosocial);
  return (
    <Suspense fallback={<UserMenuTarget saudacao={texto} compact={compact} />}>
      <UserMenu saudacao={texto} compact={compact} />
    </Suspense>
  );
}

/** The header's account control (spec section 2): the user menu when logged in, else 'Entrar'. */
export function AccountControl({ compact = false }: { compact?: boolean }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn) return <LoggedIn compact={compact} />;
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
