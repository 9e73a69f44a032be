import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { StaffEu } from '@rango/domain/painel';
import { cssVariablesResolver, theme } from '../../shared/lib/theme.ts';
import { PainelRoutes } from '../app/router.tsx';
import { EstabelecimentoContext } from '../lib/estabelecimento-atual.ts';

/** The establishment a page rendered alone is under (as at /painel/7). */
const ESTABELECIMENTO_7 = { id: 7, nome: 'Sabor da Vila', papel: 'dono' } as const;

/**
 * The panel's one render helper for tests, with its providers (its Mantine theme in Mantine's
 * test env, which turns off transitions and portals; React Query without retries) and a
 * MemoryRouter. A path (relative to /painel) renders the panel's whole route tree there, with its
 * guards and layouts, as a person would reach it; an element renders alone, as the panel does
 * under /painel/7, with Mantine's notifications to read its notices.
 */
export function renderPainel(what: string | ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const sozinho = typeof what !== 'string';
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      {sozinho ? <Notifications /> : null}
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[sozinho ? '/7' : what]}>
          {sozinho ? (
            <EstabelecimentoContext.Provider value={ESTABELECIMENTO_7}>
              {what}
            </EstabelecimentoContext.Provider>
          ) : (
            <PainelRoutes />
          )}
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
