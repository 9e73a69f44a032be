/** Items and establishments for the cart's tests. */
import type { CartEstablishment, CartItem } from '../stores/cart-types.ts';

export const pizzaria: CartEstablishment = { id: 1, nome: 'Pizzaria Bella', pedidominimo: 20 };
export const hamburgueria: CartEstablishment = { id: 2, nome: 'Hamburgueria do Zé', pedidominimo: 0 };

export function makeItem(over: Partial<CartItem> = {}): CartItem {
  const quantidade = over.quantidade ?? 1;
  const preco_unit = over.preco_unit ?? 3290;
  return {
    idproduto: 10,
    descricao: 'Pizza Margherita',
    imagem: null,
    preco: 32.9,
    precooferta: 0,
    observacoes: '',
    grupoopcoes: {},
    resumo: [],
    ...over,
    quantidade,
    preco_unit,
    preco_total: over.preco_total ?? preco_unit * quantidade,
  };
}
