import { parseId } from '@rango/domain';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
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

/** A new page starts at the top; back and forward keep the browser's own scroll restoration. */
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
