import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, setTokens } from '../stores/session.ts';
import { renderWithProviders } from '../test/render.tsx';
import { GuestOnly, RequireLogin } from './guards.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

const table = (
  <>
    <Routes>
      <Route path="/" element={<p>início</p>} />
      <Route path="/login" element={<GuestOnly>formulário de login</GuestOnly>} />
      <Route path="/cliente" element={<RequireLogin>perfil</RequireLogin>} />
      <Route path="/pagamento" element={<RequireLogin>pagamento</RequireLogin>} />
    </Routes>
    <Where />
  </>
);

describe('route guards (spec section 2)', () => {
  afterEach(() => clearSession());

  it('sends a visitor from a login-required page to /login and remembers the path', () => {
    renderWithProviders(table, { route: '/pagamento?x=1' });
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
    expect(screen.getByText('formulário de login')).toBeInTheDocument();
    expect(localStorage.getItem('redirecionar')).toBe('/pagamento?x=1');
  });

  it('lets a customer in', () => {
    setTokens({ access: 'a', refresh: 'r' });
    renderWithProviders(table, { route: '/cliente' });
    expect(screen.getByText('perfil')).toBeInTheDocument();
  });

  it('sends a customer away from a guest-only page to the remembered path, then forgets it', () => {
    setTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('redirecionar', '/pagamento');
    renderWithProviders(table, { route: '/login' });
    expect(screen.getByTestId('where')).toHaveTextContent('/pagamento');
    expect(localStorage.getItem('redirecionar')).toBeNull();
  });

  it('sends a customer away from a guest-only page to / without a remembered path', () => {
    setTokens({ access: 'a', refresh: 'r' });
    renderWithProviders(table, { route: '/login' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('never follows a remembered path that leaves the site', () => {
    setTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('redirecionar', '//evil.example');
    renderWithProviders(table, { route: '/login' });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('a logout while on a login-required page leads to /login', () => {
    setTokens({ access: 'a', refresh: 'r' });
    renderWithProviders(table, { route: '/cliente' });
    act(() => clearSession());
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });
});
