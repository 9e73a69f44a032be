import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { MSG_CONTA } from '@rango/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { HttpError } from './errors.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
  /** What is counted besides the limit's name: usually the IP, or IP + e-mail. */
  key: string;
}

/**
 * Counts one request against a named limit; over it, throws 429
 * `{detail: MSG_CONTA.muitasTentativas}` after setting Retry-After on the reply (the error
 * handler then sends the body; the reply is passed in only for that header).
 */
export type RateLimiter = (
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  rule: RateLimitRule,
) => Promise<void>;

/** Windows older than this are pruned (longer than any window we use). */
const PRUNE_AFTER_SECONDS = 24 * 60 * 60;

/** Counts one hit in the current fixed window and answers the new count (one atomic statement). */
async function hit(db: Db, chave: string, janela: number): Promise<number> {
  const row = await db
    .insertInto('rate_limit')
    .values({ chave, janela, contagem: 1 })
    .onConflict((oc) =>
      oc.columns(['chave', 'janela']).doUpdateSet({ contagem: sql<number>`rate_limit.contagem + 1` }),
    )
    .returning('contagem')
    .executeTakeFirstOrThrow();
  return Number(row.contagem);
}

async function prune(db: Db, nowSeconds: number): Promise<void> {
  await db
    .deleteFrom('rate_limit')
    .where('janela', '<', nowSeconds - PRUNE_AFTER_SECONDS)
    .execute();
}

/**
 * Fixed-window limits kept in the rate_limit table, so every API instance on the same database
 * shares the counters. The counted key is stored only as a SHA-256: it holds IPs and e-mails,
 * which must not outlive an account's deletion in a readable form. `enabled: false` (load tests)
 * makes every call a no-op.
 */
export function createRateLimiter(db: Db, enabled: boolean): RateLimiter {
  return async (_req, reply, name, rule) => {
    if (!enabled) return;
    const now = Math.floor(Date.now() / 1000);
    const janela = now - (now % rule.windowSeconds);
    const digest = createHash('sha256').update(rule.key).digest('hex');
    const count = await hit(db, `${name}:${rule.windowSeconds}:${digest}`, janela);
    // A new window row is when old ones stop mattering: prune now and then, not on every hit.
    if (count === 1 && Math.random() < 0.05) await prune(db, now);
    if (count > rule.max) {
      reply.header('retry-after', String(Math.max(1, janela + rule.windowSeconds - now)));
      throw new HttpError(429, { detail: MSG_CONTA.muitasTentativas });
    }
  };
}

/**
 * The client's address as Fastify sees it (behind a proxy, trustProxy gives the real one). A
 * malformed X-Forwarded-For entry in that place (junk, 10 kB, control characters: a direct client
 * forging the header, never a balancer) names no client: the peer that sent it stands for it, so
 * new junk per request does not escape the limits.
 */
export const clientIp = (req: FastifyRequest): string => {
  if (req.ip && isIP(req.ip)) return req.ip;
  return req.socket?.remoteAddress || 'desconhecido';
};
