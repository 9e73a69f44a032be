import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { dialectOfUrl, sqliteFile, sqliteHandleOf } from './index.ts';
import type { Db } from './index.ts';

/**
 * Backups (issue 13 part 5). SQLite: an online copy through SQLite's backup API while the server
 * keeps writing, and a restore that checks the copy and keeps the replaced file aside.
 * PostgreSQL: pg_dump / pg_restore and PITR are the database's own tools (docs/deploy.md); the
 * commands here only print what to run.
 */

/** `2026-11-26T10-55-24-123Z`: sortable, no colons (valid on every file system). */
export function carimbo(now = new Date()): string {
  return now.toISOString().replace(/:/g, '-').replace('.', '-');
}

/** 'ok', or SQLite's first problems, of a database file opened read-only. */
export function integridade(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

function ehBancoRango(file: string): boolean {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (
      (
        db
          .prepare(
            `select count(*) as n from sqlite_master where type = 'table' and name in ('kysely_migration', 'cliente', 'pedido')`,
          )
          .get() as { n: number }
      ).n === 3
    );
  } finally {
    db.close();
  }
}

export interface BackupFeito {
  arquivo: string;
  bytes: number;
  paginas: number;
}

/**
 * Copies the open SQLite database into `pasta/rango-<timestamp>.db`. The copy is one backup
 * step holding one read snapshot: consistent, and (WAL mode) writers are not blocked meanwhile.
 * In smaller steps SQLite would restart the copy whenever another process wrote in between,
 * which under constant orders might never finish. The copy is checked before it is reported.
 */
export async function backupSqlite(db: Db, pasta: string, now = new Date()): Promise<BackupFeito> {
  const raw = sqliteHandleOf(db);
  if (!raw) throw new Error('backupSqlite: o banco não é SQLite.');
  if (raw.memory) throw new Error('Um banco em memória não tem backup.');
  const dir = resolve(pasta);
  mkdirSync(dir, { recursive: true });
  const arquivo = join(dir, `rango-${carimbo(now)}.db`);
  if (existsSync(arquivo)) throw new Error(`Já existe: ${arquivo}`);
  const r = await raw.backup(arquivo, { progress: () => 0x7fffffff });
  const ok = integridade(arquivo);
  if (ok !== 'ok') {
    rmSync(arquivo, { force: true });
    throw new Error(`A cópia não passou na verificação de integridade: ${ok}`);
  }
  return { arquivo, bytes: statSync(arquivo).size, paginas: r.totalPages };
}

/** What to run for a PostgreSQL backup (no reimplementation of pg_dump). */
export function comandoPgDump(pasta: string, now = new Date()): string {
  const arquivo = join(resolve(pasta), `rango-${carimbo(now)}.dump`);
  return [
    'Banco PostgreSQL: use o pg_dump (formato custom, restaurável com pg_restore):',
    `  mkdir -p ${resolve(pasta)}`,
    `  pg_dump --format=custom --no-owner --file=${arquivo} "$DATABASE_URL"`,
    'Para recuperação até um instante (PITR): pg_basebackup + arquivamento de WAL, ver docs/deploy.md.',
  ].join('\n');
}

export function comandoPgRestore(arquivo: string): string {
  return [
    'Banco PostgreSQL: pare as instâncias e use o pg_restore num banco vazio (ver docs/deploy.md):',
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" ${resolve(arquivo)}`,
  ].join('\n');
}

/**
 * True when another connection has the SQLite file open (a server, the CLI): leaving WAL mode
 * needs the only connection, and fails at once (no busy wait) otherwise. A file nobody uses is
 * left in rollback-journal mode with its WAL folded in, ready to be moved.
 */
export function emUso(file: string): boolean {
  const db = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    return db.pragma('journal_mode = DELETE', { simple: true }) !== 'delete';
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

export interface Restaurado {
  alvo: string;
  anterior: string | null;
}

/**
 * Replaces the database file `alvo` by the backup `origem`: refuses a backup that fails
 * integrity_check or is not a Rango database, and (without `forcar`) a file a server has open.
 * The current file (with its -wal/-shm) is moved aside as `<alvo>.anterior-<timestamp>`; the
 * backup is copied beside the target and renamed over it (never a half-copied database).
 */
export function restaurarSqlite(
  alvo: string,
  origem: string,
  { forcar = false, now = new Date() }: { forcar?: boolean; now?: Date } = {},
): Restaurado {
  const src = resolve(origem);
  const dst = resolve(alvo);
  if (!existsSync(src)) throw new Error(`Arquivo de backup não encontrado: ${src}`);
  if (src === dst) throw new Error('O backup é o próprio banco em uso.');
  const ok = integridade(src);
  if (ok !== 'ok') throw new Error(`O backup não passou na verificação de integridade: ${ok}`);
  if (!ehBancoRango(src)) throw new Error(`${basename(src)} não é um banco do Rango.`);

  let anterior: string | null = null;
  if (existsSync(dst)) {
    if (emUso(dst) && !forcar) {
      throw new Error(
        `${dst} está em uso (um servidor aberto?). Pare o servidor e tente de novo, ou use --forcar.`,
      );
    }
    anterior = `${dst}.anterior-${carimbo(now)}`;
    renameSync(dst, anterior);
    for (const ext of ['-wal', '-shm']) {
      if (existsSync(dst + ext)) renameSync(dst + ext, anterior + ext);
    }
  } else {
    mkdirSync(dirname(dst), { recursive: true });
  }
  const tmp = `${dst}.restaurando-${process.pid}`;
  copyFileSync(src, tmp);
  renameSync(tmp, dst);
  // Back to the server's journal mode, and checked once more where it now lives.
  const db = new SQLite(dst, { fileMustExist: true });
  try {
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
  const depois = integridade(dst);
  if (depois !== 'ok') throw new Error(`O banco restaurado não passou na verificação: ${depois}`);
  return { alvo: dst, anterior };
}

/** The SQLite file a DATABASE_URL names, or null for PostgreSQL. */
export function arquivoSqlite(url: string): string | null {
  return dialectOfUrl(url) === 'postgres' ? null : sqliteFile(url);
}
