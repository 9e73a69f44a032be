import { COR_PADRAO, cssDaMarca } from '@rango/domain/painel/marca';
import type { Db } from '../../db/index.ts';
import { corDoShell } from './marca.ts';
import { caminhoManifesto, caminhoMenu } from './marca-caminhos.ts';

const MENU_PATH = /^\/estabelecimento\/(\d{1,9})\/?$/;
/** vite-plugin-pwa's link to Rango's own manifest, and index.html's theme colour. */
const MANIFEST_LINK = /<link rel="manifest"[^>]*>/;
const THEME_COLOR = /<meta name="theme-color"[^>]*>/;

/** The establishment whose menu this path is, or undefined. */
export function estabelecimentoDoCaminho(path: string): number | undefined {
  const m = MENU_PATH.exec(path);
  const id = m ? Number(m[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * The static shell of a restaurant's menu in its brand (issue 23 part 4), written by the server
 * so the menu route's JS does not grow: the link to the restaurant's own manifest instead of
 * Rango's (so "Adicionar à tela inicial" installs its app), its colour as `theme-color` and as
 * the theme's CSS variables in a `<style>` (the CSP allows inline styles). The cart and checkout
 * are drawn in the same document, and the order pages reached from it keep its head, so they
 * keep the colour too. A restaurant without a colour keeps Rango's.
 */
export function marcarShell(html: string, id: number, cor: string | null): string {
  // The shell's own tags are pointed at the restaurant (a shell without them is left so).
  let out = html.replace(MANIFEST_LINK, `<link rel="manifest" href="${caminhoManifesto(id)}">`);
  out = out.replace(THEME_COLOR, `<meta name="theme-color" content="${cor ?? COR_PADRAO}">`);
  if (cor) out = out.replace('</head>', `<style id="rango-marca">${cssDaMarca(cor)}</style></head>`);
  return out;
}

/**
 * The path whose shell a request for `path` gets: under an establishment's own host name (`idDoHost`)
 * `/` is its menu, drawn as `/estabelecimento/{id}` is (its data preloaded, its chunk, its frame).
 */
export function caminhoDoShell(path: string, idDoHost: number | undefined): string {
  return idDoHost !== undefined && path === '/' ? caminhoMenu(idDoHost) : path;
}

/**
 * The shell's HTML for `path`, in its restaurant's brand when the restaurant is known: every page
 * under its own host name (`idDoHost`: the menu at `/`, the order, the account, the checkout…),
 * else its menu page. Under its host the shell also names it for the customer app
 * (`<meta name="rango-estabelecimento">`: `/` draws its menu, apps/web's shared/config/host.ts).
 * An order page on the platform's host is not branded: the order's establishment is not told to
 * whoever asks for an order id (the page's session is in the browser, not in a cookie).
 */
export async function shellComMarca(
  db: Db,
  path: string,
  html: string,
  idDoHost?: number | undefined,
): Promise<string> {
  const id = idDoHost ?? estabelecimentoDoCaminho(path);
  if (id === undefined) return html;
  const marcado = marcarShell(html, id, await corDoShell(db, id));
  if (idDoHost === undefined) return marcado;
  return marcado.replace('</head>', `<meta name="rango-estabelecimento" content="${idDoHost}"></head>`);
}
