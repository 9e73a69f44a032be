import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';
import { GuestOnly, RequireLogin, useSessionExpiredRedirect } from '../lib/guards.tsx';
import { estabelecimentoDoHost } from '../shared/config/host.ts';
import { ShellLayout } from './layout/shell-layout.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

// Every page is its own chunk: the menu route must stay within its JS budget (150 KiB gzip
// with React), so policy texts and placeholder pages never ride along in the entry.
const HomePage = lazy(() => import('../features/institucional/routes/home-page.tsx'));
const PrivacyPage = lazy(() => import('../features/institucional/routes/privacy-page.tsx'));
const TermsPage = lazy(() => import('../features/institucional/routes/terms-page.tsx'));
const EstabelecimentoPage = lazy(() => import('../features/estabelecimento/index.ts'));
// The payment iframe's page and 'not found' too: a chunk request is a few ms in the iframe, and
// their few hundred bytes are the menu route's (its JS budget is full).
const AguardandoPagamentoPage = lazy(
  () => import('../features/institucional/routes/aguardando-pagamento-page.tsx'),
);
const NotFoundPage = lazy(() => import('./routes/not-found.tsx').then((m) => ({ default: m.NotFoundPage })));

// Account pages (feature conta): each its own chunk, none in the menu route's JS.
const LoginPage = lazy(() => import('../features/conta/routes/login-page.tsx'));
const CadastroPage = lazy(() => import('../features/conta/routes/cadastro-page.tsx'));
const RecuperarPage = lazy(() => import('../features/conta/routes/recuperar-page.tsx'));
const ResetarSenhaPage = lazy(() => import('../features/conta/routes/resetar-senha-page.tsx'));
const ConfirmaPage = lazy(() => import('../features/conta/routes/confirma-page.tsx'));
const LogoutPage = lazy(() => import('../features/conta/routes/logout-page.tsx'));
const FbConfirmarRemocaoPage = lazy(() => import('../features/conta/routes/fb-confirmar-remocao-page.tsx'));
// The profile (feature cliente): its own chunk.
const ClientePage = lazy(() => import('../features/cliente/routes/cliente-page.tsx'));
// Checkout (feature pagamento) and orders (feature pedidos): each page its own chunk.
const PagamentoPage = lazy(() => import('../features/pagamento/routes/pagamento-page.tsx'));
const PedidosPage = lazy(() => import('../features/pedidos/routes/pedidos-page.tsx'));
const PedidoPage = lazy(() => import('../features/pedidos/routes/pedido-page.tsx'));

/** Each page gets its own error boundary; inside the shell it renders within the layout. */
function Guarded({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <RouteErrorBoundary resetKey={location.key}>{children}</RouteErrorBoundary>;
}

const guard = (element: ReactNode) => <Guarded>{element}</Guarded>;

const shellPages: RouteObject[] = [
  // Under a restaurant's own host name `/` is its menu (no redirect: the page reads the host's id).
  { index: true, element: guard(estabelecimentoDoHost ? <EstabelecimentoPage /> : <HomePage />) },
  { path: 'privacy', element: guard(<PrivacyPage />) },
  { path: 'terms', element: guard(<TermsPage />) },
  { path: 'estabelecimento/:id', element: guard(<EstabelecimentoPage />) },
  {
    path: 'login',
    element: guard(
      <GuestOnly>
        <LoginPage />
      </GuestOnly>,
    ),
  },
  {
    path: 'cadastro',
    element: guard(
      <GuestOnly>
        <CadastroPage />
      </GuestOnly>,
    ),
  },
  {
    path: 'recuperar',
    element: guard(
      <GuestOnly>
        <RecuperarPage />
      </GuestOnly>,
    ),
  },
  { path: 'resetar-senha/:clienteUuid/:token', element: guard(<ResetarSenhaPage />) },
  { path: 'confirma/:clienteUuid/:token', element: guard(<ConfirmaPage />) },
  { path: 'logout', element: guard(<LogoutPage />) },
  { path: 'fb_confirmar_remocao', element: guard(<FbConfirmarRemocaoPage />) },
  {
    path: 'cliente/*',
    element: guard(
      <RequireLogin>
        <ClientePage />
      </RequireLogin>,
    ),
  },
  ...(
    [
      ['pagamento', <PagamentoPage key="pagamento" />],
      ['pedido', <PedidosPage key="pedidos" />],
      ['pedido/:id', <PedidoPage key="pedido" />],
    ] as const
  ).map(([path, page]) => ({ path, element: guard(<RequireLogin>{page}</RequireLogin>) })),
  { path: '*', element: guard(<NotFoundPage />) },
];

/** Spec section 2. Exported so tests render the same table in a MemoryRouter. */
export const routes: RouteObject[] = [
  {
    // Standalone: loaded inside the payment iframe, so no shell, cart or cookie banner.
    path: 'aguardando-pagamento',
    element: guard(
      <Suspense fallback={<PageLoader />}>
        <AguardandoPagamentoPage />
      </Suspense>,
    ),
  },
  { element: guard(<ShellLayout />), children: shellPages },
];

export function AppRoutes() {
  useSessionExpiredRedirect();
  return useRoutes(routes);
}

/**
 * Declarative mode (BrowserRouter) on purpose: createBrowserRouter pulls in the data router
 * (loaders, actions, fetchers; +16 KiB gzip measured) that no page uses, and the menu route's JS
 * budget is 150 KiB gzip. Route error boundaries and scroll reset are done by hand instead.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
