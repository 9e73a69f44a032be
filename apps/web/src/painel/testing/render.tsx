import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffEu } from '@rango/domain/painel';
import { cssVariablesResolver, theme } from '../../lib/theme.ts';
import { PainelRoutes } from '../app/router.tsx';

/**
 * The panel's whole route tree at `route` (relative to /painel), with its guards and layouts,
 * as a person would reach it. Mantine's test env turns off transitions and portals.
 */
export function renderPainel(route: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <PainelRoutes />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export const EU_DONO: StaffEu = {
  id: 1,
  nome: 'Dona Vila',
  email: 'dono@sabordavila.com.br',
  estabelecimentos: [{ id: 1, apelidooufantasia: 'Sabor da Vila', logo: null, papel: 'dono' }],
};

export const EU_DOIS: StaffEu = {
  id: 2,
  nome: 'Ana Atendente',
  email: 'ana@exemplo.com.br',
  estabelecimentos: [
    { id: 1, apelidooufantasia: 'Sabor da Vila', logo: null, papel: 'atendente' },
    { id: 2, apelidooufantasia: 'Pizzaria Bella', logo: null, papel: 'dono' },
  ],
};
