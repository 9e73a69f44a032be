/**
 * Order totals (PRICING.md "Order totals", spec section 9): coupon discount, delivery-fee waiver,
 * minimum order. Amounts in cents; wire values in reais are converted here.
 */
import { reaisToCents } from './money.ts';
import { percentOf } from './pricing.ts';

/** A coupon as the API gives it: fixed `desconto` and `limitedesconto` in reais, a percent as the percentage. */
export interface CupomValores {
  ehpercentual: boolean;
  desconto: number;
  limitedesconto: number;
}

/**
 * Coupon discount: percent of the subtotal (truncated) or a fixed amount, capped by
 * limitedesconto when above 0, never more than subtotal − 1 cent, never negative.
 */
export function couponDiscount(cupom: CupomValores | null | undefined, subtotalCents: number): number {
  if (!cupom || subtotalCents <= 0) return 0;
  let d = cupom.ehpercentual ? percentOf(subtotalCents, cupom.desconto) : reaisToCents(cupom.desconto);
  if (cupom.limitedesconto > 0) d = Math.min(d, reaisToCents(cupom.limitedesconto));
  return Math.max(0, Math.min(d, subtotalCents - 1));
}

/** A usable waiver minimum in cents: a finite number above 0, else null (spec: zero or not a number shows nothing). */
export function abonoCents(abono: unknown): number | null {
  return typeof abono === 'number' && Number.isFinite(abono) && abono > 0 ? reaisToCents(abono) : null;
}

/** The fee an order is charged, in cents: null for pickup; 0 when zero or waived by the abono (PRICING.md). */
export function taxaCobrada(
  taxaCents: number | null,
  abono: number | null,
  subtotalCents: number,
): number | null {
  if (taxaCents === null) return null;
  return taxaCents === 0 || (abono !== null && abono > 0 && subtotalCents >= abono) ? 0 : taxaCents;
}

export interface OrderTotals {
  subtotal: number;
  /** The delivery fee as set, or null when none is set. */
  taxaEntrega: number | null;
  /** The fee is set and is zero or waived because the subtotal reaches the abono. */
  entregaGratis: boolean;
  /** The fee charged: 0 when free or not set. */
  taxaCobrada: number;
  desconto: number;
  /** subtotal + fee − discount. */
  total: number;
  /** pedidominimo in cents while the subtotal is below it (and it is above 0), else null. */
  pedidoMinimoFaltando: number | null;
  /** The abono in cents while the subtotal is below it, else null: 'Entrega Grátis com o mínimo de …!'. */
  abonoFaltando: number | null;
}

/** Every figure of an order from its subtotal and the wire values (reais) of fee, waiver, coupon, minimum. */
export function orderTotals(input: {
  subtotal: number;
  taxaentrega: number | null;
  abono: number | null;
  cupom: CupomValores | null;
  pedidominimo: number;
}): OrderTotals {
  const sub = input.subtotal;
  const abono = abonoCents(input.abono);
  const taxa = input.taxaentrega === null ? null : reaisToCents(input.taxaentrega);
  const cobrada = taxaCobrada(taxa, abono, sub);
  const entregaGratis = cobrada === 0;
  const taxaCobradaCents = cobrada ?? 0;
  const desconto = couponDiscount(input.cupom, sub);
  const minimo = reaisToCents(input.pedidominimo);
  return {
    subtotal: sub,
    taxaEntrega: taxa,
    entregaGratis,
    taxaCobrada: taxaCobradaCents,
    desconto,
    total: sub + taxaCobradaCents - desconto,
    pedidoMinimoFaltando: minimo > 0 && sub < minimo ? minimo : null,
    abonoFaltando: abono !== null && sub < abono ? abono : null,
  };
}
