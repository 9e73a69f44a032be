/**
 * The static app shell, rendered at build time (see scripts/prerender-shell.mjs): the markup of
 * React's first render of a shell route (header, bottom bar, page loader, cookie banner) with
 * Mantine's CSS variables, once with the logo (home and menu) and once with the back button
 * (every other shell page). The server puts it in index.html's #root, so the page
 * paints before the entry's JS has loaded; createRoot's first commit replaces it. Rendered from
 * the real components, so it cannot drift from them.
 */
import { lazy, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ShellLayout } from './app/layout/shell-layout.tsx';
import { AppProvider } from './app/provider.tsx';
import HomePage from './features/institucional/routes/home-page.tsx';
import PrivacyPage from './features/institucional/routes/privacy-page.tsx';
import TermsPage from './features/institucional/routes/terms-page.tsx';
import { COOKIE_CONSENT } from './storage/index.ts';

/** The consent cookie's name: the server shows the banner only to requests without it. */
export const consentCookie = COOKIE_CONSENT;

// The route's chunk is still loading at React's first render: the page loader shows.
const Loading = lazy(() => new Promise<never>(() => {}));

/**
 * Pages drawn whole in their static shell (issue 14): fixed texts, no data, no session, so the
 * text is on screen with the first paint instead of after the app and the page's chunk have
 * run (their largest paint was ~3 s on a throttled phone). The server adds the CSS of the page's
 * chunk to their HTML (apps/server's http/spa.ts, PAGE_CHUNKS), and draws them only for a URL
 * without a query (the home page's `?origem=app` redirects).
 */
export const staticPages: Record<string, ComponentType> = {
  '/': HomePage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
};

/**
 * #root's content, with or without the cookie banner: for a logo route (`/`, `/estabelecimento/:id`)
 * by default, or for `path`'s header (every other shell page has a back button instead of the logo),
 * with the page loader in the page's place, or `Page` drawn there.
 */
export function renderShell(cookieConsent: boolean, path = '/', Page?: ComponentType): string {
  return renderToString(
    <AppProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<ShellLayout cookieConsent={cookieConsent} />}>
            <Route path="*" element={Page ? <Page /> : <Loading />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AppProvider>,
  );
}
