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
        // React and the router change rarely: a stable vendor chunk stays cached across deploys.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    // `vite dev` talks to the API server started by `npm run serve`.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
