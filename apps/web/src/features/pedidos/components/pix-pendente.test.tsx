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
import { BR_CODE, DTHR, QR_PNG, h, makePedidoOnline } from '../testing/fixtures.ts';
import { getWith, mockApi, type Answer } from '../testing/mock-api.ts';
import { renderPedidos } from '../testing/render.tsx';

const PATH = '/controle/pedido/101/';
const STATUS_PATH = '/api/estabelecimento/1/status/101/';
/** 30 min after the order: 19:30 in São Paulo. */
const EXPIRA = new Date(Date.parse(DTHR) + 30 * 60_000).toISOString();

const pix = (historico = [h(STATUS.PgtoPendente)], over = {}) =>
  makePedidoOnline('pix', historico, {
    qrcode: BR_CODE,
    imagem_qrcode: QR_PNG,
    expira_em: EXPIRA,
    ...over,
  });
const PAGO = [h(STATUS.PgtoPendente), h(STATUS.Sincronizado, 3)];
const EXPIRADO = [h(STATUS.PgtoPendente), h(STATUS.Cancelado, 30, 'Pagamento não efetuado.')];

const renderPage = () =>
  renderPedidos(
    {
      '/pedido/:id': (
        <>
          <PedidoPage />
          <Notifications />
        </>
      ),
    },
    { route: '/pedido/101/' },
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
    expect(within(secao).getByText('Expira às 19:30')).toBeInTheDocument();
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
    expect(await screen.findByText(MSG_PEDIDO.codigoPixCopiado)).toBeInTheDocument();
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
});
