import { cupomSchema, cupomValidarInputSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { requireCliente } from '../../http/auth.ts';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { CouponsService } from './service.ts';

/**
 * Coupon validation is a guessing surface (codes are short): limited per IP and per customer.
 * The IP limit runs before the login check, so floods without a token are counted too.
 */
export const COUPON_LIMITS = {
  ip: { max: 30, windowSeconds: 60 },
  cliente: { max: 30, windowSeconds: 60 },
} as const;

const contrato: Contrato = {
  resumo: 'Valida um cupom para o carrinho do cliente num estabelecimento.',
  tag: 'Cliente',
  acesso: 'cliente',
  corpo: cupomValidarInputSchema,
  respostas: {
    200: R.ok(cupomSchema, 'O cupom e suas regras.'),
    400: R.simples('Corpo inválido ou cupom indisponível: `{ error }`.'),
    404: R.naoEncontrado('Estabelecimento não encontrado.'),
    429: R.detalhe('Tentativas demais; tente mais tarde.'),
  },
};

/** Spec section 7: POST /api/cupom/validar/ (checkout is login-only). Refusals: 400 `{error}`. */
export function couponsRoutes(service: CouponsService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    app.post('/api/cupom/validar/', { config: { contrato } }, async (req, reply) => {
      await rateLimit(req, reply, 'cupom-ip', { ...COUPON_LIMITS.ip, key: clientIp(req) });
      const idcliente = await requireCliente(req);
      await rateLimit(req, reply, 'cupom-cliente', { ...COUPON_LIMITS.cliente, key: String(idcliente) });
      // The app shows response.data.error: the first field's message, not the per-field shape.
      const input = validar(cupomValidarInputSchema, req.body, { forma: 'error', objeto: false });
      return service.validar(idcliente, input);
    });
  };
}
