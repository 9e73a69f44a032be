/**
 * The static app shell, rendered at build time (see scripts/prerender-shell.mjs): the markup of
 * React's first render of a shell route (header, bottom bar, page loader, cookie banner) with
 * Mantine's CSS variables, once with the logo (home and menu) and once with the back button
 * (every other shell page). The server puts it in index.html's #root, so the page
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

/**
 * #root's content, with or without the cookie banner: for a logo route (`/`, `/estabelecimento/:id`)
 * by default, or for `path`'s header (every other shell page has a back button instead of the logo).
 */
export function renderShell(cookieConsent: boolean, path = '/'): string {
  return renderToString(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<ShellLayout cookieConsent={cookieConsent} />}>
            <Route path="*" element={<Loading />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}
