import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { createJobRunner } from './jobs.ts';
import type { JobRunner, JobRunnerOptions } from './jobs.ts';

export type { JobDefinition, JobRunner } from './jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs (modules/jobs): modules define theirs while registering. */
    jobs: JobRunner;
  }
}

/**
 * The app's job runner: modules call `app.jobs.define(...)` as they register; the jobs start
 * once the app is ready and stop when it closes (SIGTERM: main.ts's shutdown), releasing their
 * leases before the database closes.
 */
export function installJobs(
  app: FastifyInstance,
  db: Db,
  options: Omit<JobRunnerOptions, 'db' | 'log'> = {},
): JobRunner {
  const jobs = createJobRunner({ db, log: app.log, ...options });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  // SIGTERM → app.close() (main.ts, after its drain delay): no new run from the moment the close
  // starts, and the run under way gets the time the requests in flight take to finish before
  // its lease is released (onClose, below, waits for that).
  app.addHook('preClose', (done) => {
    void jobs.stop();
    done();
  });
  app.addHook('onClose', async () => jobs.stop());
  return jobs;
}
