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

const sqliteReaders = new WeakMap<SQLite.Database, SQLite.Database>();

/**
 * SQLite only: a second, read-only connection to the same file, opened on first use. While a
 * transaction is open on the app's one connection (a menu import is written in slices that yield
 * to the event loop), a read through Kysely waits for the whole transaction; this connection
 * reads the last committed state at once (WAL lets readers run beside the writer). Undefined on
 * PostgreSQL and for an in-memory database (a second connection would see another database).
 */
export function sqliteReaderOf(db: Kysely<Database>): SQLite.Database | undefined {
  const raw = sqliteHandles.get(db);
  if (!raw || raw.memory || !raw.open) return undefined;
  let reader = sqliteReaders.get(raw);
  if (reader === undefined || !reader.open) {
    reader = new SQLite(raw.name, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    sqliteReaders.set(raw, reader);
  }
  return reader;
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
  /** PostgreSQL only: the pool's connections (PG_POOL_MAX, default 10). */
  poolMax?: number;
  /** PostgreSQL only: statement_timeout of every connection in ms (PG_STATEMENT_TIMEOUT_MS; 0 = none). */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL only: how long a query waits for a connection (opening one, or a free one from the
   * pool) before failing; default 5000 ms. A database that hangs instead of refusing would
   * otherwise hold every request forever.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL only: the client gives a query up after this (default statement_timeout + margin). */
  queryTimeoutMs?: number;
}

/**
 * How much longer than statement_timeout the client waits for a reply before giving the query up
 * ('Query read timeout'): the server cancels first when it is alive; this covers a frozen server
 * or a network that drops packets without a reset.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 5000;

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
    const settings = [
      ...(options.schema ? [`-c search_path=${options.schema}`] : []),
      // A runaway query is cancelled by the server instead of holding a pooled connection forever.
      ...(options.statementTimeoutMs
        ? [`-c statement_timeout=${Math.trunc(options.statementTimeoutMs)}`]
        : []),
    ];
    const queryTimeout =
      options.queryTimeoutMs ??
      (options.statementTimeoutMs ? Math.trunc(options.statementTimeoutMs) + QUERY_TIMEOUT_MARGIN_MS : 0);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      // TCP keepalive: a connection whose peer vanished is noticed by the OS, not kept forever.
      keepAlive: true,
      ...(queryTimeout ? { query_timeout: queryTimeout } : {}),
      ...(settings.length ? { options: settings.join(' ') } : {}),
    });
    // An idle client's connection error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    // Nor a checked-out one's: pg-pool listens only while a client is idle, and a client whose
    // socket drops in a query or a transaction also emits 'error' (the database restarting, a
    // network cut). Its queries fail (→ 503, http/error-handler.ts); the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
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
  // Deleted and overwritten content is zeroed in the pages written, so an erased customer's
  // bytes do not linger in free space (issue 13 part 5); see checkpointSqlite for the WAL.
  database.pragma('secure_delete = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  sqliteHandles.set(db, database);
  return db;
}

export interface CheckpointResult {
  /** True when a reader kept the checkpoint from finishing (the WAL still holds old frames). */
  busy: boolean;
  /** Frames in the WAL before, and frames copied into the main file. */
  log: number;
  checkpointed: number;
}

/**
 * SQLite only (undefined on PostgreSQL): copies the WAL into the main file and truncates the WAL
 * to zero bytes. After an erasure this removes the old page images (with the personal data) the
 * WAL still held; with secure_delete the main file's copies were zeroed by the erasure itself.
 */
export async function checkpointSqlite(db: Db): Promise<CheckpointResult | undefined> {
  const raw = sqliteHandles.get(db);
  if (!raw || raw.memory) return undefined;
  // Through Kysely, not the raw handle: its connection mutex waits for a transaction under way
  // on this connection (a checkpoint inside one would not truncate anything).
  const { rows } = await sql<{
    busy: number;
    log: number;
    checkpointed: number;
  }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const r = rows[0] ?? { busy: 0, log: 0, checkpointed: 0 };
  return { busy: r.busy !== 0, log: r.log, checkpointed: r.checkpointed };
}

/** One round trip to the database (health check). */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
