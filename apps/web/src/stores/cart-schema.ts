/**
 * The shape the cart must have to be trusted. localStorage is user-editable and outlives app
 * versions, so what comes back from it (or from another tab) is parsed, never assumed.
 */
import { cupomSchema } from '@rango/domain';
import { z } from 'zod/mini';
import type { Cart, CartItem } from './cart-types.ts';

/** The applied coupon as the validation call answered it (the domain's one schema). */
export { cupomSchema };

const reais = z.number().check(z.nonnegative());
const cents = z.int().check(z.nonnegative());
/** JSON turns numeric keys into strings; accept only digit strings so ids stay numbers. */
const idKey = z.string().check(z.regex(/^\d+$/));

export const cartItemSchema = z
  .object({
    idproduto: z.int().check(z.positive()),
    descricao: z.string(),
    imagem: z.nullable(z.string()),
    preco: reais,
    precooferta: reais,
    // The item stepper's minimum is 1; a zero, fractional or negative quantity is a forged cart.
    quantidade: z.int().check(z.positive()),
    observacoes: z.string(),
    grupoopcoes: z.record(idKey, z.record(idKey, z.int().check(z.nonnegative()))),
    preco_unit: cents,
    preco_total: cents,
    resumo: z.array(z.string()),
  })
  // A total that is not unit × quantity was not computed by the engine.
  .check(z.refine((i) => i.preco_total === i.preco_unit * i.quantidade));

export const cartEstablishmentSchema = z.object({
  id: z.int().check(z.positive()),
  nome: z.string(),
  pedidominimo: reais,
});

export const cartSchema = z
  .object({
    estabelecimento: z.nullable(cartEstablishmentSchema),
    itens: z.array(cartItemSchema),
    cupom: z.nullable(cupomSchema),
    taxaentrega: z.nullable(reais),
    abono: z.nullable(z.number()),
    pedidoid: z.nullable(z.string().check(z.minLength(1))),
    browserfingerprint: z.nullable(z.int().check(z.minimum(100000), z.maximum(999999))),
  })
  // Items without the establishment they belong to cannot be ordered or edited.
  .check(z.refine((c) => c.itens.length === 0 || c.estabelecimento !== null));

/** An item the product drawer hands in, checked like a stored one; null when it is not valid. */
export function parseCartItem(item: unknown): CartItem | null {
  const r = cartItemSchema.safeParse(item);
  return r.success ? r.data : null;
}

export type StoredCart = { cart: Cart; discarded: boolean };

/**
 * Reads the stored `carrinho` text. Nothing stored is an empty cart; anything unreadable is an
 * empty cart with `discarded` set, so the app can tell the customer instead of crashing.
 */
export function parseStoredCart(raw: string | null, empty: Cart): StoredCart {
  if (raw === null) return { cart: empty, discarded: false };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { cart: empty, discarded: true };
  }
  const r = cartSchema.safeParse(json);
  if (!r.success) return { cart: empty, discarded: true };
  // An establishment with no items left is simply an empty cart.
  if (r.data.itens.length === 0) return { cart: empty, discarded: false };
  return { cart: r.data, discarded: false };
}
