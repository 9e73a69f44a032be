/**
 * The static app shell, rendered at build time (see scripts/prerender-shell.mjs): the markup of
 * React's first render of the menu and home routes (header, bottom bar, page loader, cookie
 * banner) with Mantine's CSS variables. The server puts it in index.html's #root, so the page
 * paints before the entry's JS has loaded; createRoot's first commit replaces it. Rendered from
 * the real components, so it cannot drift from them.
 */
import { lazy } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ShellLayout } from './app/layout/shell-layout.tsx';
import { AppProvider } from './app/provider.tsx';
import { COOKIE_CONSENT } from './storage/index.ts';

/** The consent cookie's name: the server shows the banner only to requests without it. */
export const consentCookie = COOKIE_CONSENT;

// The route's chunk is still loading at React's first render: the page loader shows.
const Loading = lazy(() => new Promise<never>(() => {}));

/** #root's content for a logo route (`/`, `/estabelecimento/:id`), with or without the cookie banner. */
export function renderShell(cookieConsent: boolean): string {
  return renderToString(
    <AppProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route element={<ShellLayout cookieConsent={cookieConsent} />}>
            <Route path="*" element={<Loading />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}
