import { describe, expect, it, vi } from 'vitest';
import { abrirPedidoDaNotificacao, destinoDaNotificacao, type JanelaDoApp } from './sw-notificacao.ts';

const ORIGEM = 'https://pedidos.sabordavila.com.br';

function janela(
  url: string,
): JanelaDoApp & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } {
  return { url, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) };
}

describe("a click on an order's notification", () => {
  it('takes an open tab of the app to the order page, focused; no new window', async () => {
    const outra = janela('https://outro.site/x');
    const aba = janela(`${ORIGEM}/estabelecimento/1`);
    const openWindow = vi.fn(async () => undefined);
    await abrirPedidoDaNotificacao({ matchAll: async () => [outra, aba], openWindow }, ORIGEM, {
      url: '/pedido/42',
    });
    expect(aba.focus).toHaveBeenCalledOnce();
    expect(aba.navigate).toHaveBeenCalledWith(`${ORIGEM}/pedido/42`);
    expect(outra.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window on the order page when no tab of the app is open', async () => {
    const openWindow = vi.fn(async () => undefined);
    await abrirPedidoDaNotificacao(
      { matchAll: async () => [janela('https://outro.site/')], openWindow },
      ORIGEM,
      { url: '/pedido/7' },
    );
    expect(openWindow).toHaveBeenCalledWith(`${ORIGEM}/pedido/7`);
  });

  it("never leaves the app's origin: another site's or a missing url opens the orders list", () => {
    expect(destinoDaNotificacao({ url: 'https://phishing.example/pedido/1' }, ORIGEM)).toBe(
      `${ORIGEM}/pedido`,
    );
    expect(destinoDaNotificacao({ url: '//phishing.example/x' }, ORIGEM)).toBe(`${ORIGEM}/pedido`);
    expect(destinoDaNotificacao(null, ORIGEM)).toBe(`${ORIGEM}/pedido`);
    expect(destinoDaNotificacao({ url: 42 }, ORIGEM)).toBe(`${ORIGEM}/pedido`);
  });
});
