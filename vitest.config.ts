import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * In CI a failed test runs once more before it counts as failed (RANGO_RETRY to change it; 0
 * elsewhere). Two fresh-clone runs in a row failed on one end-to-end test that passed alone and
 * again in the next run, under the 2-core machine's timing; a real failure fails twice. A test
 * that passed only on its second run is not hidden: scripts/test.mjs lists it, with its first
 * failure, before the 'N passed, N failed' line.
 */
export const RETRY = Number(process.env.RANGO_RETRY ?? (process.env.CI ? 1 : 0));

export default defineConfig({
  test: {
    // Every core: Vitest's default for a run is one less than the cores, which on CI's 2-core
    // machine meant one test file at a time and an idle core for the whole unit suite (issue 21).
    maxWorkers: Number(process.env.RANGO_WORKERS ?? availableParallelism()),
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          retry: RETRY,
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          retry: RETRY,
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files side by side, each on a PostgreSQL schema of its own. Two ways one file
          // reached another through the shared cluster are closed: Kysely's migrator
          // introspected every schema (one dropped meanwhile failed it: db/migrations.ts now asks
          // only its own), and the event bus holds events back while any older transaction of
          // the cluster runs (the bus tests read with lerTudo). A project-level worker limit of
          // one did not run server files beside the web's: Vitest queued them after.
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: './e2e',
          retry: RETRY,
          include: ['src/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // expect.poll waits as long as a Playwright locator does (the context's 15 s), not
          // Vitest's 1 s: under load a CEP lookup's field took longer than 1 s to fill.
          expect: { poll: { timeout: 15_000 } },
          // Each file starts its own server (a free port, its own SQLite file or PostgreSQL
          // database) and its own Chromium, so files run side by side: two at once
          // (RANGO_E2E_WORKERS to change it). They are a group of their own, after the other
          // projects, so nothing else runs beside them; with the other projects alongside
          // (three workers and their browsers on 2 cores) long journeys timed out, and before axe
          // ran in legacy mode (axe.ts) one scan of the menu editor took 15–20 s.
          fileParallelism: true,
          maxWorkers: Number(process.env.RANGO_E2E_WORKERS ?? 2),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
