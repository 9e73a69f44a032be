import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';

/**
 * A periodic job (issue 13): defined once by its module, run by whichever runner the database
 * calls for — on PostgreSQL through the pg-boss queue, once per period across every instance;
 * on SQLite (one process) by an in-process timer. The same definition either way.
 *
 * The queue makes one run per period; it does not make a run's work safe to repeat. A run may be
 * repeated (a lease expired under a slow run, an instance killed after half its items, a retry),
 * so every item a job touches must be claimed by a conditional write of its own (UPDATE … WHERE
 * state = what the run read): a second run over the same item then changes nothing.
 */
export interface JobDefinition {
  /** Queue name and metric label (rango_tarefas_total{tarefa}); [a-z0-9-]. */
  name: string;
  /** How often a run is due, in ms (≥ 1000 on PostgreSQL: the queue's slots are whole seconds). */
  everyMs: number;
  /**
   * How long a run holds its lease (pg-boss expireInSeconds): past it, an instance that vanished
   * mid-run (killed, cut off) is presumed dead and the run is given to another. Longer than a
   * normal run with a slow dependency; shorter than what waiting for a dead instance may cost.
   */
  leaseSeconds: number;
  /** One run. A throw is counted as a failure (and retried by the queue); the next period runs anyway. */
  run(): Promise<unknown>;
}

export interface JobRunner {
  readonly kind: 'pg-boss' | 'in-process';
  /** Before start(): a name defined twice is an error. */
  define(job: JobDefinition): void;
  /**
   * Starts every defined job; each first runs about a period later (no job defined: nothing is
   * started, not even the queue). Idempotent.
   */
  start(): Promise<void>;
  /**
   * No new run starts; a run under way may finish within `graceMs`, after which its lease is
   * released (pg-boss: failed for a retry by another instance) instead of left to expire.
   * Idempotent: a second call answers the first's promise.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** PostgreSQL: the queue's schema (default: the connection's search_path schema if set, else `pgboss`). */
  schema?: string;
  /** PostgreSQL: how often the cluster checks for expired leases, s (default 10). */
  maintenanceSeconds?: number;
}

export const JOB_NAME = /^[a-z][a-z0-9-]{0,49}$/;

/** Shared by both runners: the definitions, checked once. */
export function jobRegistry(started: () => boolean) {
  const jobs = new Map<string, JobDefinition>();
  return {
    jobs,
    define(job: JobDefinition) {
      if (started()) throw new Error(`tarefa ${job.name} definida depois do início`);
      if (!JOB_NAME.test(job.name)) throw new Error(`nome de tarefa inválido: ${job.name}`);
      if (jobs.has(job.name)) throw new Error(`tarefa ${job.name} definida duas vezes`);
      if (!(job.everyMs > 0) || !(job.leaseSeconds >= 1))
        throw new Error(`tarefa ${job.name}: período ou prazo inválido`);
      jobs.set(job.name, job);
    },
  };
}
