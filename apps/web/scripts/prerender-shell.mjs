// Renders the static app shell (src/shell-prerender.tsx) after `vite build`: Vite builds the
// module for Node, this writes its HTML to dist/.vite/shell.json, read by the server (http/spa.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'node_modules', '.shell-ssr');
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/shell-prerender.tsx', outDir, emptyOutDir: true, manifest: false },
});
const { renderShell, consentCookie, staticPages } = await import(
  pathToFileURL(join(outDir, 'shell-prerender.js')).href
);
// The logo header (home, menu) and the back-button header (every other page of the shell).
const shell = {
  consentCookie,
  banner: renderShell(false),
  noBanner: renderShell(true),
  back: { banner: renderShell(false, '/pagina'), noBanner: renderShell(true, '/pagina') },
  // The pages drawn whole (their path's header and the page itself).
  pages: Object.fromEntries(
    Object.entries(staticPages).map(([path, Page]) => [
      path,
      { banner: renderShell(false, path, Page), noBanner: renderShell(true, path, Page) },
    ]),
  ),
};
mkdirSync(join(root, 'dist', '.vite'), { recursive: true });
writeFileSync(join(root, 'dist', '.vite', 'shell.json'), JSON.stringify(shell));
