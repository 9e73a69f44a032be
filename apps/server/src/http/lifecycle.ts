import type { FastifyInstance } from 'fastify';
import { pingDb } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { pendingMigrations } from '../db/migrations.ts';

/**
 * Health for a load balancer or an orchestrator, at the root (outside /api/ead, where the proxy
 * rules of the app's own paths do not reach): GET /healthz says the process answers (liveness:
 * restart me when it does not), GET /readyz says it should get traffic (readiness: database
 * reachable, its schema as new as this code, not draining). Neither needs a login nor logs.
 */
export interface Readiness {
  /** SIGTERM (main.ts): from now on /readyz answers 503, so the balancer stops sending work. */
  drain(): void;
  readonly draining: boolean;
  check(): Promise<ReadinessAnswer>;
}

export type ReadinessAnswer = { ok: true } | { ok: false; motivo: string };

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export const MOTIVO = {
  encerrando: 'encerrando (draining)',
  bancoInacessivel: 'banco de dados inacessível (database unreachable)',
  bancoLento: 'banco de dados não respondeu a tempo (database timed out)',
  migracoesPendentes: 'migrações pendentes (migrations behind)',
} as const;

export function createReadiness(db: Db, options: { timeoutMs?: number } = {}): Readiness {
  const timeoutMs = options.timeoutMs ?? 2000;
  let draining = false;
  // Migrations never go backwards under a running instance: once current, checked no more (the
  // check reads the migration table and, on PostgreSQL, the catalogue: too much every 2 s).
  let schemaCurrent = false;

  async function probe(): Promise<ReadinessAnswer> {
    try {
      await pingDb(db);
    } catch {
      return { ok: false, motivo: MOTIVO.bancoInacessivel };
    }
    if (!schemaCurrent) {
      const pending = await pendingMigrations(db);
      if (pending.length > 0)
        return { ok: false, motivo: `${MOTIVO.migracoesPendentes}: ${pending.join(', ')}` };
      schemaCurrent = true;
    }
    return { ok: true };
  }

  return {
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async check() {
      if (draining) return { ok: false, motivo: MOTIVO.encerrando };
      // A database that hangs (a dropped network, not a refused connection) must not hang the
      // balancer's check too: no answer in time is a "not ready".
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<ReadinessAnswer>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, motivo: MOTIVO.bancoLento }), timeoutMs);
      });
      try {
        const answer = await Promise.race([
          probe().catch(() => ({ ok: false, motivo: MOTIVO.bancoInacessivel }) as const),
          late,
        ]);
        return draining ? { ok: false, motivo: MOTIVO.encerrando } : answer;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Decorates `app.readiness` and adds /healthz and /readyz at the root. */
export function registerLifecycle(app: FastifyInstance, db: Db): Readiness {
  const readiness = createReadiness(db);
  app.decorate('readiness', readiness);
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
  // The balancer probes every second: one line when the instance leaves the pool (and when the
  // reason changes), one when it is back, not one per probe through a 30 s outage.
  let fora: { motivo: string; desde: number } | null = null;
  app.get('/readyz', { logLevel: 'warn' }, async (req, reply) => {
    const answer = await readiness.check();
    if (!answer.ok) {
      if (!readiness.draining && answer.motivo !== fora?.motivo)
        req.log.warn({ motivo: answer.motivo }, 'instância não está pronta');
      fora = { motivo: answer.motivo, desde: fora?.desde ?? Date.now() };
    } else if (fora) {
      req.log.warn(
        { motivoAnterior: fora.motivo, foraMs: Date.now() - fora.desde },
        'instância pronta de novo',
      );
      fora = null;
    }
    return reply
      .code(answer.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(answer);
  });
  return readiness;
}
