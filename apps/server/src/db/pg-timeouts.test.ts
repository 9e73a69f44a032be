import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/error-handler.js';
import { createDb, type Db } from './index.js';

const PG = process.env.TEST_DATABASE_URL;

/**
 * A TCP relay to PostgreSQL that can freeze: while frozen it keeps every socket open and forwards
 * nothing, as a database that hangs (a stopped process, a network dropping packets) does.
 */
async function relay(target: URL): Promise<{ port: number; freeze: () => void; close: () => Promise<void> }> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (b) => void (frozen || upstream.write(b)));
    upstream.on('data', (b) => void (frozen || client.write(b)));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('sem porta');
  return {
    port: address.port,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe.skipIf(!PG)('PostgreSQL pool time-outs (a hung database)', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function through(options: { connectTimeoutMs: number; queryTimeoutMs?: number }): Promise<{
    db: Db;
    freeze: () => void;
  }> {
    const target = new URL(PG as string);
    const r = await relay(target);
    cleanups.push(r.close);
    const url = new URL(PG as string);
    url.hostname = '127.0.0.1';
    url.port = String(r.port);
    const db = createDb(url.toString(), options);
    cleanups.push(() => db.destroy());
    return { db, freeze: r.freeze };
  }

  it('a database that accepts the connection and never answers fails the query in the connect time-out, as unavailable', async () => {
    const { db, freeze } = await through({ connectTimeoutMs: 400 });
    freeze();
    const start = Date.now();
    const error = await sql`select 1`.execute(db).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(Date.now() - start).toBeLessThan(3000);
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('a database that freezes mid-session fails the query in the query time-out, as unavailable', async () => {
    const { db, freeze } = await through({ connectTimeoutMs: 400, queryTimeoutMs: 500 });
    const ok = await sql<{ n: number }>`select 1 as n`.execute(db);
    expect(ok.rows[0]?.n).toBe(1);
    freeze();
    const start = Date.now();
    const error = await sql`select 2`.execute(db).then(
      () => undefined,
      (e: unknown) => e,
    );
    const took = Date.now() - start;
    expect(took).toBeGreaterThanOrEqual(400);
    expect(took).toBeLessThan(3000);
    expect((error as Error).message).toMatch(/Query read timeout/);
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});
