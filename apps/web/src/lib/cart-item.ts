/** Turning the drawer's choices into the cart's item, and back (editing). */
import {
  isHidden,
  priceItem,
  visibleGroups,
  type Menu,
  type Produto,
  type QuantidadesGrupo,
} from '@rango/domain';
import type { CartItem } from '../stores/cart.ts';

export type Escolhas = Record<number, QuantidadesGrupo>;

/** Human lines for the cart list: '2x Bacon', 'Sem cebola', in the product's group and option order. */
export function resumoLines(produto: Produto, escolhas: Escolhas): string[] {
  const lines: string[] = [];
  for (const grupo of visibleGroups(produto)) {
    const escolha = escolhas[grupo.idgrupoopcao];
    if (!escolha) continue;
    for (const opcao of grupo.opcoes) {
      const q = escolha[opcao.idopcao] ?? 0;
      if (q <= 0) continue;
      lines.push(q > 1 ? `${q}x ${opcao.descricao}` : opcao.descricao);
    }
  }
  return lines;
}

/** Drops empty groups and zero quantities so the stored choice is minimal. */
export function compactEscolhas(escolhas: Escolhas): Escolhas {
  const out: Escolhas = {};
  for (const [gid, escolha] of Object.entries(escolhas)) {
    const q = Object.fromEntries(Object.entries(escolha).filter(([, n]) => n > 0));
    if (Object.keys(q).length > 0) out[Number(gid)] = q;
  }
  return out;
}

export function buildCartItem(
  produto: Produto,
  input: { quantidade: number; escolhas: Escolhas; observacoes: string },
): CartItem {
  const grupoopcoes = compactEscolhas(input.escolhas);
  const preco = priceItem(produto, { quantidade: input.quantidade, escolhas: grupoopcoes });
  return {
    idproduto: produto.idproduto,
    descricao: produto.descricao,
    imagem: produto.imagem,
    preco: produto.preco,
    precooferta: produto.precooferta,
    quantidade: preco.quantidade,
    observacoes: input.observacoes.trim(),
    grupoopcoes,
    preco_unit: preco.preco_unit,
    preco_total: preco.preco_total,
    resumo: resumoLines(produto, grupoopcoes),
  };
}

/**
 * The cart item as the current menu prices it, or null when its product is no longer offered:
 * a cart kept for days must show today's prices, the ones the server will check.
 */
export function repriceWithMenu(menu: Menu): (item: CartItem) => CartItem | null {
  const produtos = new Map<number, Produto>();
  for (const g of menu.grupos) for (const p of g.produtos) produtos.set(p.idproduto, p);
  return (item) => {
    const produto = produtos.get(item.idproduto);
    if (!produto || isHidden(produto)) return null;
    return buildCartItem(produto, {
      quantidade: item.quantidade,
      escolhas: item.grupoopcoes,
      observacoes: item.observacoes,
    });
  };
}
