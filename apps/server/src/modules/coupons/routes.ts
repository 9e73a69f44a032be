import { cupomValidarInputSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { requireCliente } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
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

/** Spec section 7: POST /api/cupom/validar/ (checkout is login-only). Refusals: 400 `{error}`. */
export function couponsRoutes(service: CouponsService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    app.post('/api/cupom/validar/', async (req, reply) => {
      await rateLimit(req, reply, 'cupom-ip', { ...COUPON_LIMITS.ip, key: clientIp(req) });
      const idcliente = await requireCliente(req);
      await rateLimit(req, reply, 'cupom-cliente', { ...COUPON_LIMITS.cliente, key: String(idcliente) });
      const parsed = cupomValidarInputSchema.safeParse(req.body);
      // The app shows response.data.error: the first field's message, not the per-field shape.
      if (!parsed.success) throw new HttpError(400, { error: parsed.error.issues[0]?.message });
      return service.validar(idcliente, parsed.data);
    });
  };
}
