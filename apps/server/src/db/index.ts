import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './types.ts';

export type { Database } from './types.ts';

const sqliteHandles = new WeakMap<Kysely<Database>, SQLite.Database>();

/**
 * The better-sqlite3 handle behind a SQLite Kysely, or undefined on PostgreSQL. Only for a
 * repository's hot-path read that must skip Kysely's per-query compile and prepare.
 */
export function sqliteHandleOf(db: Kysely<Database>): SQLite.Database | undefined {
  return sqliteHandles.get(db);
}
const pgPools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The pg Pool behind a PostgreSQL Kysely, or undefined on SQLite. Only for a connection that
 * must live outside the pool with the same settings (the events' LISTEN, modules/events/bus.ts).
 */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pgPools.get(db);
}
export type Db = Kysely<Database>;
export type Dialeto = 'sqlite' | 'postgres';

export interface CreateDbOptions {
  /** PostgreSQL only: the schema every connection uses (tests isolate each suite in one). */
  schema?: string;
}

/** Which dialect a URL names. */
export function dialectOfUrl(url: string): Dialeto {
  return /^postgres(ql)?:\/\//i.test(url) ? 'postgres' : 'sqlite';
}

/** The dialect of an open database (migrations and the seeder write a few dialect-specific lines). */
export function dialectOf<T>(db: Kysely<T>): Dialeto {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** `sqlite:data/x.db`, `sqlite:///abs/x.db`, `file:x.db`, a plain path, or `:memory:` → what better-sqlite3 opens. */
export function sqliteFile(url: string): string {
  if (url === ':memory:' || url === 'sqlite::memory:' || url === 'sqlite://:memory:') return ':memory:';
  if (url.startsWith('file://')) return fileURLToPath(url);
  const path = url.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:/i, '');
  return resolve(path);
}

/**
 * Opens the database named by `url`: PostgreSQL (a pg Pool) for `postgres://`, otherwise SQLite
 * through better-sqlite3 in WAL mode with foreign keys on. The SQLite file's folder is created.
 */
export function createDb(url: string, options: CreateDbOptions = {}): Db {
  if (dialectOfUrl(url) === 'postgres') {
    if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
      throw new Error(`Nome de schema inválido: ${options.schema}`);
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client's connection error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    const pgDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(pgDb, pool);
    return pgDb;
  }
  const file = sqliteFile(url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // Several processes (server, operator CLI) may share the file: wait for a lock instead of failing.
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteHandles.set(db, database);
  return db;
}

/** One round trip to the database (health check). */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
