import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import type { TestDb } from '../../test/db.ts';
import { createJobRunner } from './jobs.ts';
import type { JobRunner } from './jobs.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('periodic jobs on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(dialect, { migrate: false });
  });
  afterAll(async () => t.cleanup());

  /** `n` runners on the same database (one on SQLite: one process owns the file). */
  function runners(n: number): JobRunner[] {
    return Array.from({ length: dialect === 'postgres' ? n : 1 }, (_, i) =>
      createJobRunner({ db: i === 0 ? t.db : t.reopen(), log: silent, maintenanceSeconds: 1 }),
    );
  }

  it('three instances: one run per period, never two at once', async () => {
    const rs = runners(3);
    const runs: { by: number; at: number }[] = [];
    let active = 0;
    let overlap = 0;
    rs.forEach((r, by) =>
      r.define({
        name: 'contar',
        everyMs: 1000,
        leaseSeconds: 30,
        async run() {
          if (++active > 1) overlap++;
          runs.push({ by, at: Date.now() });
          await sleep(100);
          active--;
        },
      }),
    );
    expect(rs[0]!.kind).toBe(dialect === 'postgres' ? 'pg-boss' : 'in-process');
    await Promise.all(rs.map((r) => r.start()));
    await sleep(4500);
    await Promise.all(rs.map((r) => r.stop()));
    expect(overlap).toBe(0);
    // ~4 periods: 3 to 6 runs (slot boundaries), not 3 × that.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(6);
  });
});
