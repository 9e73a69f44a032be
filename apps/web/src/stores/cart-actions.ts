/**
 * The cart's checkout actions (spec section 4: set delivery fee, fee waiver, coupon, fingerprint,
 * restart order id). Apart from cart.ts, which the shell loads on every page: only checkout uses
 * these, so they ride in its chunk, not in the menu route's entry.
 */
import { cupomSchema } from './cart-schema.ts';
import { commitCart, getCart, randomUUID, type Cupom } from './cart.ts';

function assertReaisOrNull(v: number | null, what: string): void {
  if (v !== null && !(Number.isFinite(v) && v >= 0)) throw new RangeError(`${what} inválido: ${v}`);
}

/** Delivery fee in reais, or null when the establishment does not deliver there / not chosen. */
export function setTaxaEntrega(taxaentrega: number | null): void {
  assertReaisOrNull(taxaentrega, 'Taxa de entrega');
  commitCart({ ...getCart(), taxaentrega });
}

/** The free-delivery minimum in reais (valorminimo), or null. */
export function setAbono(abono: number | null): void {
  assertReaisOrNull(abono, 'Abono');
  commitCart({ ...getCart(), abono });
}

export function setCupom(cupom: Cupom): void {
  const r = cupomSchema.safeParse(cupom);
  if (!r.success) throw new TypeError('Cupom inválido.');
  commitCart({ ...getCart(), cupom: r.data });
}

export function removeCupom(): void {
  commitCart({ ...getCart(), cupom: null });
}

export function setFingerprint(browserfingerprint: number): void {
  if (!Number.isInteger(browserfingerprint) || browserfingerprint < 100000 || browserfingerprint > 999999) {
    throw new RangeError(`Fingerprint inválido: ${browserfingerprint}`);
  }
  commitCart({ ...getCart(), browserfingerprint });
}

/** A fresh pedidoid, e.g. before retrying an order the server saw as a duplicate. */
export function restartPedidoId(): void {
  commitCart({ ...getCart(), pedidoid: randomUUID() });
}
