/**
 * What a click on an order's notification does in the service worker (sw.ts, issue 22): the
 * order page opens, in an open tab of the app when there is one (focused and taken there), else
 * in a new window. Apart from sw.ts so it is tested without a worker (sw-notificacao.test.ts); the
 * types are the few members of the worker's Clients and WindowClient it uses.
 */
export interface JanelaDoApp {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

export interface ClientesDoApp {
  matchAll(opcoes: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly JanelaDoApp[]>;
  openWindow(url: string): Promise<unknown>;
}

/** The page a notification opens: its `url` when it is a path of this origin, else the orders list. */
export function destinoDaNotificacao(dados: unknown, origem: string): string {
  const url = (dados as { url?: unknown } | null)?.url;
  const caminho = typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/pedido';
  const destino = new URL(caminho, origem);
  return destino.origin === origem ? destino.href : new URL('/pedido', origem).href;
}

export async function abrirPedidoDaNotificacao(
  clientes: ClientesDoApp,
  origem: string,
  dados: unknown,
): Promise<void> {
  const destino = destinoDaNotificacao(dados, origem);
  const abertas = await clientes.matchAll({ type: 'window', includeUncontrolled: true });
  const aba = abertas.find((c) => new URL(c.url).origin === origem);
  if (aba) {
    await aba.focus();
    await aba.navigate(destino);
    return;
  }
  await clientes.openWindow(destino);
}
