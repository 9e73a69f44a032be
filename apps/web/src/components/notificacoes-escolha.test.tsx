import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setTokens } from '../stores/session.ts';
import { mockApi, on } from '../test/mock-api.ts';
import type { Call } from '../test/mock-api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { NotificacoesSection, QuerSaberDoPedido, TEXTO_NOTIFICACOES } from './notificacoes-escolha.tsx';

const PATH = '/controle/cliente/notificacoes/';
const PUSH = '/controle/cliente/notificacoes/push/';
const CHAVE = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const nada = { canais: [], dispositivos: 0 };
const com = (canal: 'email' | 'push', origem = 'cliente') => ({
  canais: [{ canal, ativo: true, origem, atualizado_em: '2026-11-29T01:00:00.000Z' }],
  dispositivos: canal === 'push' ? 1 : 0,
});

/** A browser with the Push API: its permission answer, and the subscription it makes. */
function navegadorComPush(permissao: NotificationPermission) {
  const requestPermission = vi.fn(async () => permissao);
  const subscribe = vi.fn(async (opcoes: PushSubscriptionOptionsInit) => ({
    endpoint: 'https://push.example.com/abc',
    options: opcoes,
    toJSON: () => ({ endpoint: 'https://push.example.com/abc', keys: { p256dh: 'p', auth: 'a' } }),
  }));
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
  });
  return { requestPermission, subscribe };
}

beforeEach(() => {
  act(() => setTokens({ access: 'a', refresh: 'r' }));
  localStorage.clear();
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const put = (calls: Call[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('/cliente: Avisos dos pedidos', () => {
  it('turns e-mail on and off, recording the choice from /cliente; push off where unsupported', async () => {
    const { calls } = mockApi(on('GET', PATH, 200, nada), (c) =>
      c.method === 'PUT' && c.path === PATH
        ? { status: 200, body: (c.body as { ativo: boolean }).ativo ? com('email') : nada }
        : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificacoesSection />);
    const email = await screen.findByRole('checkbox', { name: TEXTO_NOTIFICACOES.email });
    await waitFor(() => expect(email).toBeEnabled());
    expect(email).not.toBeChecked();
    const push = screen.getByRole('checkbox', { name: new RegExp(`^${TEXTO_NOTIFICACOES.push}`) });
    expect(push).toBeDisabled();
    expect(screen.getByText(TEXTO_NOTIFICACOES.pushIndisponivel)).toBeInTheDocument();
    await user.click(email);
    await waitFor(() => expect(email).toBeChecked());
    await user.click(email);
    await waitFor(() => expect(email).not.toBeChecked());
    expect(put(calls)).toEqual([
      { canal: 'email', ativo: true, origem: 'cliente' },
      { canal: 'email', ativo: false, origem: 'cliente' },
    ]);
  });

  it('push: asks permission on the click, subscribes with the server key, then records consent', async () => {
    const b = navegadorComPush('granted');
    const { calls } = mockApi(
      on('GET', PATH, 200, nada),
      on('GET', '/controle/notificacoes/chave-publica/', 200, { chave: CHAVE }),
      on('POST', PUSH, 201, { detail: 'ok' }),
      on('PUT', PATH, 200, com('push')),
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificacoesSection />);
    const push = await screen.findByRole('checkbox', { name: TEXTO_NOTIFICACOES.push });
    await waitFor(() => expect(push).toBeEnabled());
    expect(b.requestPermission).not.toHaveBeenCalled();
    await user.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(b.requestPermission).toHaveBeenCalledTimes(1);
    const chave = b.subscribe.mock.calls[0]![0].applicationServerKey as Uint8Array;
    expect(chave).toHaveLength(65);
    expect(chave[0]).toBe(4);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      endpoint: 'https://push.example.com/abc',
      keys: { p256dh: 'p', auth: 'a' },
    });
    expect(put(calls)).toEqual([{ canal: 'push', ativo: true, origem: 'cliente' }]);
  });
});

describe('/cliente: WhatsApp, and when and where each choice was made', () => {
  const whats = {
    canal: 'whatsapp',
    ativo: true,
    origem: 'checkout',
    atualizado_em: '2026-11-29T13:05:00.000Z',
    telefone: '+5511987654321',
  };

  it('shows the number and the choice made at checkout; revoking by keyboard records it from /cliente', async () => {
    const { calls } = mockApi(
      on('GET', PATH, 200, { canais: [whats], dispositivos: 0 }),
      on('PUT', PATH, 200, {
        canais: [{ ...whats, ativo: false, origem: 'cliente', atualizado_em: '2026-11-29T14:00:00.000Z' }],
        dispositivos: 0,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<NotificacoesSection />);
    const w = await screen.findByRole('checkbox', { name: TEXTO_NOTIFICACOES.whatsapp });
    await waitFor(() => expect(w).toBeChecked());
    expect(
      screen.getByText('No celular (11) 98765-4321. Ativado em 29/11/2026, 10:05, ao finalizar um pedido.'),
    ).toBeInTheDocument();
    w.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(w).not.toBeChecked());
    expect(screen.getByText(/Desativado em 29\/11\/2026, 11:00, nesta página\./)).toBeInTheDocument();
    expect(put(calls)).toEqual([{ canal: 'whatsapp', ativo: false, origem: 'cliente' }]);
  });

  it("a number that cannot get WhatsApp: the server's Portuguese message, the box stays off", async () => {
    const msg = 'Informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.';
    mockApi(on('GET', PATH, 200, nada), on('PUT', PATH, 400, { telefone: [msg] }));
    const user = userEvent.setup();
    renderWithProviders(<NotificacoesSection />);
    const w = await screen.findByRole('checkbox', { name: TEXTO_NOTIFICACOES.whatsapp });
    await waitFor(() => expect(w).toBeEnabled());
    await user.click(w);
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(w).not.toBeChecked();
  });

  it('a failed read says so instead of showing every channel off as a fact', async () => {
    mockApi(on('GET', PATH, 500, { detail: 'x' }));
    renderWithProviders(<NotificacoesSection />);
    expect(await screen.findByText(TEXTO_NOTIFICACOES.erroLer, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: TEXTO_NOTIFICACOES.whatsapp })).toBeDisabled();
  });
});

describe("order page: 'Quer saber do seu pedido?'", () => {
  it('asks with its reason, never the browser on load; a refused permission says how to fix it', async () => {
    const b = navegadorComPush('denied');
    const { calls } = mockApi(on('GET', PATH, 200, nada));
    const user = userEvent.setup();
    renderWithProviders(<QuerSaberDoPedido />);
    expect(await screen.findByRole('heading', { name: TEXTO_NOTIFICACOES.pergunta })).toBeInTheDocument();
    expect(screen.getByText(TEXTO_NOTIFICACOES.motivo)).toBeInTheDocument();
    expect(b.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: TEXTO_NOTIFICACOES.ativarPush }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/bloqueadas neste navegador/);
    expect(put(calls)).toEqual([]);
  });

  it('e-mail from the order page is recorded with its source, then thanks', async () => {
    const { calls } = mockApi(on('GET', PATH, 200, nada), on('PUT', PATH, 200, com('email', 'pedido')));
    const user = userEvent.setup();
    renderWithProviders(<QuerSaberDoPedido />);
    await user.click(await screen.findByRole('button', { name: TEXTO_NOTIFICACOES.ativarEmail }));
    expect(await screen.findByText(TEXTO_NOTIFICACOES.pronto)).toBeInTheDocument();
    expect(put(calls)).toEqual([{ canal: 'email', ativo: true, origem: 'pedido' }]);
  });

  it('after WhatsApp chosen at checkout, still offers this device (asked only on the click), not e-mail again', async () => {
    const b = navegadorComPush('granted');
    mockApi(
      on('GET', PATH, 200, {
        canais: [
          { canal: 'whatsapp', ativo: true, origem: 'checkout', atualizado_em: '2026-11-29T01:00:00.000Z' },
          { canal: 'email', ativo: true, origem: 'checkout', atualizado_em: '2026-11-29T01:00:00.000Z' },
        ],
        dispositivos: 0,
      }),
    );
    renderWithProviders(<QuerSaberDoPedido />);
    expect(await screen.findByRole('button', { name: TEXTO_NOTIFICACOES.ativarPush })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTO_NOTIFICACOES.ativarEmail })).not.toBeInTheDocument();
    expect(b.requestPermission).not.toHaveBeenCalled();
  });

  it("stays away once a choice exists, and after 'Agora não'", async () => {
    mockApi(on('GET', PATH, 200, com('email')));
    const { queryClient, unmount } = renderWithProviders(<QuerSaberDoPedido />);
    await waitFor(() => expect(queryClient.getQueryState(['notificacoes'])?.status).toBe('success'));
    expect(screen.queryByText(TEXTO_NOTIFICACOES.pergunta)).not.toBeInTheDocument();
    unmount();

    mockApi(on('GET', PATH, 200, nada));
    const user = userEvent.setup();
    const r = renderWithProviders(<QuerSaberDoPedido />);
    await user.click(await screen.findByRole('button', { name: TEXTO_NOTIFICACOES.agoraNao }));
    expect(screen.queryByText(TEXTO_NOTIFICACOES.pergunta)).not.toBeInTheDocument();
    r.unmount();
    renderWithProviders(<QuerSaberDoPedido />);
    await new Promise((res) => setTimeout(res, 50));
    expect(screen.queryByText(TEXTO_NOTIFICACOES.pergunta)).not.toBeInTheDocument();
  });
});
