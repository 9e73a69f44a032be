import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The restaurant panel (issue 11): its own entry (painel.html → src/painel/main.tsx) and its own
 * build, run after the customer's (`npm run build`), so no module of the panel can reach the
 * customer's chunks and their budget (bench/src/bundle-size.ts). Output in dist/painel/ with its
 * own .vite/manifest.json; files under /painel/assets/ never collide with the customer's
 * /assets/. The server answers /painel and /painel/* with its painel.html (http/spa.ts).
 */
export default defineConfig({
  plugins: [react()],
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
