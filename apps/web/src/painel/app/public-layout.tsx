import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LogoMark } from '../../shared/components/logo.tsx';
import { SkipLink } from '../../shared/components/skip-link.tsx';
import { PageErrorBoundary } from '../components/error-boundary.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import classes from './public-layout.module.css';

const MAIN_ID = 'conteudo';

/** Sign-in, recovery and the password links: one centred card, the panel's mark above it. */
export function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <div className={classes.fundo}>
      <SkipLink target={MAIN_ID} />
      <header className={classes.topo}>
        <LogoMark size={36} />
        <span className={classes.marca}>
          Rango <span className={classes.painel}>Painel do restaurante</span>
        </span>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <div className={classes.cartao}>
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </div>
      </main>
    </div>
  );
}
