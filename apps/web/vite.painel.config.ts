import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The restaurant panel (issue 11): its own entry (painel.html → src/painel/main.tsx) and its own
 * build, run after the customer's (`npm run build`), so no module of the panel can reach the
 * customer's chunks and their budget (bench/src/bundle-size.ts). Output in dist/painel/ with its
 * own .vite/manifest.json; files under /painel/assets/ never collide with the customer's
 * /assets/. The server answers /painel and /painel/* with its painel.html (http/spa.ts).
 */
/**
 * painel.html holds a static frame of the page (the panel's mark and a card). Its entry script
 * becomes /start-after-paint.js (apps/web/public, the customer's menu route does the same), which
 * loads the entry once that frame has painted: the first paint waits for the HTML and the CSS
 * only, not for the entry's ~140 KiB (Lighthouse mobile on /painel/login: FCP ≈ 2.1 s before).
 */
function startAfterPaint(): Plugin {
  return {
    name: 'rango-painel-start-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
        if (!entry) return html;
        const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)].map(
          (m) => m[1],
        );
        return html
          .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
          .replace(
            /<script type="module" crossorigin src="[^"]+"><\/script>/,
            `<script src="/start-after-paint.js" data-entry="${entry}" data-preload="${preload.join(' ')}" defer></script>`,
          );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), startAfterPaint()],
  base: '/painel/',
  // The customer's build already copied public/ (favicon) to dist/.
  publicDir: false,
  build: {
    target: 'es2022',
    outDir: 'dist/painel',
    emptyOutDir: true,
    manifest: true,
    // The server applies `script-src 'self'`: no inline module-preload polyfill script.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'painel.html',
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: a stable vendor chunk stays cached across deploys.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // What the entry imports statically stays in one chunk (see vite.config.ts).
            { name: 'painel', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
