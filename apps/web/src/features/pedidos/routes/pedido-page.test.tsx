import { MSG_PEDIDO, STATUS, TIMELINE_MSG } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { PEDIDO_POLL_MS } from '../api/get-pedido.ts';
import { h, makeGravado, makePedido } from '../testing/fixtures.ts';
import { PENDENTES, get, getWith, mockApi, type Answer } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import PedidoPage from './pedido-page.tsx';

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  act(() => clearSession());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATH = '/controle/pedido/101/';
const renderPage = (route = '/pedido/101/') =>
  renderWithProviders({ '/pedido/:id': <PedidoPage />, '/pedido': <p>lista</p> }, { route, location: true });

/** The steps of the timeline as '<title>, <state>' (the state is read by screen readers). */
function etapas(): string[] {
  const lista = screen.getByRole('list', { name: 'Andamento do pedido' });
  return within(lista)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent ?? '');
}

const tag = () => {
  const el = screen.getByRole('region', { name: 'Andamento' }).querySelector('[data-tag]');
  if (!el) throw new Error('no status tag');
  return el;
};

describe('/pedido/{id}/, tracking (spec sections 2 and 4)', () => {
  it('shows the establishment, the order, the delivery address, phones, and a delivery timeline at Pronto', async () => {
    const pedido = makePedido({ historico: [h(0), h(STATUS.Confirmado, 4), h(STATUS.Pronto, 25)] });
    // The company (idpessoa) and the establishment have different ids: the menu route takes the establishment's.
    mockApi(
      get(PATH, 200, {
        ...pedido,
        estabelecimento: { ...pedido.estabelecimento, id: 900 },
        deliveryestabelecimento: 1,
      }),
    );
    renderPage();
    const titulo = await screen.findByRole('heading', {
      level: 1,
      name: 'Acompanhar pedido: Burger da Vila',
    });
    expect(titulo).toBeInTheDocument();
    expect(screen.getByText('Pedido #4321 · 12/05/2025 às 19:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG_PEDIDO.continuarComprando })).toHaveAttribute(
      'href',
      '/estabelecimento/1',
    );
    expect(screen.getByRole('heading', { name: 'Endereço de entrega' })).toBeInTheDocument();
    expect(screen.getByText('Rua Haddock Lobo, 595 — Apto 12')).toBeInTheDocument();
    expect(screen.getByText('Cerqueira César, São Paulo - SP')).toBeInTheDocument();
    expect(screen.getByText('Referência: Portão azul')).toBeInTheDocument();
    expect(screen.getByText('Quero encontrar o entregador.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(11) 3333-4444' })).toHaveAttribute('href', 'tel:1133334444');
    expect(screen.queryByText(MSG_PEDIDO.semTelefone)).not.toBeInTheDocument();

    expect(etapas()).toEqual([
      'Realizado, concluída',
      'Confirmado, concluída',
      'Pronto, etapa atual',
      'Entregue, ainda não',
    ]);
    const atual = screen
      .getByRole('list', { name: 'Andamento do pedido' })
      .querySelector('[aria-current="step"]');
    expect(atual).toHaveTextContent(/^Pronto/);
    expect(screen.getByRole('status')).toHaveTextContent(TIMELINE_MSG.prontoEntrega);
    expect(tag()).toHaveTextContent('Pronto');
    expect(screen.getByText('às 19:25')).toBeInTheDocument();
    expect(document.title).toBe('Pedido #4321 | Rango');
  });

  it('a pickup order has no Entregue step, the establishment address and the pickup message', async () => {
    mockApi(
      get(
        PATH,
        200,
        makePedido({
          gravado: {
            tipo: 'TOGO',
            taxa_entrega: null,
            endereco_togo: null,
            cliente: { ...baseCliente(), endereco: null },
          },
          historico: [h(0), h(STATUS.Confirmado, 4), h(STATUS.Pronto, 25)],
        }),
      ),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Retirada no estabelecimento' });
    expect(screen.getByText('Rua Augusta, 1500')).toBeInTheDocument();
    expect(screen.getByText('Consolação, São Paulo - São Paulo')).toBeInTheDocument();
    expect(etapas()).toEqual(['Realizado, concluída', 'Confirmado, concluída', 'Pronto, concluída']);
    expect(screen.getByRole('status')).toHaveTextContent(TIMELINE_MSG.prontoRetirada);
    expect(screen.getByText('Previsão para retirada:', { exact: false })).toBeInTheDocument();
  });

  it('a cancelled order keeps the steps reached and replaces the rest with the refund message and the reason', async () => {
    mockApi(
      get(
        PATH,
        200,
        makePedido({ historico: [h(0), h(STATUS.Confirmado, 4), h(STATUS.Cancelado, 9, 'Acabou o pão')] }),
      ),
    );
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
    expect(etapas()).toEqual(['Realizado, concluída', 'Confirmado, concluída', 'Cancelado']);
    expect(screen.getByText(TIMELINE_MSG.cancelado)).toBeInTheDocument();
    expect(screen.getByText('Motivo: Acabou o pão')).toBeInTheDocument();
    expect(screen.queryByText(/^Pronto/)).not.toBeInTheDocument();
    expect(tag()).toHaveTextContent('Cancelado');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/Previsão/)).not.toBeInTheDocument();
  });

  it.each([
    [[h(0)], 'Realizado', TIMELINE_MSG.aguardandoConfirmacao],
    [[h(0), h(STATUS.Sincronizado, 1)], 'Realizado', TIMELINE_MSG.aguardandoConfirmacao],
    [[h(STATUS.PgtoPendente)], 'Pagamento pendente', TIMELINE_MSG.aguardandoPagamento],
    [[h(0), h(STATUS.Confirmado, 4)], 'Confirmado', TIMELINE_MSG.preparando],
    [[h(0), h(STATUS.Entregue, 40)], 'Entregue', TIMELINE_MSG.aproveite],
    [[h(0), h(STATUS.Entregue, 40), h(STATUS.Concluido, 41)], 'Concluído', TIMELINE_MSG.aproveite],
  ])('history %j: tag %s, message %s', async (historico, texto, mensagem) => {
    mockApi(get(PATH, 200, makePedido({ historico })));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
    expect(tag()).toHaveTextContent(texto);
    expect(screen.getByRole('status')).toHaveTextContent(mensagem);
  });

  it('shows the estimated time as a range from the order time, or the scheduled date', async () => {
    mockApi(get(PATH, 200, makePedido({ gravado: { previsaoentregamin: 30, previsaoentregamax: 50 } })));
    const { unmount } = renderPage();
    expect(await screen.findByText('19:30 – 19:50')).toBeInTheDocument();
    expect(screen.getByText('Previsão de entrega:', { exact: false })).toBeInTheDocument();
    unmount();

    mockApi(get(PATH, 200, makePedido({ gravado: { entregue_as: '2025-05-13T15:00:00.000Z' } })));
    renderPage();
    expect(await screen.findByText('13/05/2025 às 12:00')).toBeInTheDocument();
    expect(screen.getByText('Entrega agendada para', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('19:30 – 19:50')).not.toBeInTheDocument();
  });

  it('shows the time the restaurant estimated on accepting the order instead of the range', async () => {
    mockApi(
      get(
        PATH,
        200,
        makePedido({
          historico: [h(0), h(21, 1)],
          previsao_em: '2025-05-12T23:05:00.000Z',
          gravado: { previsaoentregamin: 30, previsaoentregamax: 50 },
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText('20:05')).toBeInTheDocument();
    expect(screen.getByText('Previsão de entrega:', { exact: false })).toBeInTheDocument();
    expect(screen.queryByText('19:30 – 19:50')).not.toBeInTheDocument();
  });

  it('warns when the establishment has no phone', async () => {
    const pedido = makePedido();
    mockApi(get(PATH, 200, { ...pedido, estabelecimento: { ...pedido.estabelecimento, fone_set: [] } }));
    renderPage();
    expect(await screen.findByText(MSG_PEDIDO.semTelefone)).toBeInTheDocument();
  });

  it('expands the details: items, options, observations, totals, coupon, payment and change', async () => {
    mockApi(get(PATH, 200, makePedido()));
    const user = userEvent.setup();
    renderPage();
    const botao = await screen.findByRole('button', { name: 'Detalhes do pedido' });
    expect(botao).toHaveAttribute('aria-expanded', 'false');
    await user.click(botao);
    expect(botao).toHaveAttribute('aria-expanded', 'true');
    const itens = await screen.findByRole('list', { name: 'Itens do pedido' });
    expect(itens).toHaveTextContent('2x X-Burguer');
    expect(itens).toHaveTextContent('R$ 40,00');
    // The option's price is per unit of the item (2x): 'cada', as on the receipt.
    expect(itens).toHaveTextContent('Bacon (R$ 3,00 cada)');
    expect(itens).toHaveTextContent('Obs.: Sem cebola');
    expect(screen.getByText('Tocar a campainha')).toBeInTheDocument();
    const linha = (rotulo: string) => screen.getByText(rotulo).parentElement?.textContent;
    expect(linha('Subtotal')).toBe('SubtotalR$ 40,00');
    expect(linha('Taxa de entrega')).toBe('Taxa de entregaR$ 6,00');
    expect(linha('Cupom BEMVINDO')).toBe('Cupom BEMVINDO- R$ 5,00');
    expect(linha('Total')).toBe('TotalR$ 41,00');
    expect(screen.getByText('Dinheiro (pagar na entrega)')).toBeInTheDocument();
    expect(screen.getByText('Troco para R$ 50,00 (R$ 9,00 de troco)')).toBeInTheDocument();
  });

  it("an option of an item ordered once shows its price without 'cada'", async () => {
    const item = makeGravado().itens[0]!;
    mockApi(
      get(
        PATH,
        200,
        makePedido({ gravado: { itens: [{ ...item, quantidade: 1, preco_total: item.preco_unit }] } }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Detalhes do pedido' }));
    const itens = await screen.findByRole('list', { name: 'Itens do pedido' });
    expect(itens).toHaveTextContent('1x X-Burguer');
    expect(itens).toHaveTextContent('Bacon (R$ 3,00)');
    expect(itens).not.toHaveTextContent('cada');
  });

  it("says 'Grátis' for a waived fee", async () => {
    mockApi(
      get(
        PATH,
        200,
        makePedido({ gravado: { taxa_entrega: 0, desconto: 0, cupom: null, codigo_cupom: null } }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Detalhes do pedido' }));
    expect(screen.getByText('Taxa de entrega').parentElement).toHaveTextContent('Grátis');
    expect(screen.queryByText(/^Cupom/)).not.toBeInTheDocument();
  });

  it('shows the receipt button from status 30 on; the receipt opens in a modal, printable', async () => {
    const html = '<!doctype html><html><body><h1>Burger da Vila</h1><p>Total R$ 41,00</p></body></html>';
    const api = mockApi(
      get(PATH, 200, makePedido({ historico: [h(0), h(STATUS.Confirmado, 4), h(STATUS.Pronto, 25)] })),
      getWith('/controle/pedido/101/cupom/', (): Answer => ({ status: 200, text: html })),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: MSG_PEDIDO.verCupom }));
    const dialog = await screen.findByRole('dialog', { name: 'Cupom do pedido #4321' });
    const frame = await within(dialog).findByTitle('Cupom do pedido #4321');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('srcdoc', html);
    // No scripts in the receipt; same origin so the page can print it.
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin allow-modals');
    const win = (frame as HTMLIFrameElement).contentWindow!;
    const print = vi.spyOn(win, 'print').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('button', { name: MSG_PEDIDO.imprimir }));
    expect(print).toHaveBeenCalledOnce();
    // The receipt went through the API client, with the Bearer token.
    const call = vi.mocked(fetch).mock.calls.find(([u]) => String(u).endsWith('/cupom/'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer a');
    expect(api.gets('/controle/pedido/101/cupom/')).toBe(1);
  });

  it('has no receipt button before status 30', async () => {
    mockApi(get(PATH, 200, makePedido({ historico: [h(0), h(STATUS.Confirmado, 4)] })));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
    expect(screen.queryByRole('button', { name: MSG_PEDIDO.verCupom })).not.toBeInTheDocument();
  });

  it("says 'Não foi possível exibir o cupom do pedido…' when the receipt cannot be read", async () => {
    mockApi(
      get(PATH, 200, makePedido({ historico: [h(0), h(STATUS.Pronto, 25)] })),
      get('/controle/pedido/101/cupom/', 500, {}),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: MSG_PEDIDO.verCupom }));
    const dialog = await screen.findByRole('dialog', { name: 'Cupom do pedido #4321' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível exibir o cupom do pedido…',
    );
  });

  it('asks again every 15 s and stops at Concluído', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const respostas = [
      [h(0), h(STATUS.Confirmado, 4)],
      [h(0), h(STATUS.Confirmado, 4), h(STATUS.Pronto, 25)],
      [h(0), h(STATUS.Confirmado, 4), h(STATUS.Pronto, 25), h(STATUS.Concluido, 50)],
    ];
    let n = 0;
    const api = mockApi(
      getWith(PATH, () => ({ status: 200, body: makePedido({ historico: respostas[Math.min(n++, 2)]! }) })),
    );
    renderPage();
    await screen.findByText(TIMELINE_MSG.preparando);
    expect(api.gets(PATH)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(PEDIDO_POLL_MS));
    await screen.findByText(TIMELINE_MSG.prontoEntrega);
    expect(api.gets(PATH)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(PEDIDO_POLL_MS));
    await waitFor(() => expect(tag()).toHaveTextContent('Concluído'));
    expect(api.gets(PATH)).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(PEDIDO_POLL_MS * 4));
    expect(api.gets(PATH)).toBe(3);
  });

  it('pauses the polling while the tab is hidden and asks again when it shows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi(get(PATH, 200, makePedido()));
    renderPage();
    await screen.findByText(TIMELINE_MSG.aguardandoConfirmacao);
    let hidden = true;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => (hidden ? 'hidden' : 'visible'));
    act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await act(() => vi.advanceTimersByTimeAsync(PEDIDO_POLL_MS * 3));
    expect(api.gets(PATH)).toBe(1);
    hidden = false;
    act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await waitFor(() => expect(api.gets(PATH)).toBe(2));
  });

  it('refreshes the pending-orders list (the badge) when an order page opens', async () => {
    const api = mockApi(get(PATH, 200, makePedido()), get(PENDENTES, 200, []));
    const { queryClient } = renderPage();
    queryClient.setQueryData(['pedidos', 'pendentes'], []);
    await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
    await waitFor(() =>
      expect(queryClient.getQueryState(['pedidos', 'pendentes'])?.isInvalidated).toBe(true),
    );
    expect(api.gets(PATH)).toBe(1);
  });

  it("is drawn in the order's restaurant's brand (issue 23): its colour, manifest and logo, Rango's back on leaving", async () => {
    // Rango's shell: the page was loaded here, on the platform's host.
    document.head.innerHTML =
      '<meta name="theme-color" content="#c73a0b"><link rel="manifest" href="/manifest.webmanifest">';
    const logo = '/estabelecimento/7/marca/0123456789abcdef/logo.png';
    const api = mockApi(
      get(PATH, 200, { ...makePedido(), deliveryestabelecimento: 7 }),
      get('/api/estabelecimento/7/marca/', 200, {
        cor: '#0b6e4f',
        logo,
        manifesto: '/estabelecimento/7/manifest.webmanifest',
      }),
    );
    const tema = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');
    try {
      const { unmount, container } = renderPage();
      await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
      await waitFor(() => expect(tema()).toBe('#0b6e4f'));
      expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute(
        'href',
        '/estabelecimento/7/manifest.webmanifest',
      );
      expect(document.getElementById('rango-marca')?.textContent).toContain(
        '--mantine-color-brasa-filled:#0b6e4f',
      );
      expect(container.querySelector(`img[src="${logo}"]`)).toBeInTheDocument();
      expect(api.gets('/api/estabelecimento/7/marca/')).toBe(1);
      unmount();
      expect(tema()).toBe('#c73a0b');
      expect(document.querySelector('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
      expect(document.getElementById('rango-marca')).toBeNull();
    } finally {
      document.head.innerHTML = '';
    }
  });

  it("stays Rango's when the brand cannot be read", async () => {
    document.head.innerHTML = '<meta name="theme-color" content="#c73a0b">';
    mockApi(get(PATH, 200, { ...makePedido(), deliveryestabelecimento: 7 }));
    try {
      const { queryClient } = renderPage();
      await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
      // Asked, answered 404 (the mock's default), not asked again.
      await waitFor(() =>
        expect(queryClient.getQueryState(['estabelecimento', 7, 'marca'])?.status).toBe('error'),
      );
      expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', '#c73a0b');
      expect(document.getElementById('rango-marca')).toBeNull();
    } finally {
      document.head.innerHTML = '';
    }
  });

  it('shows a not-found state for an unknown order (404) or an invalid id', async () => {
    mockApi(get(PATH, 404, { detail: 'Não encontrado.' }));
    const { unmount } = renderPage();
    expect(await screen.findByText(MSG_PEDIDO.pedidoNaoEncontrado)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Acompanhar pedido' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG_PEDIDO.meusPedidos })).toHaveAttribute('href', '/pedido');
    unmount();
    const api = mockApi();
    renderPage('/pedido/abc/');
    expect(screen.getByText(MSG_PEDIDO.pedidoNaoEncontrado)).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("says 'Ocorreu um erro ao tentar obter os dados do pedido.' and retries", async () => {
    let ok = false;
    mockApi(getWith(PATH, () => (ok ? { status: 200, body: makePedido() } : { status: 500, body: {} })));
    const user = userEvent.setup();
    renderPage();
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Ocorreu um erro ao tentar obter os dados do pedido.');
    ok = true;
    await user.click(within(alerta).getByRole('button', { name: MSG_PEDIDO.tentarNovamente }));
    expect(await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ })).toBeInTheDocument();
  });

  it('an unreadable order text shows the problem card text, not a broken page', async () => {
    mockApi(get(PATH, 200, makePedido({ pedido: '{' })));
    renderPage();
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('PROBLEMA COM O PEDIDO #4321');
    expect(alerta).toHaveTextContent(MSG_PEDIDO.erroExibirPedido);
  });

  it('has no axe violations, details open and the receipt modal open (contrast is checked in a real browser)', async () => {
    mockApi(
      get(PATH, 200, makePedido({ historico: [h(0), h(STATUS.Pronto, 25)] })),
      getWith('/controle/pedido/101/cupom/', () => ({ status: 200, text: '<p>cupom</p>' })),
    );
    const user = userEvent.setup();
    const { container } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Detalhes do pedido' }));
    const options = {
      iframes: false,
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    };
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
    await user.click(screen.getByRole('button', { name: MSG_PEDIDO.verCupom }));
    await screen.findByTitle('Cupom do pedido #4321');
    expect((await axe.run(document.body, options)).violations.map((v) => v.id)).toEqual([]);
  });
});

function baseCliente() {
  return { cpf: null, external_id: null, nome: 'Ana Souza', telefone: '11987654321' };
}
