import { MSG_PEDIDO, STATUS } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { h, makePedido } from '../testing/fixtures.ts';
import { PENDENTES, concluidosPath, get, getWith, mockApi } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PedidosPage from './pedidos-page.tsx';

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = (route = '/pedido') =>
  renderWithProviders({ '/pedido': <PedidosPage /> }, { route, location: true });

const concluido = (id: number, referencia = String(5000 + id)) =>
  makePedido({ id, referencia, historico: [h(0), h(STATUS.Confirmado, 5), h(STATUS.Concluido, 60)] });

function pagina(page: number, count: number, size = 10) {
  const ids = Array.from(
    { length: Math.max(0, Math.min(size, count - page * size)) },
    (_, i) => page * size + i + 1,
  );
  return {
    count,
    next:
      (page + 1) * size < count
        ? `/api/ead/controle/pedido/?pendentes=false&limit=10&offset=${(page + 1) * size}`
        : null,
    previous: null,
    results: ids.map((id) => concluido(id)),
  };
}

const cardLinks = () => within(screen.getByRole('list')).getAllByRole('link');

describe('/pedido, Meus Pedidos (spec section 2, Orders)', () => {
  it("opens on 'Pendentes': cards with establishment, #referencia, date, total and tag, linking to the order", async () => {
    const api = mockApi(
      get(PENDENTES, 200, [
        makePedido({ id: 101 }),
        makePedido({ id: 102, referencia: '777', historico: [h(0), h(STATUS.Confirmado, 3)] }),
      ]),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: MSG_PEDIDO.meusPedidos })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Concluídos' })).toHaveAttribute('aria-selected', 'false');
    const list = await screen.findByRole('list', { name: 'Pendentes' });
    const [first, second] = within(list).getAllByRole('link');
    expect(first).toHaveAttribute('href', '/pedido/101/');
    expect(first).toHaveTextContent('Burger da Vila');
    expect(first).toHaveTextContent('Pedido #4321 · 12/05/2025 às 19:00');
    expect(first).toHaveTextContent('R$ 41,00');
    expect(within(first!).getByText('Realizado')).toBeInTheDocument();
    expect(second).toHaveAttribute('href', '/pedido/102/');
    expect(within(second!).getByText('Confirmado')).toBeInTheDocument();
    // 'Concluídos' is not asked for until its tab opens.
    expect(api.calls.map((c) => c.path)).toEqual([PENDENTES]);
  });

  it("loads 'Concluídos' on its first opening only, 10 a page from offset 0, and 'Carregar mais' asks for the next", async () => {
    const api = mockApi(
      get(PENDENTES, 200, []),
      get(concluidosPath(0), 200, pagina(0, 12)),
      get(concluidosPath(1), 200, pagina(1, 12)),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText(MSG_PEDIDO.semPendentes);
    expect(api.gets(concluidosPath(0))).toBe(0);

    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/pedido?aba=concluidos');
    await screen.findByRole('list', { name: 'Concluídos' });
    expect(cardLinks()).toHaveLength(10);
    expect(cardLinks()[0]).toHaveAttribute('href', '/pedido/1/');
    expect(within(cardLinks()[0]!).getByText('Concluído')).toBeInTheDocument();
    expect(screen.getByText('10 de 12 pedidos')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MSG_PEDIDO.carregarMais }));
    await waitFor(() => expect(cardLinks()).toHaveLength(12));
    expect(screen.getByText('12 de 12 pedidos')).toBeInTheDocument();
    // The focus moves to the first order of the new page; no more pages, no button.
    expect(cardLinks()[10]).toHaveFocus();
    expect(screen.queryByRole('button', { name: MSG_PEDIDO.carregarMais })).not.toBeInTheDocument();
    expect(api.gets(concluidosPath(1))).toBe(1);

    // Back and forth between the tabs: the lists are kept, nothing is fetched again at once.
    await user.click(screen.getByRole('tab', { name: 'Pendentes' }));
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(cardLinks()).toHaveLength(12);
    expect(api.gets(concluidosPath(0))).toBe(1);
  });

  it("shows an order once when one finished between two pages pushed it into the next page's offsets", async () => {
    // Page 0 read orders 1–10 of 12; then an order finished, so offset 10 now starts at order 10.
    const pagina1 = { ...pagina(1, 13), results: [concluido(10), concluido(11), concluido(12)] };
    mockApi(
      get(PENDENTES, 200, []),
      get(concluidosPath(0), 200, pagina(0, 12)),
      get(concluidosPath(1), 200, pagina1),
    );
    const user = userEvent.setup();
    renderPage('/pedido?aba=concluidos');
    await screen.findByRole('list', { name: 'Concluídos' });
    expect(cardLinks()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: MSG_PEDIDO.carregarMais }));
    await waitFor(() => expect(cardLinks()).toHaveLength(12));
    expect(cardLinks().map((a) => a.getAttribute('href'))).toEqual(
      Array.from({ length: 12 }, (_, i) => `/pedido/${i + 1}/`),
    );
    expect(screen.getByText('12 de 12 pedidos')).toBeInTheDocument();
    // The focus goes to the first order that is new on the list, order 11.
    expect(cardLinks()[10]).toHaveFocus();
  });

  it("opens on 'Concluídos' from the address (back from an order)", async () => {
    mockApi(get(PENDENTES, 200, []), get(concluidosPath(0), 200, pagina(0, 1)));
    renderPage('/pedido?aba=concluidos');
    expect(screen.getByRole('tab', { name: 'Concluídos' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Concluídos' })).toBeInTheDocument();
    expect(screen.getByText('1 de 1 pedido')).toBeInTheDocument();
  });

  it("shows 'PROBLEMA COM O PEDIDO #…' for an order whose text cannot be read, and the others as usual", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      get(PENDENTES, 200, [
        makePedido({ id: 1, referencia: '1111', pedido: '{"isto": "não é um pedido"' }),
        makePedido({ id: 2, referencia: '2222', pedido: JSON.stringify({ total: 'muito' }) }),
        makePedido({ id: 3, referencia: '3333' }),
      ]),
    );
    renderPage();
    const list = await screen.findByRole('list', { name: 'Pendentes' });
    expect(within(list).getByText('PROBLEMA COM O PEDIDO #1111')).toBeInTheDocument();
    expect(within(list).getByText('PROBLEMA COM O PEDIDO #2222')).toBeInTheDocument();
    expect(within(list).getAllByText(MSG_PEDIDO.erroExibirPedido)).toHaveLength(2);
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/pedido/3/');
  });

  it('says so when there are no orders in either tab', async () => {
    mockApi(get(PENDENTES, 200, []), get(concluidosPath(0), 200, pagina(0, 0)));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Você não possui pedidos pendentes.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(await screen.findByText('Você ainda não possui algum pedido concluído.')).toBeInTheDocument();
  });

  it('shows the error texts with the reload hint, and retries', async () => {
    let pendentesOk = false;
    let concluidosOk = false;
    mockApi(
      getWith(PENDENTES, () =>
        pendentesOk ? { status: 200, body: [makePedido()] } : { status: 500, body: {} },
      ),
      getWith(concluidosPath(0), () =>
        concluidosOk ? { status: 200, body: pagina(0, 1) } : { status: 503, body: {} },
      ),
    );
    const user = userEvent.setup();
    renderPage();
    const erro = await screen.findByRole('alert');
    expect(erro).toHaveTextContent('Erro ao tentar obter os pedidos pendentes.');
    expect(erro).toHaveTextContent(MSG_PEDIDO.recarregarPagina);
    pendentesOk = true;
    await user.click(within(erro).getByRole('button', { name: MSG_PEDIDO.tentarNovamente }));
    expect(await screen.findByRole('list', { name: 'Pendentes' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    const erro2 = await screen.findByRole('alert');
    expect(erro2).toHaveTextContent('Erro ao tentar obter os pedidos concluídos.');
    expect(erro2).toHaveTextContent(MSG_PEDIDO.recarregarPagina);
    concluidosOk = true;
    await user.click(within(erro2).getByRole('button', { name: MSG_PEDIDO.tentarNovamente }));
    expect(await screen.findByRole('list', { name: 'Concluídos' })).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => (release = r));
    mockApi(getWith(PENDENTES, () => ({ status: 200, body: [] })));
    const slow = vi.mocked(fetch);
    const original = slow.getMockImplementation();
    slow.mockImplementation(async (...args) => {
      await gate;
      return original!(...args);
    });
    renderPage();
    expect(screen.getByRole('status', { name: 'Carregando os pedidos pendentes' })).toBeInTheDocument();
    release!();
    expect(await screen.findByText(MSG_PEDIDO.semPendentes)).toBeInTheDocument();
  });

  it('has no axe violations with cards, an error card and the completed tab (contrast is checked in a real browser)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(
      get(PENDENTES, 200, [makePedido({ id: 1 }), makePedido({ id: 2, referencia: '9', pedido: 'x' })]),
      get(concluidosPath(0), 200, pagina(0, 12)),
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    await screen.findByText('PROBLEMA COM O PEDIDO #9');
    const options = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    await screen.findByRole('button', { name: MSG_PEDIDO.carregarMais });
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
  });
});
