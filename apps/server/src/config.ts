import { fileURLToPath } from 'node:url';

/** Everything the server reads from its environment, in one place (tests build their own). */
export interface Config {
  port: number;
  host: string;
  /** `postgres://…` for PostgreSQL; a file path, `sqlite:<path>` or `:memory:` for SQLite. */
  databaseUrl: string;
  /** The SPA's Vite build; static serving is skipped when the folder is missing. */
  webDist: string;
  /** Demo images, served under /api/ead/media/. */
  mediaDir: string;
  /** Seed the demo establishments into an empty database on start. */
  seedDemo: boolean;
  /** Give establishment 1 24-hour hours on every weekday so the demo can order at night. */
  demoAlwaysOpen: boolean;
  logLevel: string;
}

// Resolved from this file, not from the working directory, so `npm run serve` from anywhere
// finds the same database and builds.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

export const DEFAULT_DATABASE_FILE = `${REPO_ROOT}data/rango.db`;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function port(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`PORT inválida: ${value}`);
  return n;
}

/** Reads the configuration; the SQLite file's folder is created by createDb when it opens it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: port(env.PORT),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || DEFAULT_DATABASE_FILE,
    webDist: env.WEB_DIST?.trim() || `${REPO_ROOT}apps/web/dist`,
    mediaDir: env.MEDIA_DIR?.trim() || `${SERVER_ROOT}media`,
    seedDemo: flag(env.SEED_DEMO, true),
    demoAlwaysOpen: flag(env.DEMO_ALWAYS_OPEN, true),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  };
}
