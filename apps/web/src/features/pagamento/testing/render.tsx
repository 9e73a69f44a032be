import type { ReactElement } from 'react';
import { renderWithProviders } from '../../../test/render.tsx';

/** The page at /pagamento with the notices, the places it leads to and the location. */
export function renderPagamento(page: ReactElement) {
  return renderWithProviders(
    {
      '/pagamento': page,
      '/pedido/:id': <p>acompanhar pedido</p>,
      '/pedido': <p>meus pedidos</p>,
      '/estabelecimento/:id': <p>cardápio</p>,
      '/': <p>início</p>,
    },
    { route: '/pagamento', notifications: true, location: true },
  );
}
