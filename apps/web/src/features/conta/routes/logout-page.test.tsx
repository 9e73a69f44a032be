import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanNotifications } from '@mantine/notifications';
import { getSession, setTokens } from '../../../stores/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { Notices } from '../testing/notices.tsx';
import LogoutPage from './logout-page.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLogout(route: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Where />
      <Notices />
    </>,
    { route },
  );
}

describe('LogoutPage (spec sections 2 and 4)', () => {
  afterEach(() => cleanNotifications());

  it('clears the session and the account keys, says so and returns to the visited establishment', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('endereco', '{}');
    localStorage.setItem('filtro_estabelecimento', '{}');
    localStorage.setItem('avatar', 'x');
    localStorage.setItem('carrinho', '{"itens":[]}');
    localStorage.setItem('caminho_estabelecimento_visitado', '/estabelecimento/9');
    renderLogout('/logout');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/estabelecimento/9'));
    expect(getSession()).toEqual({ access: null, refresh: null });
    for (const key of ['endereco', 'filtro_estabelecimento', 'avatar', 'access_token', 'refresh_token']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('carrinho')).not.toBeNull();
    expect(screen.getByText('Você fez logout!')).toBeInTheDocument();
  });

  it('goes home without a visited establishment and explains an expired session', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    renderLogout('/logout?motivo=sessao-expirada');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
    expect(
      screen.getByText('Sua sessão expirou, para continuar é preciso fazer login navamente.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Você fez logout!')).not.toBeInTheDocument();
  });

  it('forgets the customer’s cached answers but keeps the menus and establishments', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['cliente'], { nome: 'Ana' });
    queryClient.setQueryData(['enderecos'], []);
    queryClient.setQueryData(['estabelecimento', 3], { id: 3 });
    queryClient.setQueryData(['estabelecimento', 3, 'menu'], { itens: [] });
    renderWithProviders(
      <Routes>
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>,
      { route: '/logout', queryClient },
    );
    await waitFor(() => expect(screen.getByText('outra página')).toBeInTheDocument());
    expect(queryClient.getQueryData(['cliente'])).toBeUndefined();
    expect(queryClient.getQueryData(['enderecos'])).toBeUndefined();
    expect(queryClient.getQueryData(['estabelecimento', 3])).toEqual({ id: 3 });
    expect(queryClient.getQueryData(['estabelecimento', 3, 'menu'])).toEqual({ itens: [] });
  });
});
