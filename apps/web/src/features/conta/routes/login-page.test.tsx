import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../stores/session.ts';
// The page is guest-only in the app: the guard moves a new session on (see use-start-session).
import { GuestOnly } from '../../../lib/guards.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { json, mockFetch, sentBody } from '../testing/fetch-mock.ts';
import LoginPage from './login-page.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLogin() {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <LoginPage />
            </GuestOnly>
          }
        />
        <Route path="*" element={<p>outra página</p>} />
      </Routes>
      <Where />
    </>,
    { route: '/login' },
  );
}

const semSocial = (url: string) =>
  url.endsWith('/controle/cliente/social/') ? json(200, { google: null, facebook: null }) : undefined;

describe('LoginPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it('shows the spec messages on blur and on submit, as alerts', async () => {
    mockFetch(semSocial);
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['O email é obrigatório.', 'A senha é obrigatória.']);
    await user.type(screen.getByLabelText(/E-mail/), 'ana@');
    await user.tab();
    expect(await screen.findByText('Digite um email válido.')).toHaveAttribute('role', 'alert');
  });

  it('shows the server refusal text', async () => {
    mockFetch((url) => {
      if (url.endsWith('/controle/token/'))
        return json(400, { non_field_errors: ['Email ou senha incorretos.'] });
      return semSocial(url);
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.type(screen.getByLabelText(/Senha/), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email ou senha incorretos.')).toBeInTheDocument();
    expect(getSession().access).toBeNull();
  });

  it('stores the tokens and goes to the remembered path, forgetting it', async () => {
    localStorage.setItem('redirecionar', '/pagamento');
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/controle/token/')) return json(200, { access: 'a1', refresh: 'r1' });
      if (url.endsWith('/controle/cliente/')) return json(200, []);
      return semSocial(url);
    });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText(/E-mail/), ' ana@exemplo.com ');
    await user.type(screen.getByLabelText(/Senha/), 'segredo');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pagamento'));
    expect(getSession()).toEqual({ access: 'a1', refresh: 'r1' });
    expect(localStorage.getItem('redirecionar')).toBeNull();
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/controle/token/'));
    expect(sentBody(call?.[1])).toEqual({ email: 'ana@exemplo.com', senha: 'segredo' });
  });

  it('offers sign-up, recovery, terms and privacy; social buttons disabled with a hint when not configured', async () => {
    mockFetch(semSocial);
    renderLogin();
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/cadastro');
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/recuperar');
    expect(screen.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacy');
    expect(await screen.findByText('Login com Google indisponível neste site.')).toBeInTheDocument();
    expect(screen.getByText('Login com Facebook indisponível neste site.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar com Google' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Entrar com Facebook' })).toBeDisabled();
  });

  it('sets the document title', () => {
    mockFetch(semSocial);
    renderLogin();
    expect(document.title).toBe('Entrar | Rango');
  });
});
