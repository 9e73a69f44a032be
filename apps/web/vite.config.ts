import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
