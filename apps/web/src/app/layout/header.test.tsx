import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../features/conta/testing/fetch-mock.ts';
import { clearSession, setTokens } from '../../stores/session.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Header } from './header.tsx';
import { MobileBottomBar } from './mobile-bottom-bar.tsx';

const CLIENTE = {
  id: 1,
  nomeourazaosocial: 'Ana Maria Souza',
  cnpjoucpf: null,
  email: 'ana@exemplo.com',
  telefone: '11987654321',
  clienteendereco_set: [],
};

describe('header account control (spec section 2, Shell)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("shows 'Entrar' to a visitor, without the orders icon or badge", () => {
    const fetchMock = mockFetch(() => undefined);
    renderWithProviders(
      <>
        <Header />
        <MobileBottomBar />
      </>,
    );
    const entrar = screen.getAllByRole('link', { name: 'Entrar' });
    expect(entrar).toHaveLength(2); // mobile and desktop headers
    for (const link of entrar) expect(link).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Meus Pedidos' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/controle/cliente/'),
      expect.anything(),
    );
  });

  it("greets a customer by first name; the menu has 'Alterar Dados' and 'Sair'", async () => {
    setTokens({ access: 'a', refresh: 'r' });
    mockFetch((url) => (url.endsWith('/controle/cliente/') ? json(200, [CLIENTE]) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    // Both headers are in the DOM (CSS picks one): the compact icon and the desktop greeting.
    await screen.findAllByRole('button', { name: 'Olá, Ana' });
    // Then the menu's lazy chunk arrives and the same buttons become its disclosure buttons.
    await waitFor(() =>
      expect(
        screen.getAllByRole('button', { name: 'Olá, Ana' }).map((b) => b.getAttribute('aria-expanded')),
      ).toEqual(['false', 'false']),
    );
    const targets = screen.getAllByRole('button', { name: 'Olá, Ana' });
    const desktop = targets.find((b) => b.textContent === 'Olá, Ana');
    if (!desktop) throw new Error('no desktop greeting');
    expect(screen.queryByRole('link', { name: 'Entrar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meus Pedidos' })).toHaveAttribute('href', '/pedido');
    await user.click(desktop);
    expect(desktop).toHaveAttribute('aria-expanded', 'true');
    const lista = screen.getAllByRole('list', { name: 'Minha conta' }).find((l) => !l.hidden);
    if (!lista) throw new Error('menu not shown');
    expect(within(lista).getByRole('link', { name: 'Alterar Dados' })).toHaveAttribute('href', '/cliente');
    expect(within(lista).getByRole('link', { name: 'Sair' })).toHaveAttribute('href', '/logout');
    await user.keyboard('{Escape}');
    expect(desktop).toHaveAttribute('aria-expanded', 'false');
    expect(desktop).toHaveFocus();
  });

  it("keeps the session and says 'Olá!' when the customer fetch fails for another reason", async () => {
    setTokens({ access: 'a', refresh: 'r' });
    mockFetch((url) => (url.endsWith('/controle/cliente/') ? json(500, {}) : undefined));
    renderWithProviders(<Header />);
    expect((await screen.findAllByRole('button', { name: 'Olá!' })).length).toBeGreaterThan(0);
    expect(localStorage.getItem('refresh_token')).toBe('r');
  });

  it('gives a customer the orders badge in the mobile bottom bar', () => {
    setTokens({ access: 'a', refresh: 'r' });
    mockFetch(() => undefined);
    renderWithProviders(<MobileBottomBar />);
    expect(screen.getByRole('link', { name: 'Meus Pedidos' })).toHaveAttribute('href', '/pedido');
  });
});
