/**
 * The cart (spec sections 3 and 4), kept in localStorage `carrinho`. CONTRACT FILE: the cart
 * helper implements the bodies; the names and types below are what the product drawer and the
 * shell use.
 */
import type { QuantidadesGrupo } from '@rango/domain';

export interface CartItem {
  idproduto: number;
  descricao: string;
  imagem: string | null;
  /** Reais, as on the product. */
  preco: number;
  precooferta: number;
  quantidade: number;
  observacoes: string;
  /** The choices: idgrupoopcao → (idopcao → quantity per item unit). */
  grupoopcoes: Record<number, QuantidadesGrupo>;
  /** Cents, from the domain's priceItem when the item was added or edited. */
  preco_unit: number;
  preco_total: number;
  /** Option descriptions for the cart list, e.g. ['2x Bacon', 'Borda catupiry']. */
  resumo: string[];
}

export interface CartEstablishment {
  id: number;
  nome: string;
  /** Reais; 0 = no minimum. */
  pedidominimo: number;
}

export interface Cupom {
  codigo: string;
  ehpercentual: boolean;
  desconto: number;
  limitedesconto: number;
}

export interface Cart {
  estabelecimento: CartEstablishment | null;
  itens: CartItem[];
  cupom: Cupom | null;
  /** Reais or null. */
  taxaentrega: number | null;
  /** Reais or null: the free-delivery minimum. */
  abono: number | null;
  pedidoid: string | null;
  browserfingerprint: number | null;
}

export const emptyCart: Cart = {
  estabelecimento: null,
  itens: [],
  cupom: null,
  taxaentrega: null,
  abono: null,
  pedidoid: null,
  browserfingerprint: null,
};

function notYet(): never {
  throw new Error('cart store not implemented yet');
}

/** The current cart; re-renders on change (also across tabs). */
export function useCart(): Cart {
  return emptyCart;
}

/**
 * Adds an item. When the cart holds another establishment's items, asks the customer to confirm
 * emptying it (a modal rendered by <CartProvider>); resolves false if they decline.
 */
export async function requestAddItem(_est: CartEstablishment, _item: CartItem): Promise<boolean> {
  return notYet();
}

export function editItem(_index: number, _item: CartItem): void {
  notYet();
}

export function removeItem(_index: number): void {
  notYet();
}

export function clearCart(): void {
  notYet();
}

/** The cart drawer's open state. */
export function useCartDrawer(): { opened: boolean; open: () => void; close: () => void } {
  return { opened: false, open: () => {}, close: () => {} };
}
