/**
 * The tests pick their products from the running server's own menu, so they follow the demo
 * seed instead of hard-coding its ids and names.
 */
import type { EstabelecimentoDetalhe, FormaPgto, GrupoOpcao, Menu, Produto } from '@rango/domain';

async function getJson<T>(baseUrl: string, path: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/ead${path}`);
  if (!res.ok) throw new Error(`GET ${path} respondeu ${res.status}`);
  return (await res.json()) as T;
}

export interface DemoData {
  detalhe: EstabelecimentoDetalhe;
  formas: FormaPgto[];
  menu: Menu;
  produtos: Produto[];
}

export async function loadDemo(baseUrl: string, id = 1): Promise<DemoData> {
  const [detalhe, formas, menu] = await Promise.all([
    getJson<EstabelecimentoDetalhe>(baseUrl, `/controle/estabelecimento/${id}/`),
    getJson<FormaPgto[]>(baseUrl, `/api/estabelecimento/${id}/formapgto/`),
    getJson<Menu>(baseUrl, `/api/estabelecimento/${id}/menu/`),
  ]);
  const produtos = menu.grupos.flatMap((g) => g.produtos).filter((p) => p.stindisponivel === 0);
  return { detalhe, formas, menu, produtos };
}

const visibleGroups = (p: Produto): GrupoOpcao[] => p.grupoopcoes.filter((g) => g.stindisponivel === 0);

const isRequired = (g: GrupoOpcao): boolean => g.qtdmultiplomin > 0;

/** Units the drawer pre-applies (qtdpadrao) in a group. */
const defaults = (g: GrupoOpcao): number =>
  g.opcoes.filter((o) => o.stindisponivel === 0).reduce((s, o) => s + o.qtdpadrao, 0);

/** A required group the drawer does not already satisfy with its defaults. */
const isUnmet = (g: GrupoOpcao): boolean => isRequired(g) && defaults(g) < g.qtdmultiplomin;

/** A required group chosen by clicking option labels: one pick per option, exactly N picks. */
const isSimpleRequired = (g: GrupoOpcao): boolean =>
  isRequired(g) &&
  !g.multiplo &&
  defaults(g) === 0 &&
  g.opcoes.filter((o) => o.stindisponivel === 0).length >= g.qtdmultiplomin &&
  new Set(g.opcoes.map((o) => o.descricao)).size === g.opcoes.length;

/** Names unique in the whole menu, so a text selector finds exactly one card. */
function uniqueNames(data: DemoData): (p: Produto) => boolean {
  const counts = new Map<string, number>();
  for (const p of data.produtos) counts.set(p.descricao, (counts.get(p.descricao) ?? 0) + 1);
  return (p) => counts.get(p.descricao) === 1;
}

export interface RequiredPick {
  produto: Produto;
  /** The options to click, in order, that satisfy every required group. */
  escolhas: string[];
  /** True when the chosen options add to the price (the button total must change). */
  mudaPreco: boolean;
}

/**
 * An available product whose required groups are all plain choices (no steppers), preferring
 * one whose choice changes the price.
 */
export function pickRequiredProduct(data: DemoData): RequiredPick {
  const unique = uniqueNames(data);
  const candidates: RequiredPick[] = [];
  for (const produto of data.produtos) {
    if (!unique(produto)) continue;
    const groups = visibleGroups(produto);
    const required = groups.filter(isUnmet);
    if (required.length === 0 || !required.every(isSimpleRequired)) continue;
    const escolhas: string[] = [];
    let mudaPreco = false;
    for (const g of required) {
      // The dearest options first, so the total visibly moves (mode 4 ignores option prices).
      const opts = g.opcoes
        .filter((o) => o.stindisponivel === 0)
        .sort((a, b) => b.preco - a.preco)
        .slice(0, g.qtdmultiplomin);
      // Mode 4 ignores option prices; with qtdinclusa the first units are free.
      const pagas = g.stprecopraticado === 0 ? opts.slice(g.qtdinclusa) : opts;
      if (g.stprecopraticado !== 4 && pagas.some((o) => o.preco > 0)) mudaPreco = true;
      escolhas.push(...opts.map((o) => o.descricao));
    }
    candidates.push({ produto, escolhas, mudaPreco });
  }
  const best = candidates.find((c) => c.mudaPreco) ?? candidates[0];
  if (!best) throw new Error('O cardápio não tem produto com grupo obrigatório simples');
  return best;
}

/** An available product without any required group, for quick adds. */
export function pickSimpleProducts(data: DemoData, n: number): Produto[] {
  const unique = uniqueNames(data);
  const list = data.produtos.filter((p) => unique(p) && !visibleGroups(p).some(isUnmet));
  if (list.length < n) throw new Error(`O cardápio não tem ${n} produtos sem opções obrigatórias`);
  return list.slice(0, n);
}

/** A product whose name has an accent, with a search term typed without it. */
export function pickAccentedSearch(data: DemoData): { produto: Produto; termo: string } {
  for (const produto of data.produtos) {
    const words = produto.descricao.split(/\s+/);
    const word = words.find((w) => w.normalize('NFD') !== w && w.length >= 4);
    if (word) {
      const termo = word
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      return { produto, termo };
    }
  }
  throw new Error('O cardápio não tem produto com acento no nome');
}
