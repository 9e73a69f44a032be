import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';

function Menu() {
  return (
    <>
      <Link to="?item=1001">Abrir produto</Link>
      <Link to="/outra">Outra página</Link>
    </>
  );
}

describe('ShellLayout scroll', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the place in the menu when a product opens, and starts a new page at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithProviders(
      <Routes>
        <Route element={<ShellLayout />}>
          <Route path="/estabelecimento/1" element={<Menu />} />
          <Route path="/outra" element={<p>Outra</p>} />
        </Route>
      </Routes>,
      { route: '/estabelecimento/1' },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Abrir produto' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(await screen.findByText('Outra')).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});

function Pagina({ titulo, depois }: { titulo: string; depois?: string }) {
  const [pronto, setPronto] = useState(false);
  useEffect(() => {
    if (!depois) return;
    const t = setTimeout(() => setPronto(true), 150);
    return () => clearTimeout(t);
  }, [depois]);
  // A loading h1 that gives way to the page's own, as the order page does.
  return pronto ? <h1 key="b">{depois}</h1> : <h1 key="a">{titulo}</h1>;
}

function Inicio() {
  return (
    <>
      <h1>Cardápio</h1>
      <Link to="?item=1001">Abrir produto</Link>
      <Link to="/pedido">Meus pedidos</Link>
      <Link to="/login">Ir ao login</Link>
      <Link to="/pedido/1">Um pedido</Link>
    </>
  );
}

function Login() {
  return (
    <>
      <h1>Entrar</h1>
      <input aria-label="E-mail" autoFocus />
    </>
  );
}

function renderShell() {
  renderWithProviders(
    <Routes>
      <Route element={<ShellLayout />}>
        <Route path="/estabelecimento/1" element={<Inicio />} />
        <Route path="/pedido" element={<Pagina titulo="Meus Pedidos" />} />
        <Route path="/pedido/1" element={<Pagina titulo="Acompanhar pedido" depois="Sabor da Vila" />} />
        <Route path="/login" element={<Login />} />
      </Route>
    </Routes>,
    { route: '/estabelecimento/1' },
  );
  return userEvent.setup();
}

describe('ShellLayout focus after a route change (issue 14)', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it("moves the focus to the new page's h1 (tabIndex -1), not on the first load nor for ?item=", async () => {
    const user = renderShell();
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('link', { name: 'Abrir produto' }));
    expect(screen.getByRole('link', { name: 'Abrir produto' })).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Meus pedidos' }));
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Meus Pedidos' });
    await waitFor(() => expect(h1).toHaveFocus());
    expect(h1).toHaveAttribute('tabindex', '-1');
  });

  it('follows a loading h1 that gives way to the page’s own', async () => {
    const user = renderShell();
    await user.click(screen.getByRole('link', { name: 'Um pedido' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Acompanhar pedido' })).toHaveFocus());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sabor da Vila' })).toHaveFocus());
  });

  it('leaves an autofocused field of the new page alone', async () => {
    const user = renderShell();
    await user.click(screen.getByRole('link', { name: 'Ir ao login' }));
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await new Promise((r) => setTimeout(r, 250));
    expect(email).toHaveFocus();
  });

  it('stops once the customer presses a key', async () => {
    const user = renderShell();
    await user.click(screen.getByRole('link', { name: 'Um pedido' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Acompanhar pedido' })).toHaveFocus());
    await user.keyboard('{Shift}');
    // The loading h1 goes; the page's own does not take the focus back from <body>.
    await screen.findByRole('heading', { name: 'Sabor da Vila' });
    await new Promise((r) => setTimeout(r, 250));
    expect(document.activeElement).toBe(document.body);
  });
});
