/**
 * The menu as the page shows it: hidden products left out, empty groups dropped, and each
 * product's description normalised once so a search keystroke only runs `includes` over a
 * prepared array (a 2,000-product menu stays well under a frame per keystroke).
 */
import { isHidden, normalizeSearch, type Menu, type Produto } from '@rango/domain';

export interface GrupoVisivel {
  idgrupo: number;
  descricao: string;
  produtos: Produto[];
}

export interface MenuIndex {
  grupos: GrupoVisivel[];
  /** Per group, the normalised description of each product (same order as `produtos`). */
  chaves: string[][];
  /** Visible products by id (hidden ones are absent). */
  porId: ReadonlyMap<number, Produto>;
  total: number;
}

export function buildMenuIndex(menu: Menu): MenuIndex {
  const grupos: GrupoVisivel[] = [];
  const chaves: string[][] = [];
  const porId = new Map<number, Produto>();
  for (const g of menu.grupos) {
    const produtos = g.produtos.filter((p) => !isHidden(p));
    if (produtos.length === 0) continue;
    grupos.push({ idgrupo: g.idgrupo, descricao: g.descricao, produtos });
    chaves.push(produtos.map((p) => normalizeSearch(p.descricao)));
    for (const p of produtos) porId.set(p.idproduto, p);
  }
  return { grupos, chaves, porId, total: porId.size };
}

/**
 * The groups and products matching 'Buscar no cardápio' — same rule as the domain's
 * `matchesSearch` (case- and accent-insensitive), on the pre-normalised keys.
 */
export function filterMenu(index: MenuIndex, query: string): GrupoVisivel[] {
  const q = normalizeSearch(query);
  if (q === '') return index.grupos;
  const out: GrupoVisivel[] = [];
  index.grupos.forEach((g, i) => {
    const keys = index.chaves[i] ?? [];
    const produtos = g.produtos.filter((_, j) => (keys[j] ?? '').includes(q));
    if (produtos.length > 0) out.push({ ...g, produtos });
  });
  return out;
}

export function countProdutos(grupos: readonly GrupoVisivel[]): number {
  return grupos.reduce((s, g) => s + g.produtos.length, 0);
}
