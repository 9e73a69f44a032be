import { loginInputSchema, normalizeEmail, refreshInputSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { CONTRATOS_AUTH } from './contrato.ts';
import type { AuthService } from './service.ts';
import { COMO_ZOD, validar } from '../../http/corpo.ts';

/** Login limits: per IP + e-mail (guessing one account's password) and per IP (spraying many). */
export const LOGIN_LIMITS = {
  ipEmail: { max: 10, windowSeconds: 60 },
  ip: { max: 30, windowSeconds: 60 },
} as const;

/** Spec section 7: POST /controle/token/ and /controle/token/refresh/. */
export function authRoutes(service: AuthService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    app.post('/controle/token/', { config: { contrato: CONTRATOS_AUTH.login } }, async (req, reply) => {
      const input = validar(loginInputSchema, req.body, COMO_ZOD);
      const ip = clientIp(req);
      await rateLimit(req, reply, 'login-ip', { ...LOGIN_LIMITS.ip, key: ip });
      await rateLimit(req, reply, 'login', {
        ...LOGIN_LIMITS.ipEmail,
        key: `${ip}|${normalizeEmail(input.email)}`,
      });
      return service.login(input);
    });

    app.post('/controle/token/refresh/', { config: { contrato: CONTRATOS_AUTH.refresh } }, async (req) => {
      const { refresh } = validar(refreshInputSchema, req.body, COMO_ZOD);
      return service.refresh(refresh);
    });
  };
}
