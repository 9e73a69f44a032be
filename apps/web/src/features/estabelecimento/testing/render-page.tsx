/** Renders the page as the app does (Mantine, React Query, router) against a fake API. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { EstabelecimentoDetalhe, FormaPgto, Menu } from '@rango/domain';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { EstabelecimentoPage } from '../routes/estabelecimento-page.tsx';
import * as data from './fixtures.ts';

export interface FakeApi {
  detalhe: EstabelecimentoDetalhe | null;
  menu: Menu;
  formasPgto: FormaPgto[];
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with the three calls of the page; returns the data so a test can change it first. */
export function fakeApi(overrides: Partial<FakeApi> = {}): FakeApi {
  const api: FakeApi = { detalhe: data.detalhe, menu: data.menu, formasPgto: data.formasPgto, ...overrides };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (!api.detalhe) return json({ detail: 'Estabelecimento não encontrado.' }, 404);
      if (url.endsWith('/controle/estabelecimento/1/')) return json(api.detalhe);
      if (url.endsWith('/api/estabelecimento/1/menu/')) return json(api.menu);
      if (url.endsWith('/api/estabelecimento/1/formapgto/')) return json(api.formasPgto);
      return json({ detail: 'Não encontrado.' }, 404);
    }),
  );
  return api;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderPage(url = '/estabelecimento/1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/', url]} initialIndex={1}>
          <Routes>
            <Route
              path="/estabelecimento/:id"
              element={
                <>
                  <EstabelecimentoPage />
                  <LocationProbe />
                </>
              }
            />
            <Route path="/" element={<p>Página inicial</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
