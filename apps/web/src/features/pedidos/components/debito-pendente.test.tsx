import { Notifications, cleanNotifications } from '@mantine/notifications';
import { MSG_PEDIDO, STATUS } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import PedidoPage from '../routes/pedido-page.tsx';
import { DEBITO_RETORNO_POLL_MS } from '../lib/transacao.ts';
import { h, makePedidoOnline } from '../testing/fixtures.ts';
import { getWith, mockApi, type Answer } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';

const PATH = '/controle/pedido/101/';
const STATUS_PATH = '/api/estabelecimento/1/status/101/';
const BANCO = 'https://banco.example/3ds/desafio?id=abc';
const TITULO = 'Autenticação do pagamento em débito';

const pendente = () => makePedidoOnline('debito', [h(STATUS.PgtoPendente)], { url: BANCO });
const aprovado = () =>
  makePedidoOnline('debito', [h(STATUS.PgtoPendente), h(STATUS.Sincronizado, 2)], { estado: 'pago' });
const negado = () =>
  makePedidoOnline(
    'debito',
    [h(STATUS.PgtoPendente), h(STATUS.Cancelado, 2, MSG_PEDIDO.autenticacaoNegadaDebito)],
    { estado: 'negado' },
  );

/** The order answers `respostas` in turn (the last one from then on). */
function pedidoEmSequencia(...respostas: (() => unknown)[]) {
  let n = 0;
  return getWith(PATH, (): Answer => ({
    status: 200,
    body: respostas[Math.min(n++, respostas.length - 1)]!(),
  }));
}

const renderPage = () =>
  renderWithProviders(
    {
      '/pedido/:id': (
        <>
          <PedidoPage />
          <Notifications />
        </>
      ),
    },
    { route: '/pedido/101/', location: true },
  );

/** What /aguardando-pagamento posts (same origin), or another message. */
function postMessage(data: unknown, origin = window.location.origin) {
  act(() => void window.dispatchEvent(new MessageEvent('message', { data, origin })));
}
const CALLBACK = { type: 'rango:callback-carregado' };

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  act(() => clearSession());
  cleanNotifications();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pending debit payment (spec section 4)', () => {
  it("opens the bank's page in a modal on arrival; closing it asks the order again; 'Autenticar pagamento' reopens it", async () => {
    const api = mockApi(pedidoEmSequencia(pendente));
    const user = userEvent.setup();
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: TITULO });
    const frame = within(dialog).getByTitle(MSG_PEDIDO.paginaBancoTitulo);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', BANCO);
    // The bank's page may run and post its form, never navigate the tracking page away.
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(api.gets(PATH)).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.gets(PATH)).toBe(2));
    const secao = screen.getByRole('region', { name: MSG_PEDIDO.debitoPendenteTitulo });
    expect(secao).toHaveTextContent(MSG_PEDIDO.debitoPendenteTexto);

    await user.click(within(secao).getByRole('button', { name: MSG_PEDIDO.autenticarPagamento }));
    expect(await screen.findByRole('dialog', { name: TITULO })).toBeInTheDocument();
  });

  it('the message of /aguardando-pagamento asks the order again; approved: the modal closes with a notice', async () => {
    const api = mockApi(pedidoEmSequencia(pendente, aprovado));
    renderPage();
    await screen.findByRole('dialog', { name: TITULO });
    postMessage(CALLBACK);
    expect(await screen.findByText(MSG_PEDIDO.debitoAprovado)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.gets(PATH)).toBe(2);
    expect(screen.queryByRole('region', { name: MSG_PEDIDO.debitoPendenteTitulo })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.autenticacaoNegadaDebito)).not.toBeInTheDocument();
  });

  it("Mercado Pago's challenge: `{status: 'COMPLETE'}` from the bank's page in our frame asks the order again; from elsewhere, nothing", async () => {
    const api = mockApi(pedidoEmSequencia(pendente, aprovado));
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: TITULO });
    const frame = within(dialog).getByTitle<HTMLIFrameElement>(MSG_PEDIDO.paginaBancoTitulo);
    // Another window (not our frame) saying COMPLETE is ignored.
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', { data: { status: 'COMPLETE' }, origin: 'https://banco.example' }),
        ),
    );
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.gets(PATH)).toBe(1);
    act(
      () =>
        void window.dispatchEvent(
          new MessageEvent('message', {
            data: { status: 'COMPLETE' },
            origin: 'https://banco.example',
            source: frame.contentWindow,
          }),
        ),
    );
    expect(await screen.findByText(MSG_PEDIDO.debitoAprovado)).toBeInTheDocument();
    expect(api.gets(PATH)).toBe(2);
  });

  it("ignores messages from another origin and other shapes (the sandbox bank's own 'rango-3ds')", async () => {
    const api = mockApi(pedidoEmSequencia(pendente, aprovado));
    renderPage();
    await screen.findByRole('dialog', { name: TITULO });
    postMessage(CALLBACK, 'https://evil.example');
    postMessage({ tipo: 'rango-3ds', evento: 'success' });
    postMessage('rango:callback-carregado');
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(api.gets(PATH)).toBe(1);
    expect(screen.getByRole('dialog', { name: TITULO })).toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.debitoAprovado)).not.toBeInTheDocument();
  });

  it("denied: 'Autenticação negada para o pagamento em débito.' stays, and takes the modal's focus", async () => {
    mockApi(pedidoEmSequencia(pendente, negado));
    renderPage();
    await screen.findByRole('dialog', { name: TITULO });
    postMessage(CALLBACK);
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent(MSG_PEDIDO.autenticacaoNegadaDebito);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(alerta).toHaveFocus();
    expect(screen.queryByText(MSG_PEDIDO.debitoAprovado)).not.toBeInTheDocument();
  });

  it("after the bank's return, asks the status every 3 s until it moves, then the order", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: number = STATUS.PgtoPendente;
    const api = mockApi(
      getWith(STATUS_PATH, () => ({ status: 200, body: { id: 101, status, historico: [] } })),
      getWith(PATH, () => ({ status: 200, body: status === STATUS.PgtoPendente ? pendente() : aprovado() })),
    );
    renderPage();
    await screen.findByRole('dialog', { name: TITULO });
    // Before the bank returns, nothing but the page's own poll.
    await act(() => vi.advanceTimersByTimeAsync(DEBITO_RETORNO_POLL_MS * 2));
    expect(api.gets(STATUS_PATH)).toBe(0);
    postMessage(CALLBACK);
    await waitFor(() => expect(api.gets(PATH)).toBe(2));
    // The gateway's answer is not in yet: the status is asked at once, then every 3 s.
    await waitFor(() => expect(api.gets(STATUS_PATH)).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(DEBITO_RETORNO_POLL_MS));
    expect(api.gets(STATUS_PATH)).toBe(2);
    expect(screen.getByRole('dialog', { name: TITULO })).toBeInTheDocument();
    status = STATUS.Sincronizado;
    await act(() => vi.advanceTimersByTimeAsync(DEBITO_RETORNO_POLL_MS));
    expect(await screen.findByText(MSG_PEDIDO.debitoAprovado)).toBeInTheDocument();
    expect(api.gets(STATUS_PATH)).toBe(3);
    expect(api.gets(PATH)).toBe(3);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Settled: no more status questions.
    await act(() => vi.advanceTimersByTimeAsync(DEBITO_RETORNO_POLL_MS * 3));
    expect(api.gets(STATUS_PATH)).toBe(3);
  });

  it("a credit card the bank challenged (Mercado Pago): the same modal with credit's texts; denied says so", async () => {
    const credito = () =>
      makePedidoOnline('debito', [h(STATUS.PgtoPendente)], { tipo: 'credito', url: BANCO });
    const creditoNegado = () =>
      makePedidoOnline(
        'debito',
        [h(STATUS.PgtoPendente), h(STATUS.Cancelado, 2, 'Pagamento não autorizado')],
        { tipo: 'credito', estado: 'negado' },
      );
    mockApi(pedidoEmSequencia(credito, creditoNegado));
    renderPage();
    const dialog = await screen.findByRole('dialog', { name: MSG_PEDIDO.autenticacaoCreditoTitulo });
    expect(within(dialog).getByTitle(MSG_PEDIDO.paginaBancoTitulo)).toHaveAttribute('src', BANCO);
    postMessage(CALLBACK);
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent(MSG_PEDIDO.autenticacaoNegadaCredito);
    expect(screen.queryByText(MSG_PEDIDO.autenticacaoNegadaDebito)).not.toBeInTheDocument();
  });

  it('an order found already paid or cancelled shows no debit panel and no notice', async () => {
    mockApi(pedidoEmSequencia(aprovado));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.debitoAprovado)).not.toBeInTheDocument();
  });

  it('has no axe violations with the panel and with the modal open', async () => {
    mockApi(pedidoEmSequencia(pendente));
    const user = userEvent.setup();
    const { container } = renderPage();
    const options = {
      iframes: false,
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    };
    await screen.findByRole('dialog', { name: TITULO });
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: MSG_PEDIDO.autenticarPagamento })).toBeInTheDocument();
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
  });
});
