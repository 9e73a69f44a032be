import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { clearCart, initCart } from '../stores/cart.ts';
import { clearSession, setTokens } from '../stores/session.ts';
import { AppRoutes } from './router.tsx';

// The menu page belongs to another slice and calls the API; the shell only needs a stand-in.
vi.mock('../features/estabelecimento/index.ts', () => ({ default: () => <p>cardápio</p> }));

describe('routes (spec section 2)', () => {
  it.each([
    ['/login', 'Entrar'],
    ['/cadastro', 'Criar conta'],
    ['/recuperar', 'Recuperar senha'],
    ['/resetar-senha/abc/tok', 'Nova senha'],
    ['/confirma/abc/tok', 'Confirmação de conta'],
    ['/fb_confirmar_remocao', 'Remoção de dados'],
  ])('%s shows its page %s', async (route, titulo) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByRole('heading', { level: 1, name: titulo })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('/cliente (login required) shows the profile to a customer', async () => {
    setTokens({ access: 'a', refresh: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[]', { status: 200 })),
    );
    renderWithProviders(<AppRoutes />, { route: '/cliente' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dados do cadastro' })).toBeInTheDocument();
    vi.unstubAllGlobals();
    clearSession();
  });

  it.each([
    ['/pedido', 'Meus Pedidos', 'Você não possui pedidos pendentes.'],
    // An order the API does not know: the tracking page's not-found state keeps its h1.
    ['/pedido/7/', 'Acompanhar pedido', 'Pedido não encontrado'],
  ])('%s (login required) shows %s to a customer', async (route, titulo, texto) => {
    setTokens({ access: 'a', refresh: 'r' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.includes('/controle/pedido/?pendentes=true')
          ? new Response('[]', { status: 200 })
          : new Response('{}', { status: 404 }),
      ),
    );
    renderWithProviders(<AppRoutes />, { route });
    expect(await screen.findByText(texto)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: titulo })).toBeInTheDocument();
    vi.unstubAllGlobals();
    clearSession();
  });

  it('a login goes to the remembered login-required page', async () => {
    localStorage.setItem('redirecionar', '/pagamento');
    // Checkout sends an empty cart back to the menu: give it something to pay for.
    initCart(
      { id: 1, nome: 'Sabor da Vila', pedidominimo: 0 },
      {
        idproduto: 1,
        descricao: 'X-Burguer',
        imagem: null,
        preco: 10,
        precooferta: 0,
        quantidade: 1,
        observacoes: '',
        grupoopcoes: {},
        preco_unit: 1000,
        preco_total: 1000,
        resumo: [],
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.endsWith('/controle/token/'))
          return new Response(JSON.stringify({ access: 'a', refresh: 'r' }), { status: 200 });
        if (url.endsWith('/controle/cliente/')) return new Response('[]', { status: 200 });
        return new Response('{}', { status: 404 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/login' });
    await user.type(await screen.findByLabelText(/E-mail/), 'ana@exemplo.com');
    await user.type(screen.getByLabelText(/Senha/), 'segredo');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagamento' })).toBeInTheDocument();
    expect(localStorage.getItem('redirecionar')).toBeNull();
    vi.unstubAllGlobals();
    clearSession();
    clearCart();
  });

  it('an expired session (refresh refused) ends at the logout page, then home', async () => {
    setTokens({ access: 'velho', refresh: 'gasto' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'Token inválido.' }), { status: 401 })),
    );
    renderWithProviders(<AppRoutes />, { route: '/pedido' });
    // The header's customer fetch gets the 401, the refresh is refused, the session ends.
    await waitFor(() => expect(localStorage.getItem('refresh_token')).toBeNull());
    expect(await screen.findAllByRole('link', { name: 'Entrar' })).not.toHaveLength(0);
    // Via /logout to home, not bounced to /login by the login-required page on the way.
    expect(localStorage.getItem('redirecionar')).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Entrar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Meus Pedidos' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows the 404 page with a link home', async () => {
    renderWithProviders(<AppRoutes />, { route: '/nao-existe/mesmo' });
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/');
  });

  it('renders the shell: landmarks, skip link, back button off the home page', async () => {
    renderWithProviders(<AppRoutes />, { route: '/terms' });
    await screen.findByRole('heading', { level: 1, name: 'Termos de Uso' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#conteudo');
    expect(screen.getAllByRole('button', { name: 'Voltar' }).length).toBeGreaterThan(0);
  });

  it('shows the logo on home and remembers a visited establishment', async () => {
    renderWithProviders(<AppRoutes />, { route: '/estabelecimento/3' });
    expect(await screen.findByText('cardápio')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Rango, página inicial' }).length).toBeGreaterThan(0);
    expect(localStorage.getItem('caminho_estabelecimento_visitado')).toBe('/estabelecimento/3');
  });

  it('renders /aguardando-pagamento standalone, without the shell', async () => {
    renderWithProviders(<AppRoutes />, { route: '/aguardando-pagamento' });
    expect(await screen.findByText('Aguarde...')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ok' })).not.toBeInTheDocument();
  });
});
