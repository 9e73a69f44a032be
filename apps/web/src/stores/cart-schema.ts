/**
 * The shape the cart must have to be trusted. localStorage is user-editable and outlives app
 * versions, so what comes back from it (or from another tab) is parsed, never assumed.
 */
import { z } from 'zod';
import type { Cart, CartItem } from './cart-types.ts';

const reais = z.number().finite().nonnegative();
const cents = z.number().int().nonnegative();
/** JSON turns numeric keys into strings; accept only digit strings so ids stay numbers. */
const idKey = z.string().regex(/^\d+$/);

export const cartItemSchema = z.object({
  idproduto: z.number().int().positive(),
  descricao: z.string(),
  imagem: z.string().nullable(),
  preco: reais,
  precooferta: reais,
  // The item stepper's minimum is 1; a zero, fractional or negative quantity is a forged cart.
  quantidade: z.number().int().positive(),
  observacoes: z.string(),
  grupoopcoes: z.record(idKey, z.record(idKey, z.number().int().nonnegative())),
  preco_unit: cents,
  preco_total: cents,
  resumo: z.array(z.string()),
});

export const cartEstablishmentSchema = z.object({
  id: z.number().int().positive(),
  nome: z.string(),
  pedidominimo: reais,
});

export const cupomSchema = z.object({
  codigo: z.string(),
  ehpercentual: z.boolean(),
  desconto: z.number().finite().nonnegative(),
  limitedesconto: z.number().finite().nonnegative(),
});

export const cartSchema = z
  .object({
    estabelecimento: cartEstablishmentSchema.nullable(),
    itens: z.array(cartItemSchema),
    cupom: cupomSchema.nullable(),
    taxaentrega: reais.nullable(),
    abono: z.number().finite().nullable(),
    pedidoid: z.string().min(1).nullable(),
    browserfingerprint: z.number().int().min(100000).max(999999).nullable(),
  })
  // Items without the establishment they belong to cannot be ordered or edited.
  .refine((c) => c.itens.length === 0 || c.estabelecimento !== null);

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
