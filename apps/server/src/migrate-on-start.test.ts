import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './db/index.ts';
import { migrateToLatest } from './db/migrations.ts';

/**
 * MIGRATE_ON_START=0 (issue 13): the real process never migrates; while the schema is behind it
 * answers /healthz 200 and 503 elsewhere (/readyz names the pending migrations), and it starts
 * serving once a separate step migrated, without a restart.
 */
const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const running: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, log: () => string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} não aconteceu a tempo:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function start() {
  const dir = mkdtempSync(join(tmpdir(), 'rango-migrate-'));
  dirs.push(dir);
  const file = join(dir, 'rango.db');
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: file,
      MIGRATE_ON_START: '0',
      SEED_DEMO: '0',
      DEMO_SIMULATOR: '0',
      PAGAMENTOS_CONCILIAR_SEGUNDOS: '0',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await until(
    '/healthz',
    async () => ((await fetch(`${base}/healthz`)).ok ? true : undefined),
    () => log,
  );
  return { child, file, base, exit, log: () => log };
}

const migrationTableExists = (file: string) => {
  if (!existsSync(file)) return false;
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare("select 1 from sqlite_master where name = 'kysely_migration'").get() !== undefined;
  } finally {
    db.close();
  }
};

describe('MIGRATE_ON_START=0', () => {
  it('serves nothing but health while the schema is behind, then starts once migrated elsewhere', async () => {
    const s = await start();
    const ready = await fetch(`${s.base}/readyz`);
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { ok: boolean; motivo: string };
    expect(body.ok).toBe(false);
    expect(body.motivo).toMatch(/^migrações pendentes \(migrations behind\): 0001_catalogo, 0002_contas/);
    expect((await fetch(`${s.base}/api/ead/api/estabelecimento/1/menu/`)).status).toBe(503);
    expect(s.log()).toContain('MIGRATE_ON_START=0');
    // The instance itself did not migrate.
    expect(migrationTableExists(s.file)).toBe(false);

    // The separate step (what `npm run operator -- migrate` does).
    const db = createDb(s.file);
    await migrateToLatest(db);
    await db.destroy();
    await until(
      '/readyz 200',
      async () => ((await fetch(`${s.base}/readyz`)).status === 200 ? true : undefined),
      s.log,
    );
    expect(s.log()).toContain('Esquema atualizado: iniciando.');
    const menu = await fetch(`${s.base}/api/ead/api/estabelecimento/1/menu/`);
    // No establishment seeded: the app's own 404 in Portuguese, not the waiting listener's 503.
    expect(menu.status).toBe(404);

    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
  }, 90_000);

  it('a SIGTERM while waiting for the migrations ends the process with 0', async () => {
    const s = await start();
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    expect(migrationTableExists(s.file)).toBe(false);
  }, 90_000);
});
