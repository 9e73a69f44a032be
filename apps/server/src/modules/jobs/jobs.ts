import { dialectOf } from '../../db/index.ts';
import type { JobRunner, JobRunnerOptions } from './definition.ts';
import { createInProcessRunner } from './in-process.ts';
import { createPgBossRunner } from './pg-boss.ts';

export type { JobDefinition, JobRunner, JobRunnerOptions } from './definition.ts';

/** The runner for this database: pg-boss on PostgreSQL, in-process timers on SQLite. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  return dialectOf(options.db) === 'postgres' ? createPgBossRunner(options) : createInProcessRunner(options);
}
