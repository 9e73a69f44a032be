/**
 * A coupon's rules without their texts (cupom.ts has those and checkCupom): the owner's panel
 * shows a coupon's state with the same rules the server applies, without the order messages.
 */

/** A coupon as stored: `desconto` is the percentage, or cents when fixed; other money in cents. */
export interface CupomRegras {
  codigo: string;
  ehpercentual: boolean;
  desconto: number;
  /** Cents; 0 = no cap. */
  limitedesconto: number;
  /** Cents; 0 = no minimum. Checked only when the subtotal is known (order placement). */
  subtotalminimo: number;
  /** ISO-8601 instants; null = open-ended. */
  valido_de: string | null;
  valido_ate: string | null;
  /** Uses allowed in all; null = unlimited. */
  limite_total: number | null;
  /** Uses allowed per customer; null = unlimited. */
  limite_por_cliente: number | null;
  ativo: boolean;
}

export type CupomRecusa =
  | 'desconhecido'
  | 'inativo'
  | 'nao_iniciado'
  | 'expirado'
  | 'esgotado'
  | 'limite_cliente'
  | 'subtotal_minimo';

/**
 * The first rule a coupon breaks now, in checkCupom's order, or null when it may be used: active,
 * inside its validity window (both ends inclusive), under its total and per-customer limits (uses
 * counted before this one) and, when `subtotalCents` is given, at or above its minimum.
 */
export function motivoRecusaCupom(
  cupom: Pick<
    CupomRegras,
    'ativo' | 'valido_de' | 'valido_ate' | 'limite_total' | 'limite_por_cliente' | 'subtotalminimo'
  >,
  ctx: { agora: Date; subtotalCents?: number | undefined; usosTotal: number; usosCliente: number },
): CupomRecusa | null {
  const agora = ctx.agora.getTime();
  if (!cupom.ativo) return 'inativo';
  if (cupom.valido_de !== null && agora < Date.parse(cupom.valido_de)) return 'nao_iniciado';
  if (cupom.valido_ate !== null && agora > Date.parse(cupom.valido_ate)) return 'expirado';
  if (cupom.limite_total !== null && ctx.usosTotal >= cupom.limite_total) return 'esgotado';
  if (cupom.limite_por_cliente !== null && ctx.usosCliente >= cupom.limite_por_cliente) {
    return 'limite_cliente';
  }
  if (
    ctx.subtotalCents !== undefined &&
    cupom.subtotalminimo > 0 &&
    ctx.subtotalCents < cupom.subtotalminimo
  ) {
    return 'subtotal_minimo';
  }
  return null;
}
