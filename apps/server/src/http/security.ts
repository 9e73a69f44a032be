import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/**
 * The SPA's policy: no inline script at all; inline style only because Mantine injects style
 * tags. Sent on every answer (JSON and media too) so nothing served here can widen it.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
};

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
let captured: Promise<Record<string, string>> | undefined;

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, captured once from a throwaway Fastify
 * instance. @fastify/helmet rebuilds its middleware on every request; the benchmarked menu
 * route sends these same headers precomputed instead (a test keeps them equal).
 */
export function securityHeaders(): Promise<Record<string, string>> {
  captured ??= (async () => {
    const probe = Fastify({ logger: false });
    await probe.register(fastifyHelmet, HELMET_OPTIONS);
    probe.get('/', async () => '');
    const res = await probe.inject('/');
    await probe.close();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!NOT_SECURITY.has(name) && value !== undefined) headers[name] = String(value);
    }
    return headers;
  })();
  return captured;
}
