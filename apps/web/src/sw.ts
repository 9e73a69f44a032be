/// <reference lib="webworker" />
/**
 * Rango's service worker (issue 14, installable and offline), built by vite-plugin-pwa
 * (injectManifest: Workbox's modules bundled with this file, the build's file list injected).
 * Its caching policy, each route chosen on purpose:
 *   - the app (the build's JS, CSS, icons): precached at install, served from the cache, replaced
 *     as a whole by the next version (old precaches removed);
 *   - pages (navigations of the customer's app): network first; offline, the last copy of that
 *     page or, for a page never opened, of any page (the app draws the route itself);
 *   - menu data (establishment, menu, payment methods) and the customer's orders: network
 *     first with the last answer as fallback. When it answers from the cache it tells the page
 *     (a `rango-offline` message with when the answer was stored), which the order pages show as
 *     'Sem conexão — mostrando dados de HH:mm'. The orders are kept per customer: the cache key names the
 *     token's `sub`, so another account on the same phone (or nobody, after logout) never reads
 *     them;
 *   - product and logo images: cache first, at most 200, for 30 days;
 *   - everything else (writes, checkout, payment, tokens, event streams, the panel) goes to the
 *     network only: nothing that needs the network is answered from a cache.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core';
import { abrirPedidoDaNotificacao } from './sw-notificacao.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

const API = '/api/ead';
const CACHE_PAGINAS = 'rango-paginas';
const CACHE_DADOS = 'rango-dados';
const CACHE_IMAGENS = 'rango-imagens';
const GUARDADO_EM = 'x-rango-guardado-em';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open page at once (its data is cached from then on); a later one
// waits for the customer's 'Atualizar'.
clientsClaim();

/** The page's 'Atualizar' (app/pwa.ts) lets the waiting version take over. */
self.addEventListener('message', (event) => {
  if ((event.data as { tipo?: string } | null)?.tipo === 'atualizar') void self.skipWaiting();
});

/** The customer's id in a Bearer token (its `sub`), or null. Read, not verified: only a cache key. */
function clienteDoToken(request: Request): string | null {
  const token = /^Bearer\s+[^.]+\.([^.]+)\./.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!token) return null;
  try {
    const payload = JSON.parse(atob(token.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof payload.sub === 'string' && /^\d{1,10}$/.test(payload.sub) ? payload.sub : null;
  } catch {
    return null;
  }
}

/** Stores when each answer was cached, and marks an answer served from the cache. */
const marcaOffline: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!response.ok) return null;
    const headers = new Headers(response.headers);
    headers.set(GUARDADO_EM, String(Date.now()));
    return new Response(await response.blob(), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  },
  cachedResponseWillBeUsed: async ({ cachedResponse, request, event }) => {
    if (!cachedResponse) return null;
    const em = Number(cachedResponse.headers.get(GUARDADO_EM)) || null;
    // The page that asked hears it got stored data, and from when (the order page's banner).
    const clientId = event instanceof FetchEvent ? event.clientId : '';
    if (clientId)
      void self.clients
        .get(clientId)
        .then((c) => c?.postMessage({ tipo: 'rango-offline', url: request.url, em }));
    return cachedResponse;
  },
};

/** The orders' cache key names the customer; without a token there is nothing to cache. */
const porCliente: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const cliente = clienteDoToken(request);
    const url = new URL(request.url);
    url.searchParams.set('__cliente', cliente ?? 'nenhum');
    return url.href;
  },
};

const dados = (nome: string, plugins: WorkboxPlugin[]) =>
  new NetworkFirst({
    cacheName: nome,
    plugins: [
      ...plugins,
      marcaOffline,
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  });

// Menu data: public, the same for everyone.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    /^\/api\/ead\/(controle\/estabelecimento\/\d+\/|api\/estabelecimento\/\d+\/(menu|formapgto)\/)$/.test(
      url.pathname,
    ),
  dados(CACHE_DADOS, []),
);

// The customer's orders (list, detail, status, receipt), kept per customer.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(`${API}/controle/pedido/`) &&
    !url.pathname.includes('/eventos/') &&
    clienteDoToken(request) !== null,
  dados(`${CACHE_DADOS}-pedidos`, [porCliente]),
);

// Product photos and logos.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith(`${API}/media/`),
  new CacheFirst({
    cacheName: CACHE_IMAGENS,
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Pages of the customer's app (not the panel's, nor the payment iframe's).
const paginas = new NetworkFirst({
  cacheName: CACHE_PAGINAS,
  plugins: [new ExpirationPlugin({ maxEntries: 30 })],
});
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' &&
    url.origin === self.location.origin &&
    !url.pathname.startsWith('/painel') &&
    !url.pathname.startsWith('/api/') &&
    !url.pathname.startsWith('/aguardando-pagamento'),
  async (options) => {
    try {
      return await paginas.handle(options);
    } catch (erro) {
      // A page never opened: any stored page runs the app, which draws this route itself.
      const cache = await caches.open(CACHE_PAGINAS);
      const qualquer = (await cache.keys())[0];
      const resposta = qualquer ? await cache.match(qualquer) : undefined;
      if (resposta) return resposta;
      throw erro;
    }
  },
);

/**
 * Web Push (issue 22): the server's message (`{ titulo, texto, url, tag }`, encrypted by the push
 * service's protocol and decrypted by the browser) shown as a notification; one per order
 * (`tag`), the newer replacing the older.
 */
self.addEventListener('push', (event) => {
  let m: { titulo?: unknown; texto?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    m = (event.data?.json() ?? {}) as typeof m;
  } catch {
    m = { texto: event.data?.text() };
  }
  const titulo = typeof m.titulo === 'string' ? m.titulo : 'Rango';
  // Only a path of this app is opened on click.
  const url = typeof m.url === 'string' && /^\/pedido\/\d+$/.test(m.url) ? m.url : '/pedido';
  event.waitUntil(
    self.registration.showNotification(titulo, {
      body: typeof m.texto === 'string' ? m.texto : '',
      icon: '/icons/rango-192.png',
      badge: '/icons/rango-192.png',
      data: { url },
      ...(typeof m.tag === 'string' ? { tag: m.tag } : {}),
    }),
  );
});

/** A click opens the order page: an open tab of the app is reused, else a new window. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(abrirPedidoDaNotificacao(self.clients, self.location.origin, event.notification.data));
});
