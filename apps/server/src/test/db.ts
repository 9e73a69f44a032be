import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { createDb } from '../db/index.ts';
import type { Db, Dialeto } from '../db/index.ts';
import { migrateToLatest } from '../db/migrations.ts';

/** Every database the suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialeto[] = [
  'sqlite',
  ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : []),
];

export interface TestDb {
  db: Db;
  /** Opens another connection to the same database (a second server instance). */
  reopen(): Db;
  cleanup(): Promise<void>;
}

/**
 * A fresh, empty database: a temp SQLite file, or a new PostgreSQL schema `t_<random>` that
 * every connection uses through its search_path and that cleanup drops.
 */
export async function openTestDb(dialect: Dialeto, { migrate = true } = {}): Promise<TestDb> {
  const extra: Db[] = [];
  let db: Db;
  let reopen: () => Db;
  let dispose: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'rango-test-'));
    const file = join(dir, 'test.db');
    reopen = () => createDb(file);
    db = reopen();
    dispose = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    reopen = () => createDb(url, { schema });
    db = reopen();
    dispose = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    };
  }
  if (migrate) await migrateToLatest(db);
  return {
    db,
    reopen: () => {
      const other = reopen();
      extra.push(other);
      return other;
    },
    async cleanup() {
      for (const d of extra) await d.destroy();
      await db.destroy();
      await dispose();
    },
  };
}

/** A configuration for tests: no SPA build, a media folder of the test's choosing, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    databaseUrl: ':memory:',
    webDist: join(tmpdir(), 'rango-no-web-dist'),
    mediaDir: join(tmpdir(), 'rango-no-media'),
    seedDemo: false,
    demoAlwaysOpen: false,
    logLevel: 'silent',
    publicUrl: 'http://rango.test',
    jwtSecret: 'segredo-de-teste-com-32-caracteres!!',
    accessTokenTtl: 300,
    refreshTokenTtl: 3600,
    smtpUrl: undefined,
    mailFrom: 'Rango <nao-responda@rango.test>',
    googleClientId: undefined,
    googleJwksUrl: 'http://127.0.0.1:9/jwks',
    facebookAppId: undefined,
    facebookAppSecret: undefined,
    facebookGraphUrl: 'http://127.0.0.1:9',
    cepProvider: 'embedded',
    viacepUrl: 'http://127.0.0.1:9',
    geocoder: 'embedded',
    geocoderKey: undefined,
    geocoderUrl: undefined,
    rateLimit: true,
    trustProxy: false,
    demoSimulator: false,
    demoSimulatorSteps: { confirmar: 8, preparar: 15, entregar: 15, concluir: 10 },
    payments: {
      gateway: 'sandbox',
      pixExpiraSegundos: 900,
      // Cancelled at the expiry unless a test opens the renewal window (modules/payments/renovar-pix).
      pixRenovarSegundos: 0,
      pix: { chave: 'pagamentos@rango.test', nome: 'RANGO TESTE', cidade: 'SAO PAULO' },
      reconciliarSegundos: 0,
      sandboxSecret: 'segredo-do-sandbox-de-teste-32-caracteres',
      cielo: {
        merchantId: '',
        merchantKey: '',
        apiUrl: 'http://127.0.0.1:9',
        queryUrl: 'http://127.0.0.1:9',
        sopUrl: 'http://127.0.0.1:9',
        sopOAuth: undefined,
        pixProvider: null,
        notificationSecret: undefined,
        mpi: {
          authUrl: 'http://127.0.0.1:9',
          clientId: '',
          clientSecret: '',
          establishmentCode: '',
          merchantName: '',
          mcc: '5812',
          scriptUrl: 'http://127.0.0.1:9/bpmpi.js',
          environment: 'SDB',
        },
      },
    },
    shutdown: { delayMs: 0, timeoutMs: 15_000 },
    metrics: { allow: ['loopback'], token: undefined },
    ...overrides,
  };
}
