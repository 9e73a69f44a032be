import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite, comandoPgDump, emUso, integridade, restaurarSqlite } from './backup.ts';
import { createDb } from './index.ts';
import type { Db } from './index.ts';
import { migrateToLatest } from './migrations.ts';

const SERVER = fileURLToPath(new URL('../../', import.meta.url));
const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

/** Rows 1..n of the writer's table, or where the sequence has a hole. */
function sequencia(file: string): { n: number; contigua: boolean } {
  const db = new SQLite(file, { readonly: true });
  try {
    const r = db
      .prepare('select count(*) as c, coalesce(max(n), 0) as m, coalesce(min(n), 1) as lo from carga')
      .get() as {
      c: number;
      m: number;
      lo: number;
    };
    return { n: r.c, contigua: r.c === r.m && r.lo === 1 };
  } finally {
    db.close();
  }
}

/** Another process inserting a numbered 4 KiB row per transaction, as fast as it can. */
function escritor(file: string): ChildProcess {
  const code = `
    const S = require('better-sqlite3');
    const db = new S(${JSON.stringify(file)}, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    const ins = db.prepare('insert into carga (n, dados) values ((select coalesce(max(n), 0) + 1 from carga), ?)');
    const pad = 'x'.repeat(4096);
    process.stdout.write('pronto\\n');
    for (;;) ins.run(pad);
  `;
  return spawn(process.execPath, ['-e', code], { cwd: SERVER, stdio: ['ignore', 'pipe', 'inherit'] });
}

describe('SQLite backup and restore', () => {
  let dir: string;
  let file: string;
  let db: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rango-backup-'));
    file = join(dir, 'rango.db');
    db = createDb(file);
    await migrateToLatest(db);
    const raw = new SQLite(file);
    raw.exec('create table carga (n integer primary key, dados text not null)');
    // A few MB already there, so the copy takes long enough for the writer to commit meanwhile.
    const ins = raw.prepare('insert into carga (n, dados) values (?, ?)');
    raw.transaction(() => {
      for (let i = 1; i <= 2000; i++) ins.run(i, 'y'.repeat(4096));
    })();
    raw.close();
  });

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies a consistent snapshot while another process writes, and restores it into a fresh path', async () => {
    const child = escritor(file);
    try {
      await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
      // Let it commit for a while before and during the copies.
      await new Promise((r) => setTimeout(r, 300));
      const copias = [];
      for (let i = 0; i < 3; i++) {
        copias.push(await backupSqlite(db, join(dir, 'backups'), new Date(Date.now() + i)));
        await new Promise((r) => setTimeout(r, 100));
      }
      const vistos = copias.map((c) => {
        expect(integridade(c.arquivo)).toBe('ok');
        expect(c.arquivo).toMatch(/rango-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.db$/);
        return sequencia(c.arquivo);
      });
      for (const v of vistos) expect(v.contigua).toBe(true);
      // The writer was committing: later copies saw more rows than the seeded 2000.
      expect(vistos[2]!.n).toBeGreaterThan(2000);
      expect(vistos[2]!.n).toBeGreaterThanOrEqual(vistos[0]!.n);

      const novo = join(dir, 'restaurado', 'rango.db');
      const r = restaurarSqlite(novo, copias[2]!.arquivo);
      expect(r).toEqual({ alvo: novo, anterior: null });
      expect(integridade(novo)).toBe('ok');
      expect(sequencia(novo)).toEqual(vistos[2]);
      const aberto = createDb(novo);
      const migr = await aberto
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .execute();
      await aberto.destroy();
      expect(migr.length).toBeGreaterThan(5);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses to replace a file a server has open (unless forced), keeps the old one aside, and refuses a damaged backup', async () => {
    const pasta = join(dir, 'b2');
    const copia = await backupSqlite(db, pasta);
    const alvo = join(dir, 'alvo.db');
    const antigo = createDb(alvo);
    await migrateToLatest(antigo);
    expect(emUso(alvo)).toBe(true);
    expect(() => restaurarSqlite(alvo, copia.arquivo)).toThrow(/em uso.*--forcar/);
    await antigo.destroy();
    expect(emUso(alvo)).toBe(false);

    const r = restaurarSqlite(alvo, copia.arquivo);
    expect(r.anterior).toMatch(/alvo\.db\.anterior-/);
    expect(existsSync(r.anterior!)).toBe(true);
    // The previous file is the migrated empty one (no writer table), the new one has the rows.
    expect(() => sequencia(r.anterior!)).toThrow(/no such table/);
    expect(sequencia(alvo).n).toBeGreaterThanOrEqual(2000);

    const estragado = join(dir, 'estragado.db');
    writeFileSync(estragado, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(8192, 7)]));
    expect(() => restaurarSqlite(alvo, estragado)).toThrow();
    expect(sequencia(alvo).n).toBeGreaterThanOrEqual(2000);
    const naoRango = join(dir, 'outro.db');
    new SQLite(naoRango).exec('create table x (y)');
    expect(() => restaurarSqlite(alvo, naoRango)).toThrow(/não é um banco do Rango/);
  });

  it('npm run operator -- backup / restaurar on the files, and the pg_dump command for PostgreSQL', () => {
    const pasta = join(dir, 'cli');
    const env = { ...process.env, DATABASE_URL: file };
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
        cwd: REPO,
        env,
        encoding: 'utf8',
      });
    const b = run('backup', pasta);
    expect(b.status, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/Backup: .*rango-.*\.db .*integrity_check ok/);
    const [feito] = readdirSync(pasta);
    const novo = join(dir, 'cli-restaurado.db');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'restaurar', join(pasta, feito!)],
      { cwd: REPO, env: { ...process.env, DATABASE_URL: novo }, encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Banco restaurado');
    expect(integridade(novo)).toBe('ok');
    // The test's own connection holds `file` open: restoring over it is refused.
    const recusa = run('restaurar', join(pasta, feito!));
    expect(recusa.status).toBe(1);
    expect(recusa.stderr).toContain('está em uso');
    expect(comandoPgDump('/var/backups/rango', new Date('2026-01-02T03:04:05.006Z'))).toContain(
      'pg_dump --format=custom --no-owner --file=/var/backups/rango/rango-2026-01-02T03-04-05-006Z.dump "$DATABASE_URL"',
    );
  }, 120_000);
});
