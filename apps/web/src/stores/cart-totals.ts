/**
 * The cart's figures in cents (PRICING.md "Order totals"), so the drawer and the checkout show
 * the same numbers. Built only from the domain's money helpers: no float arithmetic on money.
 */
import { percentOf, reaisToCents, subtotal } from '@rango/domain';
import type { Cart, Cupom } from './cart-types.ts';

export interface CartTotals {
  /** Σ item totals. */
  subtotal: number;
  /** The delivery fee as set, or null when none is set yet. */
  taxaEntrega: number | null;
  /** The fee is set but the subtotal reaches the abono (or the fee is zero). */
  entregaGratis: boolean;
  /** The fee actually charged: 0 when free or not set. */
  taxaCobrada: number;
  desconto: number;
  total: number;
  /** pedidominimo in cents when it is above 0 and the subtotal is below it, else null. */
  pedidoMinimoFaltando: number | null;
  /** The abono in cents when it is a number above 0 and the subtotal is below it, else null. */
  abonoFaltando: number | null;
}

/** Units in the cart (Σ quantidade), for the cart badge. */
export function cartUnits(cart: Pick<Cart, 'itens'>): number {
  return cart.itens.reduce((s, i) => s + i.quantidade, 0);
}

export function cartSubtotal(cart: Pick<Cart, 'itens'>): number {
  return subtotal(cart.itens);
}

/** A usable abono: a finite number above 0 (spec: zero or not a number shows nothing). */
function abonoCents(abono: unknown): number | null {
  return typeof abono === 'number' && Number.isFinite(abono) && abono > 0 ? reaisToCents(abono) : null;
}

/**
 * Coupon discount: percent of the subtotal (truncated) or a fixed amount, capped by
 * limitedesconto when above 0, never more than subtotal − 1 cent, never negative.
 */
export function couponDiscount(cupom: Cupom | null, subtotalCents: number): number {
  if (!cupom || subtotalCents <= 0) return 0;
  let d = cupom.ehpercentual ? percentOf(subtotalCents, cupom.desconto) : reaisToCents(cupom.desconto);
  if (cupom.limitedesconto > 0) d = Math.min(d, reaisToCents(cupom.limitedesconto));
  return Math.max(0, Math.min(d, subtotalCents - 1));
}

export function cartTotals(cart: Cart): CartTotals {
  const sub = cartSubtotal(cart);
  const abono = abonoCents(cart.abono);
  const taxa = cart.taxaentrega === null ? null : reaisToCents(cart.taxaentrega);
  const entregaGratis = taxa !== null && (taxa === 0 || (abono !== null && sub >= abono));
  const taxaCobrada = taxa === null || entregaGratis ? 0 : taxa;
  const desconto = couponDiscount(cart.cupom, sub);
  const minimo = cart.estabelecimento ? reaisToCents(cart.estabelecimento.pedidominimo) : 0;
  return {
    subtotal: sub,
    taxaEntrega: taxa,
    entregaGratis,
    taxaCobrada,
    desconto,
    total: sub + taxaCobrada - desconto,
    pedidoMinimoFaltando: minimo > 0 && sub < minimo ? minimo : null,
    abonoFaltando: abono !== null && sub < abono ? abono : null,
  };
}
