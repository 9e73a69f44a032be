import type PgBoss from 'pg-boss';
import { pgPoolOf } from '../../db/index.ts';
import { contarTarefa } from '../../http/metrics.ts';
import type { JobDefinition, JobRunner, JobRunnerOptions } from './definition.ts';
import { jobRegistry } from './definition.ts';

/**
 * PostgreSQL, any number of instances: pg-boss 10 (a maintained queue in the database: leases,
 * retries, throttling; the last major on Node 20 — 11 needs Node 22). graphile-worker was the
 * other candidate; its lock on a job whose worker died holds for 4 hours, pg-boss's lease is the
 * job's own expireInSeconds.
 *
 * Per job, one queue with the `stately` policy (at most one run waiting and one running across
 * the cluster). Every instance offers a run on a timer (`send` with `singletonSeconds` = the
 * period: one job per slot of the period however many instances offer it; the others' inserts
 * are no-ops) and polls for it; whichever instance fetches it runs it. A run holds its lease
 * `leaseSeconds`: an instance killed mid-run leaves the job active until the lease expires, then
 * the cluster's maintenance (one instance per interval) moves it to retry and another instance
 * runs it. On stop (SIGTERM) the instance stops fetching, waits for its run up to the grace and
 * then fails it, so another instance retries it at once instead of after the lease.
 */
const queueOf = (job: JobDefinition): PgBoss.Queue => ({
  name: job.name,
  policy: 'stately',
  expireInSeconds: job.leaseSeconds,
  retryLimit: 2,
  retryDelay: 1,
});

export function createPgBossRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const pool = pgPoolOf(db);
  if (!pool) throw new Error('pg-boss precisa de um banco PostgreSQL');
  // The pool's own settings (its search_path: the tests' per-test schemas) for pg-boss's pool.
  const poolOptions = pool.options as { connectionString?: string; options?: string };
  const searchPath = /search_path=([a-z_][a-z0-9_]*)/.exec(poolOptions.options ?? '')?.[1];
  const schema = options.schema ?? searchPath ?? 'pgboss';

  let started = false;
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let boss: PgBoss | undefined;
  const registry = jobRegistry(() => started);
  const timers: NodeJS.Timeout[] = [];

  async function startNow(): Promise<void> {
    const jobs = [...registry.jobs.values()];
    // Loaded here, on PostgreSQL only: an instance on SQLite never holds it (~15 MB RSS).
    const { default: Boss } = await import('pg-boss');
    boss = new Boss({
      connectionString: poolOptions.connectionString,
      ...(poolOptions.options ? { options: poolOptions.options } : {}),
      application_name: 'rango-jobs',
      max: 2,
      schema,
      // Creates (or upgrades) its schema on start; several instances at once take turns on an
      // advisory lock.
      migrate: true,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 10,
      // No cron: our periods are seconds, pg-boss's cron is per minute.
      schedule: false,
      // Finished runs are history only: archived after an hour, dropped after a day.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 1,
    } as PgBoss.ConstructorOptions);
    boss.on('error', (e: unknown) => {
      log.warn({ erro: e instanceof Error ? e.message : String(e) }, 'fila de tarefas: erro');
    });
    await boss.start();
    // pg-boss creates a queue's partition table on first use; several instances starting at once
    // would deadlock doing it together (seen in the tests): one at a time, under a lock of ours.
    const lock = await pool!.connect();
    try {
      await lock.query('select pg_advisory_lock(hashtext($1))', [`rango-jobs:${schema}`]);
      for (const job of jobs) {
        const queue = queueOf(job);
        await boss.createQueue(job.name, queue);
        // A queue made by an older deploy takes this one's lease and retries.
        await boss.updateQueue(job.name, queue);
      }
    } finally {
      await lock
        .query('select pg_advisory_unlock(hashtext($1))', [`rango-jobs:${schema}`])
        .catch(() => undefined);
      lock.release();
    }
    for (const job of jobs) {
      const periodSeconds = Math.max(1, Math.round(job.everyMs / 1000));
      const b = boss;
      await b.work(
        job.name,
        { pollingIntervalSeconds: Math.min(2, Math.max(0.5, periodSeconds / 2)), batchSize: 1 },
        async () => {
          await contarTarefa(job.name, job.run());
        },
      );
      // One line when offers start failing (the database gone) and one when they work again,
      // not one per offer: a 30 s outage wrote 150 lines per instance, burying everything else.
      let falhas = 0;
      const offer = () => {
        if (stopping) return;
        b.send(
          job.name,
          {},
          {
            singletonKey: job.name,
            singletonSeconds: periodSeconds,
            expireInSeconds: job.leaseSeconds,
            retryLimit: 2,
            retryDelay: 1,
          },
        ).then(
          () => {
            if (falhas > 0) log.warn({ tarefa: job.name, falhas }, 'tarefa agendada de novo');
            falhas = 0;
          },
          (e: unknown) => {
            if (falhas++ === 0)
              log.warn(
                { tarefa: job.name, erro: e instanceof Error ? e.message : String(e) },
                'tarefa não agendada',
              );
          },
        );
      };
      // Twice per period, so a slot is never missed to timer drift (the second offer is a no-op).
      const timer = setInterval(offer, Math.max(500, (periodSeconds * 1000) / 2));
      timer.unref();
      timers.push(timer);
      offer();
    }
    log.info({ tarefas: jobs.map((j) => j.name), schema }, 'fila de tarefas (pg-boss) iniciada');
  }

  /**
   * The queue starts half a period after the app (its first offer), like a timer whose first
   * run is a period away: an instance that lives less than that (a test, a failed deploy) never
   * creates it. If the database is away then, it is tried again (the app's /readyz says why).
   */
  let startTimer: NodeJS.Timeout | undefined;
  function startLater(ms: number): void {
    startTimer = setTimeout(() => {
      startTimer = undefined;
      if (stopping) return;
      starting = startNow().catch(async (e: unknown) => {
        log.error({ erro: e instanceof Error ? e.message : String(e) }, 'fila de tarefas não iniciou');
        for (const t of timers) clearInterval(t);
        timers.length = 0;
        await boss?.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
        boss = undefined;
        startLater(10_000);
      });
    }, ms);
    startTimer.unref();
  }

  return {
    kind: 'pg-boss',
    define: registry.define,
    async start() {
      if (stopping || started) return;
      started = true;
      const jobs = [...registry.jobs.values()];
      if (jobs.length === 0) return;
      startLater(Math.min(...jobs.map((j) => j.everyMs)) / 2);
    },
    stop({ graceMs = 5000 } = {}) {
      stopping ??= (async () => {
        clearTimeout(startTimer);
        for (const t of timers) clearInterval(t);
        timers.length = 0;
        await starting?.catch(() => undefined);
        if (!boss) return;
        // Stops fetching, waits for the run under way up to the grace, then fails it (a retry for
        // another instance: its lease released), and closes pg-boss's pool.
        await boss.stop({ graceful: true, timeout: graceMs, wait: true, close: true });
      })();
      return stopping;
    },
  };
}
