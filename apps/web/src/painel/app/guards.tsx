/** The panel's route guards: they read the session store, so a login, logout or expiry re-renders them. */
import { MSG_PAINEL } from '@rango/domain/painel';
import { Alert, Anchor, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PageTitle } from '../components/page-title.tsx';
import { painelPaths } from '../paths.ts';
import { isStaffSessionExpired, useIsStaffLoggedIn } from '../session.ts';
import { useEstabelecimentoAtual } from '../lib/estabelecimento-atual.ts';
import { TITULO_AVISO } from '../components/aviso.ts';

/** Where a login returns to: an in-panel path only (never '//host' or a full URL). */
export function destinoSeguro(de: string | null): string {
  return de && de.startsWith('/') && !de.startsWith('//') && !de.startsWith('/login')
    ? de
    : painelPaths.inicio;
}

/** Signed-in staff only: anyone else goes to the login, which brings them back here. */
export function RequireStaff() {
  const loggedIn = useIsStaffLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) {
    const params = new URLSearchParams();
    if (isStaffSessionExpired()) params.set('motivo', 'sessao-expirada');
    if (pathname !== '/') params.set('de', pathname + search);
    const q = params.toString();
    return <Navigate to={`${painelPaths.login}${q ? `?${q}` : ''}`} replace />;
  }
  return <Outlet />;
}

/** The login and password pages: a signed-in person goes where they were headed. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const loggedIn = useIsStaffLoggedIn();
  const { search } = useLocation();
  if (loggedIn) return <Navigate to={destinoSeguro(new URLSearchParams(search).get('de'))} replace />;
  return children;
}

/** Owner-only pages: an attendant sees why, with a way back to the orders. */
export function RequireDono({ children }: { children: ReactNode }) {
  const { papel, id } = useEstabelecimentoAtual();
  if (papel !== 'dono') {
    return (
      <Stack maw={720} mx="auto" w="100%">
        <PageTitle>Acesso do dono</PageTitle>
        <Alert color="yellow" variant="light" styles={TITULO_AVISO} title={MSG_PAINEL.semPermissao}>
          <Anchor component={Link} to={painelPaths.fila(id)}>
            Voltar para os pedidos
          </Anchor>
        </Alert>
      </Stack>
    );
  }
  return children;
}
