import { useEffect } from 'react';

/** The tab's title while orders wait: '(2) Novos pedidos · Rango' (seen from another tab). */
export const tituloNovos = (n: number): string =>
  `(${n}) ${n === 1 ? 'Novo pedido' : 'Novos pedidos'} · Rango`;

/**
 * Shows the count of new orders in the tab's title, and gives the page's own title back when
 * there are none. Runs after the page title's own effect (PageTitle is a child), so it wins.
 */
export function useTituloNovos(novos: number, tituloPagina: string): void {
  useEffect(() => {
    document.title = novos > 0 ? tituloNovos(novos) : tituloPagina;
  }, [novos, tituloPagina]);
}
