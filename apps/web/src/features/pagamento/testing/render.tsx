import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '../../../lib/theme.ts';

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The page at /pagamento with the app's providers, the notices, the places it leads to and the location. */
export function renderPagamento(page: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/pagamento']}>
          <Routes>
            <Route path="/pagamento" element={page} />
            <Route path="/pedido/:id" element={<p>acompanhar pedido</p>} />
            <Route path="/pedido" element={<p>meus pedidos</p>} />
            <Route path="/estabelecimento/:id" element={<p>cardápio</p>} />
            <Route path="/" element={<p>início</p>} />
          </Routes>
          <Location />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
