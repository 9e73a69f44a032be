import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { transform } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * /start-after-paint.js (src/start-after-paint.js, a classic script: the server's HTML names it
 * instead of the entry's module tag, see apps/server/src/http/spa.ts), minified into the build's
 * root: it is part of every shell page's JS, the menu route's budget included.
 */
const startAfterPaint: Plugin = {
  name: 'rango-start-after-paint',
  async generateBundle() {
    const src = readFileSync(new URL('./src/start-after-paint.js', import.meta.url), 'utf8');
    const { code } = await transform(src, { minify: true, target: 'es2015' });
    this.emitFile({ type: 'asset', fileName: 'start-after-paint.js', source: code });
  },
};

/**
 * Installable and offline (issue 14): the web app manifest and the service worker (src/sw.ts:
 * its caching policy is described there), built by vite-plugin-pwa with Workbox. The app
 * registers the worker itself, after the first render (src/app/pwa.ts), so nothing of it runs
 * before the menu paints.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [],
  manifest: {
    id: '/',
    name: 'Rango — peça online',
    short_name: 'Rango',
    description: 'Peça online direto do cardápio do restaurante, com entrega ou retirada.',
    lang: 'pt-BR',
    dir: 'ltr',
    // The home page sends an installed app to the last restaurant the customer opened.
    start_url: '/?origem=app',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#c73a0b',
    icons: [
      { src: '/icons/rango-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/rango-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/rango-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/rango-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The whole customer app (every route's chunk), its icons and the start-after-paint loader;
    // not the pages (the server writes them per route) nor the panel (its own build).
    globPatterns: ['assets/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg', 'start-after-paint.js'],
    maximumFileSizeToCacheInBytes: 1024 * 1024,
  },
});

export default defineConfig({
  plugins: [react(), startAfterPaint, pwa],
  build: {
    target: 'es2022',
    // The server reads .vite/manifest.json to preload a route's chunk with its HTML (http/spa.ts).
    manifest: true,
    // The server applies `script-src 'self'`: no inline module-preload polyfill script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: a stable vendor chunk stays cached across deploys.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // Everything else the entry imports statically, in the entry's own chunk. Left to the
            // automatic splitting, the modules lazy pages also use (Mantine's Box and buttons, zod,
            // small hooks) became shared chunks of their own, each one more request before the
            // app starts, with its import/export glue and its file name in the entry's preload
            // lists (bench/src/bundle-size.ts on the menu route: 22 → 16 files, 152.0 → 149.7
            // KiB gzip). Every page loads the entry's imports anyway, so none loads more.
            { name: 'index', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `vite dev` talks to the API server started by `npm run serve`.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
