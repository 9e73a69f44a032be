/**
 * The cart's figures in cents (PRICING.md "Order totals"), so the drawer and the checkout show
 * the same numbers. Built only from the domain's money helpers: no float arithmetic on money.
 */
import { couponDiscount, orderTotals, subtotal, type OrderTotals } from '@rango/domain';
import type { Cart } from './cart-types.ts';

export { couponDiscount };

export type CartTotals = OrderTotals;

/** Units in the cart (Σ quantidade), for the cart badge. */
export function cartUnits(cart: Pick<Cart, 'itens'>): number {
  return cart.itens.reduce((s, i) => s + i.quantidade, 0);
}

export function cartSubtotal(cart: Pick<Cart, 'itens'>): number {
  return subtotal(cart.itens);
}

export function cartTotals(cart: Cart): CartTotals {
  return orderTotals({
    subtotal: cartSubtotal(cart),
    taxaentrega: cart.taxaentrega,
    abono: cart.abono,
    cupom: cart.cupom,
    pedidominimo: cart.estabelecimento?.pedidominimo ?? 0,
  });
}
