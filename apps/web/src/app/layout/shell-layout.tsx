import { parseId } from '@rango/domain';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { SkipLink } from '../../shared/components/skip-link.tsx';
import { CartProvider } from '../../features/carrinho/index.ts';
import { PedidosAvisos } from '../../features/pedidos/index.ts';
import { setVisitedEstablishmentPath } from '../../storage/index.ts';
import { CookieBanner } from './cookie-banner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './layout.module.css';
import { MobileBottomBar } from './mobile-bottom-bar.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

const MAIN_ID = 'conteudo';

/** Remembers the establishment the customer is on (spec section 3) for 'back' and logout. */
function useTrackVisitedEstablishment() {
  const { pathname } = useLocation();
  useEffect(() => {
    // Only a real id: '/estabelecimento/abc' must not become where the logo and 'back' lead.
    const m = /^\/estabelecimento\/([^/]+)\/?$/.exec(pathname);
    if (m && parseId(m[1]) !== undefined) setVisitedEstablishmentPath(pathname);
  }, [pathname]);
}

/**
 * A new page starts at the top; back and forward keep the browser's own scroll restoration.
 * And its h1 takes the focus (issue 14), so a screen reader reads where the customer landed
 * instead of nothing (the focus fell to <body>).
 */
function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // Only a new path scrolls: opening a product (?item=) keeps the path and must keep the
  // customer's place in the menu.
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
    // The page's chunk and data come later, a loading h1 may give way to the page's, and a
    // closing drawer returns the focus to its button: so every 100 ms for 10 s, until the
    // customer presses a key or a pointer, the h1 takes a focus that is not already in the page
    // (an autofocused field keeps it) or in an open dialog.
    const tick = () => {
      const main = document.getElementById(MAIN_ID);
      const h1 = main?.querySelector('h1');
      const a = document.activeElement;
      if (!h1 || a === h1 || (a !== main && main?.contains(a)) || document.querySelector('[role=dialog]'))
        return;
      h1.tabIndex = -1;
      h1.focus({ preventScroll: true });
    };
    const timer = setInterval(tick, 100);
    const stop = () => {
      clearInterval(timer);
      clearTimeout(fim);
      removeEventListener('keydown', stop, true);
      removeEventListener('pointerdown', stop, true);
    };
    const fim = setTimeout(stop, 10_000);
    addEventListener('keydown', stop, true);
    addEventListener('pointerdown', stop, true);
    tick();
    return stop;
  }, [pathname, navigationType]);
}

/**
 * Everything but the standalone pages lives in this shell (spec section 2). `cookieConsent` is
 * for the static copy rendered at build time (src/shell-prerender.tsx), which has no cookie.
 */
export function ShellLayout({ cookieConsent }: { cookieConsent?: boolean } = {}) {
  useTrackVisitedEstablishment();
  useScrollToTopOnNavigate();
  return (
    // Inside the router: the cart drawer's 'Finalizar pedido' navigates to /pagamento.
    <CartProvider>
      <div className={classes.shell}>
        <SkipLink target={MAIN_ID} />
        <Header />
        <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <MobileBottomBar />
        <ScrollToTop />
        <CookieBanner consent={cookieConsent} />
        <PedidosAvisos />
      </div>
    </CartProvider>
  );
}
