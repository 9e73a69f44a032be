import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { isValidElement, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '../shared/lib/theme.ts';

export interface RenderOptions {
  /** Where the router starts (default '/'). */
  route?: string;
  /** Entries before `route` in the router's history, so a 'Voltar' has somewhere to go. */
  history?: string[];
  /** Mantine's notifications, to read the notices a page shows. */
  notifications?: boolean;
  /** A probe with the router's path and search (data-testid="location"). */
  location?: boolean;
  /** A query client the test filled first (default: a new one without retries). */
  queryClient?: QueryClient;
}

function Location() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * The customer app's one render helper for tests: `ui` with the app's providers (its Mantine
 * theme in Mantine's test env, which turns off transitions and portals, so what a user would see
 * is in the container at once; React Query without retries) and a MemoryRouter at `route`.
 * `ui` is one element, or routes by path. Returns the query client with the render result.
 */
export function renderWithProviders(
  ui: ReactElement | Record<string, ReactElement>,
  { route = '/', history = [], notifications = false, location = false, ...options }: RenderOptions = {},
) {
  const queryClient =
    options.queryClient ??
    new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const rotas = !isValidElement(ui) ? (
    <Routes>
      {Object.entries(ui).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      {notifications ? <Notifications /> : null}
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[...history, route]} initialIndex={history.length}>
          {rotas}
          {location ? <Location /> : null}
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
