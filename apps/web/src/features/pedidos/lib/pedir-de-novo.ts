/**
 * 'Pedir de novo' (issue 14): what the customer decided for each line of the past order, turned
 * into cart items through the cart's own add flow (so another establishment's cart is replaced
 * only after the usual question).
 */
import type { LinhaPedirDeNovo } from '@rango/domain';
import { buildCartItem } from '../../../lib/cart-item.ts';
import { requestAddItem, type CartEstablishment, type CartItem } from '../../../stores/cart.ts';

/** `adicionar`: as today's menu prices it; `escolher`: open the product to choose again; `remover`: left out. */
export type Decisao = 'adicionar' | 'escolher' | 'remover';

/** What a line starts as: only an unchanged line is added without a word from the customer. */
export function decisaoInicial(linha: LinhaPedirDeNovo): Decisao | null {
  if (linha.estado === 'ok') return 'adicionar';
  if (linha.estado === 'indisponivel') return 'remover';
  return null;
}

/** The choices a line offers (an unavailable product offers none). */
export function decisoesPossiveis(linha: LinhaPedirDeNovo): Decisao[] {
  switch (linha.estado) {
    case 'ok':
    case 'mudou':
      return ['adicionar', 'remover'];
    case 'escolher':
      return ['escolher', 'remover'];
    case 'indisponivel':
      return [];
  }
}

/** The cart items of the lines to add, priced by the engine with today's menu. */
export function itensParaCarrinho(
  linhas: readonly LinhaPedirDeNovo[],
  decisoes: Readonly<Record<number, Decisao | null>>,
): CartItem[] {
  return linhas
    .filter((l) => decisoes[l.indice] === 'adicionar' && l.produto && l.precoAgora !== null)
    .map((l) =>
      buildCartItem(l.produto!, {
        quantidade: l.quantidade,
        escolhas: l.escolhas,
        observacoes: l.observacoes,
      }),
    );
}

/** Σ today's totals of the lines to add, cents. */
export function totalHoje(
  linhas: readonly LinhaPedirDeNovo[],
  decisoes: Readonly<Record<number, Decisao | null>>,
): number {
  return linhas.reduce(
    (s, l) =>
      s + (decisoes[l.indice] === 'adicionar' && l.precoAgora !== null ? l.precoAgora * l.quantidade : 0),
    0,
  );
}

/**
 * Adds the items one by one through requestAddItem: the first may ask to empty another
 * establishment's cart (false when the customer declines: nothing added); the rest then join it.
 */
export async function adicionarAoCarrinho(
  est: CartEstablishment,
  itens: readonly CartItem[],
): Promise<boolean> {
  for (const item of itens) {
    if (!(await requestAddItem(est, item))) return false;
  }
  return true;
}
