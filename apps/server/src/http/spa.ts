/**
 * The SPA shell (index.html) with per-route hints. For `/estabelecimento/:id` the page's data
 * and code are requested by the browser while it still downloads the entry, instead of after
 * the entry has run and the route's chunk has loaded:
 *   - `<link rel="preload" as="fetch" crossorigin="anonymous">` for the three API calls the
 *     page makes first (same URL, mode and credentials as the app's fetch, so Chrome reuses
 *     the preloaded answer);
 *   - `<link rel="modulepreload">` for the route's chunk and its imports, from Vite's manifest.
 * Without a manifest (no build, tests) index.html is served as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ESTABELECIMENTO_CHUNK = 'src/features/estabelecimento/index.ts';
const ESTABELECIMENTO_PATH = /^\/estabelecimento\/(\d{1,9})\/?$/;

/** Files of `key` and everything it imports statically, minus what the entry already preloads. */
function chunkFiles(manifest: Manifest, key: string): string[] {
  const entryFiles = new Set<string>();
  const collect = (k: string, into: Set<string>) => {
    const c = manifest[k];
    if (!c || into.has(c.file)) return;
    into.add(c.file);
    for (const i of c.imports ?? []) collect(i, into);
  };
  for (const [k, c] of Object.entries(manifest)) if (c.isEntry) collect(k, entryFiles);
  const files = new Set<string>();
  collect(key, files);
  return [...files].filter((f) => !entryFiles.has(f));
}

export interface SpaShell {
  /** index.html for this path (without the query string). */
  html: (path: string) => string;
}

export function createSpaShell(webDist: string, apiPrefix: string): SpaShell {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile) || !index.includes('</head>')) return { html: () => index };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const modules = chunkFiles(manifest, ESTABELECIMENTO_CHUNK)
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
    .join('');
  const [before, after] = [index.slice(0, index.indexOf('</head>')), index.slice(index.indexOf('</head>'))];
  return {
    html(path) {
      const m = ESTABELECIMENTO_PATH.exec(path);
      if (!m) return index;
      const id = Number(m[1]);
      const data = [
        `/controle/estabelecimento/${id}/`,
        `/api/estabelecimento/${id}/menu/`,
        `/api/estabelecimento/${id}/formapgto/`,
      ]
        .map((u) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${apiPrefix}${u}">`)
        .join('');
      return `${before}${data}${modules}${after}`;
    },
  };
}
