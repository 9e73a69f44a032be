import { type Server, type Socket, createServer, connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { createDb } from './db/index.ts';
import type { Db } from './db/index.ts';
import { seedEstablishments } from './db/seed/seed-establishments.ts';
import { isDatabaseUnavailable } from './http/error-handler.ts';
import { openTestDb, testConfig } from './test/db.ts';
import type { TestDb } from './test/db.ts';
import { fixtureEstablishments } from './test/fixtures.ts';

/**
 * Issue 13, bad input: the database disappears (here a TCP relay to PostgreSQL cut for a few
 * seconds, the same to the server as a dropped network or a restarting database). The instance
 * goes unready, answers 503 with Retry-After instead of 500s, and comes back by itself.
 */
const PG = process.env.TEST_DATABASE_URL;

/** A relay from a local port to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        const a = server!.address();
        port = typeof a === 'object' && a ? a.port : 0;
        resolve();
      });
    });
  return {
    listen,
    get port() {
      return port;
    },
    async cut() {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

describe.skipIf(!PG)('the database disappears for a while (PostgreSQL)', () => {
  let t: TestDb;
  let db: Db;
  const r = relay(new URL(PG ?? 'postgres://x@127.0.0.1:5432/x'));
  let app: ReturnType<typeof buildApp>;

  beforeAll(async () => {
    t = await openTestDb('postgres');
    await seedEstablishments(t.db, fixtureEstablishments, { alwaysOpen: false });
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(t.db)).rows[0]!.s;
    await r.listen();
    const url = new URL(PG!);
    url.hostname = '127.0.0.1';
    url.port = String(r.port);
    db = createDb(url.toString(), { schema, poolMax: 4 });
    app = buildApp(testConfig({ rateLimit: false }), { db });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.destroy();
    await t.cleanup();
  });

  it('unready and 503 with Retry-After while it is gone, ready and answering again without a restart', async () => {
    const detalhe = () => app.inject({ url: '/api/ead/controle/estabelecimento/1/' });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await detalhe()).statusCode).toBe(200);

    await r.cut();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ok: false });
    const answers = await Promise.all(Array.from({ length: 10 }, detalhe));
    for (const a of answers) {
      expect(a.statusCode).toBe(503);
      expect(a.headers['retry-after']).toBe('5');
      expect(a.json()).toEqual({ detail: 'Tivemos um probleminha, tente novamente depois.' });
    }

    await new Promise((res) => setTimeout(res, 1500));
    await r.listen();
    let ok = false;
    for (let i = 0; i < 50 && !ok; i++) {
      ok = (await app.inject({ url: '/readyz' })).statusCode === 200;
      if (!ok) await new Promise((res) => setTimeout(res, 200));
    }
    expect(ok).toBe(true);
    expect((await detalhe()).statusCode).toBe(200);
  });
});

describe('isDatabaseUnavailable', () => {
  it('outages yes, bugs and client errors no', () => {
    const e = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const x of [
      e('ECONNREFUSED'),
      e('08006'),
      e('57P01'),
      e('57014'),
      e('53300'),
      e('SQLITE_FULL'),
      e('SQLITE_BUSY'),
      e('SQLITE_IOERR_WRITE'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(x), x.message).toBe(true);
    }
    for (const x of [e('23505'), e('42P01'), e('SQLITE_CONSTRAINT_UNIQUE'), new Error('boom'), null, 'x']) {
      expect(isDatabaseUnavailable(x)).toBe(false);
    }
  });
});
