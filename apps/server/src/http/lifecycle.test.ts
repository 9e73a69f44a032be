import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/index.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { openTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { DIALECTS, openTestDb } from '../test/db.ts';
import { MOTIVO, createReadiness } from './lifecycle.ts';

describe.each(DIALECTS)('health and readiness on %s', (dialect) => {
  let h: TestApp;
  beforeAll(async () => {
    h = await openTestApp(dialect);
  });
  afterAll(async () => {
    await h.close();
  });

  it('/healthz and /readyz answer at the root, never cached; the old /api/ead/health still works', async () => {
    const health = await h.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await h.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect((await h.app.inject({ url: '/api/ead/health' })).json()).toEqual({ ok: true });
    // At the root only.
    expect((await h.app.inject({ url: '/api/ead/readyz' })).statusCode).toBe(404);
  });

  it('a schema behind the code is not ready, naming the pending migrations; current once migrated', async () => {
    const t = await openTestDb(dialect, { migrate: false });
    try {
      const readiness = createReadiness(t.db);
      const before = await readiness.check();
      expect(before.ok).toBe(false);
      expect(!before.ok && before.motivo).toMatch(
        /^migrações pendentes \(migrations behind\): 0001_catalogo, /,
      );
      await migrateToLatest(t.db);
      expect(await readiness.check()).toEqual({ ok: true });
    } finally {
      await t.cleanup();
    }
  });

  it('a database that is gone is not ready, with the reason', async () => {
    const t = await openTestDb(dialect);
    try {
      const other = t.reopen();
      expect(await createReadiness(other).check()).toEqual({ ok: true });
      await other.destroy();
      expect(await createReadiness(other).check()).toEqual({ ok: false, motivo: MOTIVO.bancoInacessivel });
    } finally {
      await t.cleanup();
    }
  });

  it('draining (SIGTERM): /readyz answers 503 at once while /healthz stays 200 and requests are served', async () => {
    h.app.readiness.drain();
    const ready = await h.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, motivo: MOTIVO.encerrando });
    expect((await h.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await h.app.inject({ url: '/api/ead/api/estabelecimento/1/menu/' })).statusCode).toBe(200);
  });
});

describe('readiness time-out', () => {
  it('a database that never answers is "not ready" after the time-out, not a hung probe', async () => {
    // A connection that never comes: what a dropped network looks like to the pool.
    const hanging: Db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: () => new Promise(() => undefined) }),
    });
    const started = Date.now();
    expect(await createReadiness(hanging, { timeoutMs: 100 }).check()).toEqual({
      ok: false,
      motivo: MOTIVO.bancoLento,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
