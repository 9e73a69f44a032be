/**
 * The SPA shell (index.html) with per-route hints. For `/estabelecimento/:id` the page's data
 * and code are requested by the browser while it still downloads the entry, instead of after
 * the entry has run and the route's chunk has loaded:
 *   - `<link rel="preload" as="fetch" crossorigin="anonymous">` for the three API calls the
 *     page makes first (same URL, mode and credentials as the app's fetch, so Chrome reuses
 *     the preloaded answer);
 *   - from Vite's manifest, the route's chunk: its CSS as `<link rel="stylesheet">` and its JS,
 *     with imports, as `<link rel="modulepreload">`;
 *   - the static app shell in `#root` (from `.vite/shell.json`, rendered from the React
 *     components at build time by apps/web/scripts/prerender-shell.mjs): header, bottom bar,
 *     page loader and, without the consent cookie, the cookie banner, exactly as React's first
 *     render draws them. createRoot's first commit replaces it. `inert` keeps its dead controls
 *     out of reach (and of the accessibility tree);
 *   - with that shell, the entry's `<script type="module">` becomes a modulepreload of it (fetched
 *     and compiled, not run) plus /start-after-paint.js (apps/web/public), which adds the module
 *     script after the first frame: the page paints before the app's JS is evaluated.
 * Every other page of the shell gets the same first paint (its header: the logo on `/`, the back
 * button elsewhere) without the menu's data and chunk, a public page with its own chunk among
 * the loader's preloads; the standalone payment page keeps the entry's tag: React draws
 * everything there.
 * Without a manifest (no build, tests) index.html is served as is.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseId } from '@rango/domain';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** #root's content with and without the cookie banner. */
interface ShellMarkup {
  banner: string;
  noBanner: string;
}

/**
 * Written by apps/web/scripts/prerender-shell.mjs: the shell with the logo (home, menu) and, in
 * `back`, with the back button (every other page of the shell); in `pages`, the pages drawn
 * whole (the policies: fixed texts), by path.
 */
interface StaticShell extends ShellMarkup {
  consentCookie: string;
  back?: ShellMarkup;
  pages: Map<string, ShellMarkup>;
}

const isMarkup = (m: unknown): m is ShellMarkup =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as ShellMarkup).banner === 'string' &&
  typeof (m as ShellMarkup).noBanner === 'string';

const ROOT = '<div id="root"></div>';

function readStaticShell(file: string): StaticShell | null {
  if (!existsSync(file)) return null;
  const s = JSON.parse(readFileSync(file, 'utf8')) as Partial<Omit<StaticShell, 'pages'>> & {
    pages?: unknown;
  };
  const { consentCookie, back, pages: drawn } = s;
  if (typeof consentCookie !== 'string' || !isMarkup(s)) return null;
  const pages = new Map(
    Object.entries(typeof drawn === 'object' && drawn !== null ? drawn : {}).filter(
      (e): e is [string, ShellMarkup] => isMarkup(e[1]),
    ),
  );
  return {
    consentCookie,
    banner: s.banner,
    noBanner: s.noBanner,
    ...(isMarkup(back) ? { back } : {}),
    pages,
  };
}

/** True when the Cookie header holds `name=true` (what the banner's 'Ok' writes). */
export function hasConsent(cookieHeader: string | undefined, name: string): boolean {
  return (cookieHeader ?? '').split(';').some((c) => c.trim() === `${name}=true`);
}

/** Vite's tag for the entry in index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
/** Vite's preload tags for the entry's static imports. */
const MODULEPRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\s*/g;
const ESTABELECIMENTO_CHUNK = 'src/features/estabelecimento/index.ts';
const ESTABELECIMENTO_PATH = /^\/estabelecimento\/([^/]+)\/?$/;
/** Pages outside the shell (the payment iframe's): index.html as is, React draws everything. */
const STANDALONE_PATH = /^\/aguardando-pagamento(\/|$)/;
/**
 * The public pages' own chunks (apps/web's router.tsx lazy-loads each page): the loader preloads
 * a page's chunk with the entry, so the page is there when React first renders (one commit,
 * without the page loader in between, and no request started only after React has run). Pages
 * behind a login are left out: without a session they send to /login.
 */
const PAGE_CHUNKS: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'src/features/institucional/routes/home-page.tsx'],
  [/^\/privacy\/?$/, 'src/features/institucional/routes/privacy-page.tsx'],
  [/^\/terms\/?$/, 'src/features/institucional/routes/terms-page.tsx'],
  [/^\/login\/?$/, 'src/features/conta/routes/login-page.tsx'],
  [/^\/cadastro\/?$/, 'src/features/conta/routes/cadastro-page.tsx'],
  [/^\/recuperar\/?$/, 'src/features/conta/routes/recuperar-page.tsx'],
];
/** The header shows the logo on these (apps/web's header.tsx), a back button elsewhere. */
const isLogoPath = (path: string): boolean => path === '/' || path.startsWith('/estabelecimento/');

/**
 * JS and CSS files of `keys` and everything they import statically, minus what the entry
 * already loads (index.html links those).
 */
function chunkFiles(manifest: Manifest, keys: string[]): { js: string[]; css: string[] } {
  const entry = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const collect = (k: string, into: Set<string>, cssInto: Set<string>) => {
    const c = manifest[k];
    if (!c || into.has(c.file)) return;
    into.add(c.file);
    for (const f of c.css ?? []) cssInto.add(f);
    for (const i of c.imports ?? []) collect(i, into, cssInto);
  };
  const entryCss = new Set<string>();
  for (const [k, c] of Object.entries(manifest)) if (c.isEntry) collect(k, entry, entryCss);
  for (const k of keys) collect(k, js, css);
  return { js: [...js].filter((f) => !entry.has(f)), css: [...css].filter((f) => !entryCss.has(f)) };
}

/** A page chunk's CSS up to this size is written into the page drawn whole instead of linked. */
const INLINE_CSS_MAX = 4096;

/**
 * The CSS a page drawn whole needs for its first paint. A small file is written in the head as a
 * `<style>` (the CSP allows inline styles, not scripts): a linked one is one more request that
 * blocks the first paint, which on a slow phone's connection costs a round trip (Lighthouse: `/`
 * 1.22 s FCP with the link). When the page's chunk loads, Vite links the same file; its rules are
 * the same, so nothing changes on screen. A larger file, or one that could close the tag, stays
 * linked.
 */
function pageCss(webDist: string, file: string): string {
  const link = `<link rel="stylesheet" crossorigin href="/${file}">`;
  let text: string;
  try {
    text = readFileSync(join(webDist, file), 'utf8');
  } catch {
    return link;
  }
  return text.length <= INLINE_CSS_MAX && !/<\//.test(text) ? `<style>${text}</style>` : link;
}

export interface SpaShell {
  /** index.html for this path (without the query string) and the request's Cookie header. */
  /**
   * `bare`: the URL has no query string. Only then is a page drawn whole: a query may change what
   * the page shows (`/?origem=app` sends the installed app on to its last restaurant).
   */
  html: (path: string, cookieHeader?: string, bare?: boolean) => string;
}

export function createSpaShell(webDist: string, apiPrefix: string): SpaShell {
  const index = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile) || !index.includes('</head>')) return { html: () => index };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const files = chunkFiles(manifest, [ESTABELECIMENTO_CHUNK]);
  const modules = [
    ...files.css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('');
  const [before, after] = [index.slice(0, index.indexOf('</head>')), index.slice(index.indexOf('</head>'))];
  const shell = after.includes(ROOT) ? readStaticShell(join(webDist, '.vite', 'shell.json')) : null;
  // With the static shell the page is on screen before any JS: the loader requests the entry
  // once the shell has painted, so the first paint waits only for the HTML and the CSS (no
  // module downloads compete with them). Without a shell, Vite's tags stay as they are.
  // The loader preloads the entry's imports and the route's chunk as it starts the entry.
  const entry = ENTRY_SCRIPT.exec(index)?.[1];
  const withShell = shell !== null && entry !== undefined;
  const entryPreloads = [...before.matchAll(MODULEPRELOAD)].map((m) => m[1]);
  const afterPaint = (preloads: (string | undefined)[]) =>
    before
      .replace(MODULEPRELOAD, '')
      .replace(
        ENTRY_SCRIPT,
        `<script src="/start-after-paint.js" data-entry="${entry}" data-preload="${preloads.join(' ')}" defer></script>`,
      );
  const head = withShell ? afterPaint(entryPreloads.concat(files.js.map((f) => `/${f}`))) : before;
  // Every other page of the shell paints its frame first too (issue 14), preloading the entry's
  // imports and, for a public page, its chunk (PAGE_CHUNKS; its CSS comes with its import).
  const otherHead = withShell ? afterPaint(entryPreloads) : before;
  // A page drawn whole in its shell (`pages`) needs its chunk's CSS for that first paint: linked
  // in its head (the chunk's import later finds it there and adds it no second time).
  const pageHeads = PAGE_CHUNKS.map(([pattern, key]) => {
    const page = chunkFiles(manifest, [key]);
    const js = page.js.map((f) => `/${f}`);
    const pageHead = withShell && js.length > 0 ? afterPaint(entryPreloads.concat(js)) : otherHead;
    const css = page.css.map((f) => pageCss(webDist, f)).join('');
    return [pattern, pageHead, pageHead + css] as const;
  });
  const inRoot = (markup: ShellMarkup, cookieHeader: string | undefined) =>
    after.replace(
      ROOT,
      `<div id="root"><div inert>${hasConsent(cookieHeader, shell!.consentCookie) ? markup.noBanner : markup.banner}</div></div>`,
    );
  return {
    html(path, cookieHeader, bare = true) {
      const id = parseId(ESTABELECIMENTO_PATH.exec(path)?.[1]);
      if (id === undefined) {
        if (!withShell || STANDALONE_PATH.test(path)) return index;
        const drawn = bare ? shell.pages.get(path.replace(/(.)\/$/, '$1')) : undefined;
        const markup = drawn ?? (isLogoPath(path) ? shell : shell.back);
        const page = pageHeads.find(([pattern]) => pattern.test(path));
        const pageHead = page ? page[drawn ? 2 : 1] : otherHead;
        return markup ? `${pageHead}${inRoot(markup, cookieHeader)}` : index;
      }
      const data = [
        `/controle/estabelecimento/${id}/`,
        `/api/estabelecimento/${id}/menu/`,
        `/api/estabelecimento/${id}/formapgto/`,
      ]
        .map((u) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${apiPrefix}${u}">`)
        .join('');
      const body = shell ? inRoot(shell, cookieHeader) : after;
      return `${head}${data}${withShell ? '' : modules}${body}`;
    },
  };
}

/**
 * The restaurant panel (issue 11): its own build in `<webDist>/painel/` (apps/web's
 * vite.painel.config.ts), its page painel.html and its hashed files under /painel/assets/.
 * Every /painel and /painel/* client route gets that page; the customer's index.html never
 * carries a byte of it.
 */
export const PAINEL_PREFIX = '/painel';
export const PAINEL_DIR = 'painel';

/** True for the panel's client routes and files. */
export const isPainelPath = (path: string): boolean =>
  path === PAINEL_PREFIX || path.startsWith(`${PAINEL_PREFIX}/`);

/** The panel's hashed files: a missing one is a 404, never the page (it would run as a script). */
export const isPainelAsset = (path: string): boolean => path.startsWith(`${PAINEL_PREFIX}/assets/`);

/** The panel's page, or null when this build has no panel. */
export function readPainelHtml(webDist: string): string | null {
  const file = join(webDist, PAINEL_DIR, 'painel.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
