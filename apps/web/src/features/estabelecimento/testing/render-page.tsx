/** Renders the page as the app does (the app's render helper) against a fake API. */
import type { EstabelecimentoDetalhe, FormaPgto, Menu } from '@rango/domain';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
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

/** The page at `url` (after the home page in the history) with the notices and the location. */
export function renderPage(url = '/estabelecimento/1') {
  return renderWithProviders(
    { '/estabelecimento/:id': <EstabelecimentoPage />, '/': <p>Página inicial</p> },
    { route: url, history: ['/'], notifications: true, location: true },
  );
}
