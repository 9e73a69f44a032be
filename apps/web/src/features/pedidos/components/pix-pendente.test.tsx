import { Notifications, cleanNotifications } from '@mantine/notifications';
import { MSG_PEDIDO, STATUS } from '@rango/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../../../stores/session.ts';
import { PEDIDO_POLL_MS } from '../api/get-pedido.ts';
import { PIX_POLL_MS } from '../lib/transacao.ts';
import PedidoPage from '../routes/pedido-page.tsx';
import { MSG_PIX_RENOVAR } from './pix-pendente.tsx';
import { BR_CODE, DTHR, QR_PNG, h, makePedidoOnline } from '../testing/fixtures.ts';
import { on } from '../../../test/mock-api.ts';
import { getWith, mockApi, type Answer } from '../testing/mock-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';

const PATH = '/controle/pedido/101/';
const STATUS_PATH = '/api/estabelecimento/1/status/101/';

/** A pending PIX expiring 30 min from now (the clock's now: fake timers move it). */
const pix = (historico = [h(STATUS.PgtoPendente)], over = {}) =>
  makePedidoOnline('pix', historico, {
    qrcode: BR_CODE,
    imagem_qrcode: QR_PNG,
    expira_em: new Date(Date.now() + 30 * 60_000).toISOString(),
    ...over,
  });
const PAGO = [h(STATUS.PgtoPendente), h(STATUS.Sincronizado, 3)];
const EXPIRADO = [h(STATUS.PgtoPendente), h(STATUS.Cancelado, 30, 'Pagamento não efetuado.')];

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

const painel = () => screen.findByRole('region', { name: MSG_PEDIDO.pixTitulo });

/**
 * The order and its status endpoint over time: `status` is what the gateway made of it; `falhas`
 * status polls fail before answering.
 */
function servidor() {
  const estado = { status: STATUS.PgtoPendente as number, falhas: 0 };
  const historico = () =>
    estado.status === STATUS.Sincronizado ? PAGO : estado.status === STATUS.Cancelado ? EXPIRADO : undefined;
  const api = mockApi(
    getWith(STATUS_PATH, (): Answer => {
      if (estado.falhas > 0) {
        estado.falhas--;
        return { status: 500, body: {} };
      }
      return { status: 200, body: { id: 101, status: estado.status, historico: [] } };
    }),
    getWith(PATH, (): Answer => ({ status: 200, body: pix(historico()) })),
  );
  return { estado, api };
}

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  act(() => clearSession());
  cleanNotifications();
  // Back to jsdom's navigator (no clipboard) after a test took it away.
  delete (navigator as { clipboard?: unknown }).clipboard;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pending PIX (spec section 4)', () => {
  it('shows the amount, the QR image, the copy-and-paste code and the expiry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(DTHR) });
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    userEvent.setup();
    renderPage();
    const secao = await painel();
    expect(secao).toHaveTextContent('Valor: R$ 41,00');
    expect(within(secao).getByRole('img', { name: MSG_PEDIDO.pixQrCodeAlt })).toHaveAttribute('src', QR_PNG);
    expect(within(secao).getByText(BR_CODE)).toBeInTheDocument();
    expect(within(secao).getByRole('timer')).toHaveTextContent('Expira em 30:00 (às 19:30)');
    expect(within(secao).getByRole('button', { name: MSG_PEDIDO.copiarCodigo })).toBeInTheDocument();
    expect(within(secao).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("the sandbox's 'bank app' link only when the gateway gives one (demo installs)", async () => {
    mockApi(
      getWith(PATH, () => ({ status: 200, body: pix(undefined, { url: '/api/ead/sandbox/banco/pix/abc' }) })),
    );
    renderPage();
    const link = within(await painel()).getByRole('link', { name: MSG_PEDIDO.pixPagarNoSandbox });
    expect(link).toHaveAttribute('href', `${window.location.origin}/api/ead/sandbox/banco/pix/abc`);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('no sandbox link without its address (a real gateway)', async () => {
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    renderPage();
    expect(within(await painel()).queryByRole('link')).not.toBeInTheDocument();
  });

  it("'Copiar código' puts the BR Code on the clipboard and says so", async () => {
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await painel()).getByRole('button', { name: MSG_PEDIDO.copiarCodigo }));
    // The toast (and the panel's live region, below).
    expect((await screen.findAllByText(MSG_PEDIDO.codigoPixCopiado)).length).toBeGreaterThan(0);
    expect(await navigator.clipboard.readText()).toBe(BR_CODE);
  });

  it('without the clipboard API: the code in a read-only box for a manual copy, no copy button', async () => {
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderPage();
    const secao = await painel();
    const caixa = within(secao).getByRole('textbox', { name: MSG_PEDIDO.copieCodigoAbaixo });
    expect(caixa).toHaveValue(BR_CODE);
    expect(caixa).toHaveAttribute('readonly');
    expect(within(secao).queryByRole('button', { name: MSG_PEDIDO.copiarCodigo })).not.toBeInTheDocument();
    // Reached by keyboard, the whole code is selected.
    await user.tab();
    while (document.activeElement !== caixa) await user.tab();
    const area = caixa as HTMLTextAreaElement;
    expect([area.selectionStart, area.selectionEnd]).toEqual([0, BR_CODE.length]);
  });

  it('when the clipboard refuses: a failure notice and the manual box, focused with the code selected', async () => {
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    renderPage();
    await user.click(within(await painel()).getByRole('button', { name: MSG_PEDIDO.copiarCodigo }));
    expect(await screen.findByText(MSG_PEDIDO.codigoPixNaoCopiado)).toBeInTheDocument();
    const caixa = screen.getByRole('textbox', { name: MSG_PEDIDO.copieCodigoAbaixo }) as HTMLTextAreaElement;
    await waitFor(() => expect(caixa).toHaveFocus());
    expect([caixa.selectionStart, caixa.selectionEnd]).toEqual([0, BR_CODE.length]);
    expect(screen.queryByText(MSG_PEDIDO.codigoPixCopiado)).not.toBeInTheDocument();
  });

  it("asks the status every 10 s; paid: 'Pagamento efetuado com sucesso.' and the order follows", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { estado, api } = servidor();
    renderPage();
    await painel();
    // The order was just read: no status question on arrival.
    expect(api.gets(STATUS_PATH)).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS));
    expect(api.gets(STATUS_PATH)).toBe(1);
    expect(api.gets(PATH)).toBe(1);
    // 16 s: the page's own poll (15 s) found it still pending; then the customer pays.
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(api.gets(PATH)).toBe(2);
    expect(screen.queryByText(MSG_PEDIDO.pagamentoEfetuado)).not.toBeInTheDocument();
    estado.status = STATUS.Sincronizado;
    // 20 s: the second status question sees it and asks the order again.
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(api.gets(STATUS_PATH)).toBe(2);
    expect(await screen.findByText(MSG_PEDIDO.pagamentoEfetuado)).toBeInTheDocument();
    expect(api.gets(PATH)).toBe(3);
    expect(screen.queryByRole('region', { name: MSG_PEDIDO.pixTitulo })).not.toBeInTheDocument();
    // Paid: the status is no longer asked; the page's own 15 s poll goes on.
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS * 3));
    expect(api.gets(STATUS_PATH)).toBe(2);
  });

  it('a failed poll keeps the panel, says so quietly and is retried by the next one', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { estado, api } = servidor();
    estado.falhas = 1;
    renderPage();
    await painel();
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS));
    expect(api.gets(STATUS_PATH)).toBe(1);
    expect(await screen.findByText(MSG_PEDIDO.verificacaoFalhou)).toBeInTheDocument();
    expect(screen.getByText(BR_CODE)).toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.erroObterPedido)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    estado.status = STATUS.Sincronizado;
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(api.gets(STATUS_PATH)).toBe(2);
    expect(await screen.findByText(MSG_PEDIDO.pagamentoEfetuado)).toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.verificacaoFalhou)).not.toBeInTheDocument();
  });

  it("expired or refused: 'Pagamento não efetuado.'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { estado } = servidor();
    renderPage();
    await painel();
    estado.status = STATUS.Cancelado;
    await act(() => vi.advanceTimersByTimeAsync(PIX_POLL_MS));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent(MSG_PEDIDO.pagamentoNaoEfetuado);
    expect(screen.queryByText(BR_CODE)).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.pagamentoEfetuado)).not.toBeInTheDocument();
  });

  it("the page's own 15 s poll finding it paid also tells", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    mockApi(getWith(PATH, () => ({ status: 200, body: pix(n++ === 0 ? undefined : PAGO) })));
    renderPage();
    await painel();
    await act(() => vi.advanceTimersByTimeAsync(PEDIDO_POLL_MS));
    expect(await screen.findByText(MSG_PEDIDO.pagamentoEfetuado)).toBeInTheDocument();
  });

  it("without the QR data: 'Houve um problema ao tentar obter o QRCode para o pagamento.'", async () => {
    mockApi(
      getWith(PATH, () => ({ status: 200, body: pix(undefined, { qrcode: null, imagem_qrcode: null }) })),
    );
    renderPage();
    const secao = await painel();
    expect(within(secao).getByRole('alert')).toHaveTextContent(MSG_PEDIDO.erroQrCode);
    expect(within(secao).queryByRole('button', { name: MSG_PEDIDO.copiarCodigo })).not.toBeInTheDocument();
    expect(within(secao).queryByRole('img')).not.toBeInTheDocument();
  });

  it('a PIX found already paid shows no panel and no message', async () => {
    mockApi(getWith(PATH, () => ({ status: 200, body: pix(PAGO) })));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Burger da Vila/ });
    expect(screen.queryByRole('region', { name: MSG_PEDIDO.pixTitulo })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG_PEDIDO.pagamentoEfetuado)).not.toBeInTheDocument();
  });

  it('has no axe violations, with the copy button and with the manual copy box', async () => {
    const options = {
      iframes: false,
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    };
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    const { container, unmount } = renderPage();
    await painel();
    expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
    unmount();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
    const outro = renderPage();
    await screen.findByRole('textbox', { name: MSG_PEDIDO.copieCodigoAbaixo });
    expect((await axe.run(outro.container, options)).violations.map((v) => v.id)).toEqual([]);
  });

  describe("issue 14: the countdown and 'Gerar novo código'", () => {
    const RENOVAR = '/controle/pedido/101/pix/renovar/';
    const NOVO_CODIGO = `${BR_CODE.slice(0, -8)}NOVO6304`;
    const anuncio = (container: HTMLElement) =>
      container.querySelector('[aria-live="polite"][aria-atomic="true"]') as HTMLElement;

    it('counts down every second, tells a screen reader only at 5 min, 1 min and the expiry', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(DTHR) });
      const corpo = pix();
      mockApi(getWith(PATH, () => ({ status: 200, body: corpo })));
      const { container } = renderPage();
      const secao = await painel();
      expect(within(secao).getByRole('timer')).toHaveTextContent('Expira em 30:00');
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      expect(within(secao).getByRole('timer')).toHaveTextContent('Expira em 28:59');
      expect(anuncio(container)).toHaveTextContent('');
      await act(() => vi.advanceTimersByTimeAsync(24 * 60_000));
      expect(anuncio(container)).toHaveTextContent('Faltam 5 minutos para o código PIX expirar.');
      await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
      expect(anuncio(container)).toHaveTextContent('Falta 1 minuto para o código PIX expirar.');
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(anuncio(container)).toHaveTextContent('O código PIX expirou. Gere um novo código para pagar.');
      expect(within(secao).queryByRole('timer')).not.toBeInTheDocument();
      expect(within(secao).queryByText(BR_CODE)).not.toBeInTheDocument();
      expect(within(secao).queryByRole('button', { name: MSG_PEDIDO.copiarCodigo })).not.toBeInTheDocument();
      expect(within(secao).getByText(MSG_PIX_RENOVAR.expirado)).toBeInTheDocument();
      expect(within(secao).getByRole('button', { name: MSG_PIX_RENOVAR.gerar })).toBeInTheDocument();
    });

    it("'Gerar novo código' asks the server once, shows the new code and says so; the focus goes to 'Copiar código'", async () => {
      const expirado = pix(undefined, { expira_em: new Date(Date.now() - 1000).toISOString() });
      const novo = {
        ...expirado,
        transacoes: [
          { ...expirado.transacoes[0]!, estado: 'expirado' },
          {
            ...expirado.transacoes[0]!,
            qrcode: NOVO_CODIGO,
            expira_em: new Date(Date.now() + 15 * 60_000).toISOString(),
          },
        ],
      };
      const api = mockApi(
        getWith(PATH, () => ({ status: 200, body: expirado })),
        on('POST', RENOVAR, 200, novo),
      );
      const user = userEvent.setup();
      const { container } = renderPage();
      const secao = await painel();
      await user.click(within(secao).getByRole('button', { name: MSG_PIX_RENOVAR.gerar }));
      expect(await within(secao).findByText(NOVO_CODIGO)).toBeInTheDocument();
      expect(api.calls.filter((c) => c.method === 'POST' && c.path === RENOVAR)).toHaveLength(1);
      expect(within(secao).getByRole('timer')).toHaveTextContent(/Expira em 1[45]:\d\d/);
      expect(anuncio(container)).toHaveTextContent(MSG_PIX_RENOVAR.gerado);
      await waitFor(() =>
        expect(within(secao).getByRole('button', { name: MSG_PEDIDO.copiarCodigo })).toHaveFocus(),
      );
    });

    it("a refused renewal (paid meanwhile, cancelled) shows the server's reason", async () => {
      const expirado = pix(undefined, { expira_em: new Date(Date.now() - 1000).toISOString() });
      const motivo = 'Este pedido foi cancelado: não é possível gerar um novo código PIX.';
      mockApi(
        getWith(PATH, () => ({ status: 200, body: expirado })),
        on('POST', RENOVAR, 409, { detail: motivo }),
      );
      const user = userEvent.setup();
      renderPage();
      const secao = await painel();
      await user.click(within(secao).getByRole('button', { name: MSG_PIX_RENOVAR.gerar }));
      expect(await within(secao).findByRole('alert')).toHaveTextContent(motivo);
    });

    it("'Copiar código' is also said in the panel's live region", async () => {
      mockApi(getWith(PATH, () => ({ status: 200, body: pix() })));
      const user = userEvent.setup();
      const { container } = renderPage();
      await user.click(within(await painel()).getByRole('button', { name: MSG_PEDIDO.copiarCodigo }));
      await waitFor(() => expect(anuncio(container)).toHaveTextContent(MSG_PEDIDO.codigoPixCopiado));
    });

    it('has no axe violations with the code expired', async () => {
      mockApi(
        getWith(PATH, () => ({
          status: 200,
          body: pix(undefined, { expira_em: new Date(Date.now() - 1000).toISOString() }),
        })),
      );
      const { container } = renderPage();
      await within(await painel()).findByRole('button', { name: MSG_PIX_RENOVAR.gerar });
      const options = {
        iframes: false,
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      };
      expect((await axe.run(container, options)).violations.map((v) => v.id)).toEqual([]);
    });
  });
});
