import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATABASE_FILE, loadConfig } from './config.ts';
import { createDb, dialectOfUrl, sqliteFile } from './db/index.ts';

describe('loadConfig', () => {
  it('has the demo defaults, paths resolved from the repository, not the working directory', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      seedDemo: true,
      demoAlwaysOpen: true,
      logLevel: 'info',
    });
    expect(c.databaseUrl).toBe(DEFAULT_DATABASE_FILE);
    expect(c.databaseUrl).toMatch(/\/data\/rango\.db$/);
    expect(c.webDist).toMatch(/\/apps\/web\/dist$/);
    expect(c.mediaDir).toMatch(/\/apps\/server\/media$/);
    expect(existsSync(c.mediaDir.replace(/media$/, 'src'))).toBe(true);
  });

  it('reads the environment', () => {
    const c = loadConfig({
      PORT: '3999',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@h/db',
      SEED_DEMO: '0',
      DEMO_ALWAYS_OPEN: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(c).toMatchObject({
      port: 3999,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@h/db',
      seedDemo: false,
      demoAlwaysOpen: false,
      logLevel: 'warn',
    });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow();
  });
});

describe('MAPA_TILES_URL', () => {
  it('is off when unset; a tile template with {z}, {x}, {y}; OpenStreetMap credited by default', () => {
    expect(loadConfig({}).mapa).toBeUndefined();
    expect(loadConfig({ MAPA_TILES_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' }).mapa).toEqual({
      tilesUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      atribuicao: '© colaboradores do OpenStreetMap',
    });
    expect(
      loadConfig({
        MAPA_TILES_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
        MAPA_ATRIBUICAO: '© Exemplo',
      }).mapa,
    ).toEqual({ tilesUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png', atribuicao: '© Exemplo' });
    for (const bad of [
      'tile.openstreetmap.org/{z}/{x}/{y}.png',
      'ftp://h/{z}/{x}/{y}',
      'https://h/{z}/{x}.png',
    ]) {
      expect(() => loadConfig({ MAPA_TILES_URL: bad })).toThrow(/MAPA_TILES_URL inválida/);
    }
  });
});

describe('JWT_SECRET', () => {
  it('is optional but, when set, at least 32 characters (the error never shows it)', () => {
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: '  ' }).jwtSecret).toBeUndefined();
    const ok = 'x'.repeat(32);
    expect(loadConfig({ JWT_SECRET: ok }).jwtSecret).toBe(ok);
    expect(() => loadConfig({ JWT_SECRET: 'segredo-curto-31-caracteres-abc' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'abc' })).not.toThrow(/abc/);
    expect(() => loadConfig({ JWT_SECRET: 'abc' })).toThrow(/32/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off when unset, a hop count, or a list of addresses / CIDRs; never plain true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '1.2.3', '10.0.0.1,', 'proxy.local', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('DEMO_SIMULATOR', () => {
  it('is on by default only on the embedded SQLite database; DEMO_SIMULATOR overrides', () => {
    expect(loadConfig({}).demoSimulator).toBe(true);
    expect(loadConfig({ DATABASE_URL: ' ' }).demoSimulator).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demoSimulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: '/tmp/x.db' }).demoSimulator).toBe(false);
    expect(loadConfig({ DEMO_SIMULATOR: '0' }).demoSimulator).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO_SIMULATOR: '1' }).demoSimulator).toBe(true);
  });

  it('DEMO_SIMULATOR_STEP_SECONDS: defaults 8, 15, 15, 10; one number for all, or four', () => {
    expect(loadConfig({}).demoSimulatorSteps).toEqual({
      confirmar: 8,
      preparar: 15,
      entregar: 15,
      concluir: 10,
    });
    expect(loadConfig({ DEMO_SIMULATOR_STEP_SECONDS: '2' }).demoSimulatorSteps).toEqual({
      confirmar: 2,
      preparar: 2,
      entregar: 2,
      concluir: 2,
    });
    expect(loadConfig({ DEMO_SIMULATOR_STEP_SECONDS: '1, 0.5,3,0' }).demoSimulatorSteps).toEqual({
      confirmar: 1,
      preparar: 0.5,
      entregar: 3,
      concluir: 0,
    });
    for (const bad of ['-1', 'abc', '1,2', '1,2,3,4,5', '1,,2,3', '5000']) {
      expect(() => loadConfig({ DEMO_SIMULATOR_STEP_SECONDS: bad }), bad).toThrow(
        /DEMO_SIMULATOR_STEP_SECONDS/,
      );
    }
  });
});

describe('database URLs', () => {
  it('tells the dialects apart and finds the SQLite file', () => {
    expect(dialectOfUrl('postgres://x/y')).toBe('postgres');
    expect(dialectOfUrl('postgresql://x/y')).toBe('postgres');
    expect(dialectOfUrl('sqlite:data/x.db')).toBe('sqlite');
    expect(sqliteFile(':memory:')).toBe(':memory:');
    expect(sqliteFile('sqlite:/tmp/a.db')).toBe('/tmp/a.db');
    expect(sqliteFile('sqlite:///tmp/a.db')).toBe('/tmp/a.db');
    expect(sqliteFile('file:///tmp/b.db')).toBe('/tmp/b.db');
  });

  it("creates the SQLite file's folder, in WAL mode with foreign keys on", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rango-cfg-'));
    const file = join(dir, 'nested', 'rango.db');
    const db = createDb(`sqlite:${file}`);
    const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    expect(mode.rows[0]?.journal_mode).toBe('wal');
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    expect(existsSync(file)).toBe(true);
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('payments configuration', () => {
  it('defaults to the sandbox gateway; Cielo needs its merchant id and key', () => {
    expect(loadConfig({}).payments.gateway).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'cielo' })).toThrow(/CIELO_MERCHANT_ID/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
    const c = loadConfig({
      PAYMENT_GATEWAY: 'cielo',
      CIELO_MERCHANT_ID: 'id',
      CIELO_MERCHANT_KEY: 'key',
      CIELO_PIX_PROVIDER: '',
    });
    expect(c.payments.gateway).toBe('cielo');
    expect(c.payments.cielo.pixProvider).toBeNull();
    expect(c.payments.cielo.mpi.environment).toBe('PRD');
    expect(loadConfig({ PIX_EXPIRA_SEGUNDOS: '60' }).payments.pixExpiraSegundos).toBe(60);
    expect(loadConfig({ PAGAMENTOS_CONCILIAR_SEGUNDOS: '0' }).payments.reconciliarSegundos).toBe(0);
    expect(loadConfig({}).payments.pixRenovarSegundos).toBe(1800);
    expect(loadConfig({ PIX_RENOVAR_SEGUNDOS: '0' }).payments.pixRenovarSegundos).toBe(0);
  });
});

describe('checks at start (one clear message each, before the database opens)', () => {
  const producao = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(32),
    DATABASE_URL: 'postgres://rango:segredo@db.interno:5432/rango',
    PAYMENT_GATEWAY: 'cielo',
    CIELO_MERCHANT_ID: 'id',
    CIELO_MERCHANT_KEY: 'key',
    SECRETS_KEYS: `k1:${'A'.repeat(43)}=`,
  };

  it('every refusal is a ConfigError (main.ts prints its message alone and exits 1)', () => {
    for (const env of [{ PORT: 'abc' }, { PAYMENT_GATEWAY: 'paypal' }, { DATABASE_URL: 'mysql://h/db' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });

  it('DATABASE_URL: a malformed PostgreSQL URL or an unknown scheme, with the password masked', () => {
    for (const ok of [
      'postgres://u@h/db',
      'postgresql://u:p@h:5432/db?sslmode=require',
      'postgres:///rango?host=/run/postgresql',
      'sqlite:data/x.db',
      'sqlite:///tmp/x.db',
      'file:///tmp/x.db',
      '/var/lib/rango/rango.db',
      'data/rango.db',
      ':memory:',
    ]) {
      expect(loadConfig({ DATABASE_URL: ok }).databaseUrl, ok).toBe(ok);
    }
    for (const bad of [
      'postgres://',
      'postgres:/h/db',
      'postgresql://u:segredo@h:porta/db',
      'postgres://u:segredo@/db',
      'mysql://u:segredo@h/db',
      'http://h/db',
    ]) {
      const attempt = () => loadConfig({ DATABASE_URL: bad });
      expect(attempt, bad).toThrow(/^DATABASE_URL inválida/);
      expect(attempt, bad).not.toThrow(/segredo/);
    }
  });

  it('NODE_ENV=production needs JWT_SECRET', () => {
    expect(loadConfig(producao).production).toBe(true);
    expect(loadConfig({}).production).toBe(false);
    expect(() => loadConfig({ ...producao, JWT_SECRET: '' })).toThrow(/JWT_SECRET é obrigatório/);
    expect(() => loadConfig({ ...producao, JWT_SECRET: undefined })).toThrow(ConfigError);
  });

  it('NODE_ENV=production needs SECRETS_KEYS (even a demo install); a malformed key is refused in any mode', () => {
    for (const sem of [{ SECRETS_KEYS: undefined }, { SECRETS_KEYS: ' ' }]) {
      expect(() => loadConfig({ ...producao, ...sem })).toThrow(/SECRETS_KEYS é obrigatória/);
      expect(() => loadConfig({ ...producao, ...sem, ALLOW_DEMO_IN_PRODUCTION: '1' })).toThrow(
        /SECRETS_KEYS é obrigatória/,
      );
    }
    const hex = 'ab'.repeat(32);
    expect(
      loadConfig({ ...producao, SECRETS_KEYS: undefined, SECRETS_KEY: hex }).secretsKeys?.ids,
    ).toHaveLength(1);
    expect(loadConfig({}).secretsKeys).toBeUndefined();
    const curta = 'c2VncmVkby1jdXJ0bw==';
    for (const env of [{ SECRETS_KEYS: `k1:${curta}` }, { SECRETS_KEY: curta }, { SECRETS_KEYS: 'k1' }]) {
      const attempt = () => loadConfig(env);
      expect(attempt, JSON.stringify(env)).toThrow(ConfigError);
      expect(attempt, JSON.stringify(env)).toThrow(/32 bytes/);
      expect(attempt).not.toThrow(new RegExp(curta));
    }
    // The ring prints as its ids, never its keys.
    expect(JSON.stringify(loadConfig(producao))).not.toContain('A'.repeat(43));
  });

  it('production refuses the demo simulator and the sandbox gateway unless ALLOW_DEMO_IN_PRODUCTION=1', () => {
    expect(() => loadConfig({ ...producao, DEMO_SIMULATOR: '1' })).toThrow(/DEMO_SIMULATOR/);
    // Both on by default on the embedded SQLite file without a gateway chosen.
    expect(() => loadConfig({ ...producao, DATABASE_URL: '', DEMO_SIMULATOR: '0' })).not.toThrow();
    expect(() => loadConfig({ ...producao, DATABASE_URL: '' })).toThrow(/DEMO_SIMULATOR/);
    expect(() => loadConfig({ ...producao, PAYMENT_GATEWAY: '' })).toThrow(/PAYMENT_GATEWAY=sandbox/);
    expect(() => loadConfig({ ...producao, PAYMENT_GATEWAY: 'sandbox' })).toThrow(/ALLOW_DEMO_IN_PRODUCTION/);
    const demo = loadConfig({
      ...producao,
      PAYMENT_GATEWAY: 'sandbox',
      DEMO_SIMULATOR: '1',
      ALLOW_DEMO_IN_PRODUCTION: '1',
    });
    expect(demo.demoSimulator).toBe(true);
    expect(demo.payments.gateway).toBe('sandbox');
    // Outside production the demo switches need no permission.
    expect(loadConfig({ PAYMENT_GATEWAY: 'sandbox', DEMO_SIMULATOR: '1' }).production).toBe(false);
  });

  it('SHUTDOWN_DELAY_MS and SHUTDOWN_TIMEOUT_MS: defaults 0 and 15 s, milliseconds up to 10 min', () => {
    expect(loadConfig({}).shutdown).toEqual({ delayMs: 0, timeoutMs: 15_000 });
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' }).shutdown).toEqual({
      delayMs: 5000,
      timeoutMs: 30_000,
    });
    for (const bad of ['-1', '1.5', 'abc', '600001']) {
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: bad }), bad).toThrow(/SHUTDOWN_TIMEOUT_MS/);
      expect(() => loadConfig({ SHUTDOWN_DELAY_MS: bad }), bad).toThrow(/SHUTDOWN_DELAY_MS/);
    }
  });
});

describe('METRICS_ALLOW and METRICS_TOKEN', () => {
  it('loopback by default, a list of addresses / CIDRs, or none; the token at least 16 characters', () => {
    expect(loadConfig({}).metrics).toEqual({ allow: ['loopback'], token: undefined });
    expect(loadConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7,loopback' }).metrics.allow).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ]);
    expect(loadConfig({ METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
    for (const bad of ['*', '10.0.0.0/33', 'prometheus.local', '10.0.0.1,']) {
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
    }
    expect(loadConfig({ METRICS_TOKEN: 't'.repeat(16) }).metrics.token).toBe('t'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'xyzzy-7' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'xyzzy-7' })).not.toThrow(/xyzzy/);
  });
});

describe('PostgreSQL pool and migrations on start (issue 13)', () => {
  it('PG_POOL_MAX, PG_STATEMENT_TIMEOUT_MS and MIGRATE_ON_START: defaults, values, clear refusals', () => {
    expect(loadConfig({})).toMatchObject({
      pgPoolMax: 10,
      pgStatementTimeoutMs: 30_000,
      migrateOnStart: true,
    });
    expect(
      loadConfig({ PG_POOL_MAX: '4', PG_STATEMENT_TIMEOUT_MS: '0', MIGRATE_ON_START: '0' }),
    ).toMatchObject({ pgPoolMax: 4, pgStatementTimeoutMs: 0, migrateOnStart: false });
    expect(() => loadConfig({ PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX inválido/);
    expect(() => loadConfig({ PG_POOL_MAX: 'dez' })).toThrow(ConfigError);
    expect(() => loadConfig({ PG_STATEMENT_TIMEOUT_MS: '-5' })).toThrow(/PG_STATEMENT_TIMEOUT_MS inválido/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a pool connection gets the statement timeout', async () => {
    const db = createDb(process.env.TEST_DATABASE_URL!, { poolMax: 2, statementTimeoutMs: 1234 });
    try {
      const { rows } = await sql<{ t: string }>`select current_setting('statement_timeout') as t`.execute(db);
      expect(rows[0]?.t).toBe('1234ms');
      await expect(sql`select pg_sleep(2)`.execute(db)).rejects.toThrow(/statement timeout/);
    } finally {
      await db.destroy();
    }
  });
});
