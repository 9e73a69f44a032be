/** The cart's types (spec section 3), apart from the store so helpers can share them without a cycle. */
import type { Cupom, QuantidadesGrupo } from '@rango/domain';

export type { Cupom };

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
