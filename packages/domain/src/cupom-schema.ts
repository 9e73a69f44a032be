// The coupon's wire schema on its own: the cart (on every page) parses stored coupons with it,
// and it must not pull the menu's schemas or the coupon rules into the app's entry.
import { z } from 'zod/mini';

const reais = z.number().check(z.nonnegative());

/**
 * A coupon as POST /api/cupom/validar/ answers it (PRICING.md "Order totals"): a percent
 * `desconto` is the percentage; a fixed `desconto` and `limitedesconto` (0 = no cap) are reais.
 */
export const cupomSchema = z.object({
  codigo: z.string(),
  ehpercentual: z.boolean(),
  desconto: reais,
  limitedesconto: reais,
});
export type Cupom = z.infer<typeof cupomSchema>;
