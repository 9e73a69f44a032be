import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type Socket, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './db/index.ts';
import { migrateToLatest } from './db/migrations.ts';
import { seedEstablishments } from './db/seed/seed-establishments.ts';
import { KeyRing } from './modules/secrets/keys.ts';
import { createSegredos } from './modules/secrets/service.ts';
import { DIALECTS } from './test/db.ts';
import { fixtureEstablishments } from './test/fixtures.ts';

/**
 * The real process (`node --import tsx src/main.ts`) on a free port: what a load balancer sees
 * when an instance is stopped during a rolling restart, and what an operator sees when a setting
 * is wrong.
 */
const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));

interface Proc {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

const running: ChildProcess[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DEMO_SIMULATOR: '0',
      PAGAMENTOS_CONCILIAR_SEGUNDOS: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let log = '';
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => log, exit };
}

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
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function json(url: string, body?: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Raw HTTP: the request line, headers and the first part of the body now, the rest later. */
function slowRequest(port: number, path: string, body: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let raw = '';
  socket.on('data', (c: Buffer) => (raw += c.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const cut = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, cut)}`,
  );
  return {
    finish: () => socket.write(body.slice(cut)),
    /** The status line's code once the answer is complete (the server closes the connection). */
    async answer(): Promise<{ status: number; raw: string }> {
      await closed;
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0), raw };
    },
  };
}

/** PostgreSQL: a schema of its own through the URL's options, dropped afterwards. */
async function databaseFor(dialect: string): Promise<{ url: string; dispose: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'rango-main-'));
    return { url: join(dir, 'rango.db'), dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL ?? '';
  const schema = `t_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    dispose: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

describe.each(DIALECTS)('SIGTERM on %s', (dialect) => {
  it('readiness goes 503 first, the listener stops, the request under way finishes 200, exit 0', async () => {
    const database = await databaseFor(dialect);
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const p = start({
        PORT: String(port),
        DATABASE_URL: database.url,
        SHUTDOWN_DELAY_MS: '2500',
        SHUTDOWN_TIMEOUT_MS: '20000',
      });
      await until(
        '/readyz 200',
        async () => ((await fetch(`${base}/readyz`)).ok ? true : undefined),
        p.output,
      );

      // A confirmed customer, through the real flow (the outbox's link is in the info log).
      const email = `sigterm.${Date.now()}@exemplo.com.br`;
      const senha = 'segredo-do-sigterm';
      const cadastro = await json(`${base}/api/ead/controle/cliente/`, {
        nomeourazaosocial: 'Encerramento',
        email,
        telefone: '11987654321',
        senha,
        confirm: senha,
      });
      expect(cadastro.status).toBe(201);
      const link = await until(
        'o link de confirmação no log',
        async () => /\/confirma\/([^\s"]+)/.exec(p.output())?.[1],
        p.output,
      );
      const [uuid, token] = link.split('/');
      expect((await json(`${base}/api/ead/controle/cliente/${uuid}/confirmar/${token}/`)).ok).toBe(true);

      // A login under way: its body arrives only after the listener has stopped accepting.
      const inFlight = slowRequest(port, '/api/ead/controle/token/', JSON.stringify({ email, senha }));
      await new Promise((r) => setTimeout(r, 200));
      p.child.kill('SIGTERM');

      // Ready goes false first, while the listener still answers.
      const draining = await until(
        '/readyz 503',
        async () => {
          const res = await fetch(`${base}/readyz`);
          return res.status === 503 ? ((await res.json()) as { motivo: string }) : undefined;
        },
        p.output,
      );
      expect(draining.motivo).toMatch(/^encerrando/);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // Then the listener stops accepting (after SHUTDOWN_DELAY_MS).
      await until(
        'a porta recusar conexões',
        () =>
          fetch(`${base}/healthz`).then(
            () => undefined,
            () => true,
          ),
        p.output,
      );
      expect(p.child.exitCode).toBeNull();

      inFlight.finish();
      const answer = await inFlight.answer();
      expect(answer.status, answer.raw).toBe(200);
      expect(answer.raw).toMatch(/"access":"/);
      expect(await p.exit, p.output()).toBe(0);
      expect(p.output()).toMatch(/SIGTERM: deixando de receber tráfego/);
      expect(p.output()).toMatch(/Encerrado\./);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});

describe('SIGTERM deadline', () => {
  it('a request that never finishes is cut at SHUTDOWN_TIMEOUT_MS and the process still exits 0', async () => {
    const database = await databaseFor('sqlite');
    try {
      const port = await freePort();
      const p = start({ PORT: String(port), DATABASE_URL: database.url, SHUTDOWN_TIMEOUT_MS: '1000' });
      await until(
        '/readyz 200',
        async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined),
        p.output,
      );
      // Its body never comes.
      const stuck = slowRequest(
        port,
        '/api/ead/controle/token/',
        JSON.stringify({ email: 'a@b.c', senha: 'x' }),
      );
      await new Promise((r) => setTimeout(r, 200));
      const sent = Date.now();
      p.child.kill('SIGTERM');
      expect(await p.exit, p.output()).toBe(0);
      const took = Date.now() - sent;
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(5000);
      expect((await stuck.answer()).status).toBe(0);
      expect(p.output()).toMatch(/Prazo de 1000 ms esgotado/);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});

describe('configuration refused at start', () => {
  it('a malformed DATABASE_URL, production without JWT_SECRET or SECRETS_KEYS: one line, exit 1, nothing opened', async () => {
    const casos = [
      [{ DATABASE_URL: 'postgres://rango:segredo@:porta/x' }, /DATABASE_URL inválida/],
      [
        { NODE_ENV: 'production', DEMO_SIMULATOR: '0', PAYMENT_GATEWAY: 'paypal' },
        /PAYMENT_GATEWAY inválido/,
      ],
      [{ NODE_ENV: 'production' }, /JWT_SECRET é obrigatório/],
      [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, /SECRETS_KEYS é obrigatória/],
      [
        {
          NODE_ENV: 'production',
          JWT_SECRET: 'x'.repeat(40),
          SECRETS_KEYS: `k1:${'A'.repeat(43)}=`,
          DEMO_SIMULATOR: '0',
        },
        /PAYMENT_GATEWAY=sandbox com NODE_ENV=production/,
      ],
    ] as const;
    // All at once: each is a process start (tsx), seconds apiece on a busy machine.
    const procs = casos.map(([env]) => start({ PORT: '0', ...env }));
    for (const [i, [, expected]] of casos.entries()) {
      const p = procs[i]!;
      expect(await p.exit, p.output()).toBe(1);
      const lines = p.output().trim().split('\n');
      expect(lines, p.output()).toHaveLength(1);
      expect(lines[0]).toMatch(/^Configuração inválida \(invalid configuration\): /);
      expect(lines[0]).toMatch(expected);
      expect(lines[0]).not.toMatch(/segredo/);
    }
  }, 120_000);
});

describe('secrets key refused at start', () => {
  it('a SECRETS_KEYS key that does not open the stored secrets: one line naming the key id, exit 1', async () => {
    const database = await databaseFor('sqlite');
    try {
      const certa = randomBytes(32);
      const db = createDb(database.url);
      await migrateToLatest(db);
      await seedEstablishments(db, fixtureEstablishments, { alwaysOpen: false });
      const ring = new KeyRing([{ id: 'k1', key: certa }]);
      await createSegredos(db, { production: false, secretsKeys: ring }).set(
        1,
        'whatsapp.token',
        'x'.repeat(40),
      );
      await db.destroy();
      const errada = randomBytes(32).toString('base64');
      const p = start({ PORT: '0', DATABASE_URL: database.url, SECRETS_KEYS: `k1:${errada}` });
      expect(await p.exit, p.output()).toBe(1);
      const lines = p.output().trim().split('\n');
      expect(lines, p.output()).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Configuração inválida \(invalid configuration\): Segredos: a chave 'k1' de SECRETS_KEYS não decifra/,
      );
      expect(p.output()).not.toContain(errada);
      expect(p.output()).not.toContain(certa.toString('base64'));
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
