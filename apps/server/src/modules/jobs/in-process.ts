import { contarTarefa } from '../../http/metrics.ts';
import type { JobRunner, JobRunnerOptions } from './definition.ts';
import { jobRegistry } from './definition.ts';

/**
 * SQLite (one process owns the file): each job on a timer of its own (unref'd: it never keeps the
 * process alive), a run never overlapping the previous one of the same job.
 */
export function createInProcessRunner({ log }: Pick<JobRunnerOptions, 'log'>): JobRunner {
  let started = false;
  let stopping: Promise<void> | undefined;
  const registry = jobRegistry(() => started);
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();

  return {
    kind: 'in-process',
    define: registry.define,
    async start() {
      if (started || stopping) return;
      started = true;
      for (const job of registry.jobs.values()) {
        let current: Promise<unknown> | undefined;
        const tick = () => {
          if (current || stopping) return;
          current = contarTarefa(job.name, job.run())
            .catch((e: unknown) => {
              log.error(
                { tarefa: job.name, erro: e instanceof Error ? e.message : String(e) },
                'tarefa falhou',
              );
            })
            .finally(() => {
              running.delete(current!);
              current = undefined;
            });
          running.add(current);
        };
        const timer = setInterval(tick, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      stopping ??= (async () => {
        for (const t of timers) clearInterval(t);
        timers.length = 0;
        // Nothing to release in one process: the run under way finishes before the database closes.
        await Promise.all([...running]);
      })();
      return stopping;
    },
  };
}
