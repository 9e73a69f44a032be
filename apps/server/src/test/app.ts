import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { AppDeps } from '../app.ts';
import type { Config } from '../config.ts';
import type { Dialeto } from '../db/index.ts';
import { seedEstablishments } from '../db/seed/seed-establishments.ts';
import { openTestDb, testConfig } from './db.ts';
import type { TestDb } from './db.ts';
import { fixtureEstablishments } from './fixtures.ts';

export interface TestApp {
  app: FastifyInstance;
  t: TestDb;
  close(): Promise<void>;
}

/** A migrated database seeded with the test fixture, and the app on it (call app.inject). */
export async function openTestApp(
  dialect: Dialeto,
  config: Partial<Config> = {},
  deps: Omit<AppDeps, 'db'> = {},
): Promise<TestApp> {
  const t = await openTestDb(dialect);
  await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
  const app = buildApp(testConfig(config), { ...deps, db: t.db });
  return {
    app,
    t,
    async close() {
      await app.close();
      await t.cleanup();
    },
  };
}
