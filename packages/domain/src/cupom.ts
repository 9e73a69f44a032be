/**
 * Coupon rules (spec sections 3, 8, 9; PRICING.md "Order totals"). The server checks a coupon
 * with `checkCupom` when the checkout validates it (no subtotal yet) and again when the order
 * is placed (with the subtotal). Amounts in cents.
 *
 * Refusal codes (spec section 8, 'Cupom Inválido'; ours where the spec is silent):
 * - 103, invalid: no such code for this establishment, inactive, not yet valid, expired. The code
 *   itself is not a usable coupon.
 * - 104, not applicable: a usable coupon that this order or customer cannot take: subtotal below
 *   the coupon's minimum, total uses exhausted, the customer's uses exhausted.
 */
import { centsToReais, formatBRL } from './money.ts';
import { z } from 'zod/mini';
import { hasControlChars } from './endereco.ts';
import { MAX_INT4 } from './ids.ts';
import { MSG_PEDIDO } from './messages-pedido.ts';
import type { Cupom } from './cupom-schema.ts';

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

/** The order error code of each refusal (see the header). */
export const CUPOM_RECUSA_CODIGO: Readonly<Record<CupomRecusa, 103 | 104>> = {
  desconhecido: 103,
  inativo: 103,
  nao_iniciado: 103,
  expirado: 103,
  esgotado: 104,
  limite_cliente: 104,
  subtotal_minimo: 104,
};

export interface CupomRecusada {
  ok: false;
  motivo: CupomRecusa;
  codigo: 103 | 104;
  mensagem: string;
}
export type CupomCheck = { ok: true } | CupomRecusada;

/** The customer's text for a refusal; `subtotalminimo` (cents) for 'subtotal_minimo'. */
export function cupomRecusaMensagem(motivo: CupomRecusa, subtotalminimo = 0): string {
  switch (motivo) {
    case 'desconhecido':
      return MSG_PEDIDO.cupomNaoEncontrado;
    case 'inativo':
      return MSG_PEDIDO.cupomInativo;
    case 'nao_iniciado':
      return MSG_PEDIDO.cupomNaoIniciado;
    case 'expirado':
      return MSG_PEDIDO.cupomExpirado;
    case 'esgotado':
      return MSG_PEDIDO.cupomEsgotado;
    case 'limite_cliente':
      return MSG_PEDIDO.cupomLimiteCliente;
    case 'subtotal_minimo':
      return `${MSG_PEDIDO.cupomSubtotalMinimo} ${formatBRL(subtotalminimo)}.`;
  }
}

/** A refusal with its code and text. */
export function cupomRecusa(motivo: CupomRecusa, subtotalminimo = 0): CupomRecusada {
  return {
    ok: false,
    motivo,
    codigo: CUPOM_RECUSA_CODIGO[motivo],
    mensagem: cupomRecusaMensagem(motivo, subtotalminimo),
  };
}

/**
 * Whether a coupon may be used now: active, inside its validity window (both ends inclusive),
 * under its total and per-customer limits (uses counted before this one) and, when
 * `subtotalCents` is given, at or above its minimum. The first refusal that applies, in that order.
 */
export function checkCupom(
  cupom: CupomRegras,
  ctx: { agora: Date; subtotalCents?: number; usosTotal: number; usosCliente: number },
): CupomCheck {
  const agora = ctx.agora.getTime();
  if (!cupom.ativo) return cupomRecusa('inativo');
  if (cupom.valido_de !== null && agora < Date.parse(cupom.valido_de)) return cupomRecusa('nao_iniciado');
  if (cupom.valido_ate !== null && agora > Date.parse(cupom.valido_ate)) return cupomRecusa('expirado');
  if (cupom.limite_total !== null && ctx.usosTotal >= cupom.limite_total) return cupomRecusa('esgotado');
  if (cupom.limite_por_cliente !== null && ctx.usosCliente >= cupom.limite_por_cliente) {
    return cupomRecusa('limite_cliente');
  }
  if (
    ctx.subtotalCents !== undefined &&
    cupom.subtotalminimo > 0 &&
    ctx.subtotalCents < cupom.subtotalminimo
  ) {
    return cupomRecusa('subtotal_minimo', cupom.subtotalminimo);
  }
  return { ok: true };
}

/** The one form a code is stored and looked up in: trimmed, upper-case. */
export const normalizeCupomCodigo = (codigo: string): string => codigo.trim().toUpperCase();

/** The wire answer (cupomSchema, reais for fixed amounts) of a stored coupon; couponDiscount takes it. */
export function presentCupom(cupom: CupomRegras): Cupom {
  return {
    codigo: cupom.codigo,
    ehpercentual: cupom.ehpercentual,
    desconto: cupom.ehpercentual ? cupom.desconto : centsToReais(cupom.desconto),
    limitedesconto: centsToReais(cupom.limitedesconto),
  };
}

/** Longest coupon code we store or look up. */
export const MAX_CUPOM_CODIGO = 32;

/**
 * POST /api/cupom/validar/. A blank code is 'Insira um código.' (spec section 5); a code no
 * coupon could have (too long, control characters) is refused like an unknown one.
 */
export const cupomValidarInputSchema = z.object({
  cupom: z.string({ error: MSG_PEDIDO.insiraCodigo }).check(
    z.refine((v) => v.trim() !== '', { error: MSG_PEDIDO.insiraCodigo, abort: true }),
    z.refine((v) => v.trim().length <= MAX_CUPOM_CODIGO && !hasControlChars(v), {
      error: MSG_PEDIDO.cupomNaoEncontrado,
    }),
  ),
  deliveryestabelecimento: z
    .int({ error: MSG_PEDIDO.estabelecimentoInvalido })
    .check(
      z.positive({ error: MSG_PEDIDO.estabelecimentoInvalido }),
      z.maximum(MAX_INT4, { error: MSG_PEDIDO.estabelecimentoInvalido }),
    ),
});
export type CupomValidarInput = z.infer<typeof cupomValidarInputSchema>;
