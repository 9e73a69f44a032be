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
import { motivoRecusaCupom } from './cupom-regras.ts';
import type { CupomRecusa, CupomRegras } from './cupom-regras.ts';

export { motivoRecusaCupom } from './cupom-regras.ts';
export type { CupomRecusa, CupomRegras } from './cupom-regras.ts';

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

/** Whether a coupon may be used now (the rules: motivoRecusaCupom), with the refusal's code and text. */
export function checkCupom(
  cupom: CupomRegras,
  ctx: { agora: Date; subtotalCents?: number; usosTotal: number; usosCliente: number },
): CupomCheck {
  const motivo = motivoRecusaCupom(cupom, ctx);
  return motivo === null ? { ok: true } : cupomRecusa(motivo, cupom.subtotalminimo);
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
