import { MSG_PEDIDO, STATUS } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDENTES_POLL_MS } from '../../../api/pedidos.ts';
import { clearCustomerQueries } from '../../../lib/customer-queries.ts';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { h, makePedido } from '../testing/fixtures.ts';
import { PENDENTES, get, getWith, mockApi } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PedidosAvisos, PedidosLink } from './pedidos-link.tsx';

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  act(() => clearSession());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Shell() {
  return (
    <>
      <nav aria-label="topo">
        <PedidosLink variant="desktop" />
      </nav>
      <nav aria-label="rodapé">
        <PedidosLink variant="mobile" />
      </nav>
      <PedidosAvisos />
      <Link to="/estabelecimento/1">cardápio</Link>
      <Link to="/pedido">pedidos</Link>
    </>
  );
}

const renderShell = (route = '/estabelecimento/1') =>
  renderWithProviders({ '*': <Shell /> }, { route, location: true });

const topo = () => within(screen.getByRole('navigation', { name: 'topo' }));
const rodape = () => within(screen.getByRole('navigation', { name: 'rodapé' }));

const pendente = (id: number) => makePedido({ id, historico: [h(0)] });
const aguardandoPagamento = (id: number) => makePedido({ id, historico: [h(STATUS.PgtoPendente)] });

describe('orders badge (spec section 2, Shell)', () => {
  it('shows the pending-orders count on the header icon and the bottom bar link', async () => {
    mockApi(get(PENDENTES, 200, [pendente(1), pendente(2)]));
    renderShell();
    const icone = await topo().findByRole('link', { name: 'Meus Pedidos, 2 pendentes' });
    expect(icone).toHaveAttribute('href', '/pedido');
    expect(icone).toHaveTextContent('2');
    const barra = rodape().getByRole('link', { name: 'Meus Pedidos, 2 pendentes' });
    expect(barra).toHaveAttribute('href', '/pedido');
    expect(barra).toHaveTextContent('Meus Pedidos');
    // The whole name is one text: a separate hidden ', 2 pendentes' is read 'Meus Pedidos , 2…'.
    expect(within(barra).getByText('Meus Pedidos, 2 pendentes')).toBeInTheDocument();
  });

  it('shows no badge without pending orders, and none of it to a visitor', async () => {
    const api = mockApi(get(PENDENTES, 200, []));
    const { unmount } = renderShell();
    await waitFor(() => expect(api.gets(PENDENTES)).toBe(1));
    expect(topo().getByRole('link', { name: 'Meus Pedidos' })).not.toHaveTextContent(/\d/);
    unmount();
    act(() => clearSession());
    const visitante = mockApi();
    renderShell();
    expect(screen.queryByRole('link', { name: /Meus Pedidos/ })).not.toBeInTheDocument();
    expect(visitante.calls).toHaveLength(0);
  });

  it('follows new orders: asks again every minute while logged in, and stops at logout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let pedidos = [pendente(1)];
    const api = mockApi(getWith(PENDENTES, () => ({ status: 200, body: pedidos })));
    const { queryClient } = renderShell();
    await topo().findByRole('link', { name: 'Meus Pedidos, 1 pendente' });
    pedidos = [pendente(1), pendente(2), pendente(3)];
    await act(() => vi.advanceTimersByTimeAsync(PENDENTES_POLL_MS));
    await topo().findByRole('link', { name: 'Meus Pedidos, 3 pendentes' });
    const antes = api.gets(PENDENTES);
    // Logout: the link goes, the cached count is dropped with the customer's data, no more polls.
    act(() => clearSession());
    clearCustomerQueries(queryClient);
    expect(screen.queryByRole('link', { name: /Meus Pedidos/ })).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['pedidos', 'pendentes'])).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(PENDENTES_POLL_MS * 3));
    expect(api.gets(PENDENTES)).toBe(antes);
  });

  it('keeps the link without a count when the pending orders cannot be read', async () => {
    mockApi(get(PENDENTES, 500, {}));
    renderShell();
    expect(await topo().findByRole('link', { name: 'Meus Pedidos' })).toHaveAttribute('href', '/pedido');
  });
});

describe('pending-payment notice (spec section 4)', () => {
  it('one order awaiting payment: a persistent warning whose link opens that order', async () => {
    mockApi(get(PENDENTES, 200, [pendente(1), aguardandoPagamento(42)]));
    const user = userEvent.setup();
    renderShell();
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent(MSG_PEDIDO.pagamentoPendenteUm);
    const link = within(aviso).getByRole('link', { name: 'Clique aqui para concluir o pagamento.' });
    expect(link).toHaveAttribute('href', '/pedido/42/');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/pedido/42/');
    // Hidden on the order's page.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('several: the warning opens the orders page', async () => {
    mockApi(get(PENDENTES, 200, [aguardandoPagamento(41), aguardandoPagamento(42), pendente(3)]));
    renderShell();
    const aviso = await screen.findByRole('alert');
    expect(aviso).toHaveTextContent(MSG_PEDIDO.pagamentoPendenteVarios);
    expect(
      within(aviso).getByRole('link', {
        name: 'Clique aqui para ser redirecionado à página de pedidos e concluir o pagamento.',
      }),
    ).toHaveAttribute('href', '/pedido');
  });

  it('is hidden on /pedido pages, comes back elsewhere, and never closes by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(get(PENDENTES, 200, [aguardandoPagamento(42)]));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderShell('/pedido');
    await waitFor(() => expect(topo().getByRole('link', { name: /1 pendente/ })).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'cardápio' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PEDIDO.pagamentoPendenteUm);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('no order awaiting payment, no warning; closed by the customer, it stays closed', async () => {
    mockApi(get(PENDENTES, 200, [aguardandoPagamento(42)]));
    const user = userEvent.setup();
    const { unmount } = renderShell();
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'pedidos' }));
    await user.click(screen.getByRole('link', { name: 'cardápio' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    const api = mockApi(get(PENDENTES, 200, [pendente(1)]));
    renderShell();
    await waitFor(() => expect(api.gets(PENDENTES)).toBe(1));
    await topo().findByRole('link', { name: 'Meus Pedidos, 1 pendente' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
