import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../../../../lib/theme.ts';
import { EstabelecimentoContext } from '../../../app/estabelecimento.ts';

/** Renders `ui` as the panel does under /painel/7 (Mantine's test env: no transitions, no portals). */
export function renderPainel(ui: ReactElement) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <Notifications />
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/7']}>
          <EstabelecimentoContext.Provider value={{ id: 7, nome: 'Sabor da Vila', papel: 'dono' }}>
            {ui}
          </EstabelecimentoContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
