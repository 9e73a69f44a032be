import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids (Fastify's req.id, logged as reqId on every line of the request): the load
 * balancer's X-Request-Id when it is a plain token, so its logs and ours join on one id; else a
 * fresh UUID. A value of 10 kB or with control characters (a forged header meant to bloat or
 * split log lines) is never used nor logged.
 */
export const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function genReqId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every answer says its id (support can ask a customer for it; the balancer can log it). */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
