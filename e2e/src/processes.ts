/**
 * The real server as a child process on a fresh (or given) SQLite file and a free port, and
 * Debian's Chromium: shared by the end-to-end tests and the benchmarks (`@rango/e2e/processes`).
 * Everything started here is stopped by the caller's `stop()`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const CHROMIUM_PATH = '/usr/bin/chromium';
/** Without the background-networking flags Chromium keeps dialling out of a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Builds the SPA once when its build is missing (the server serves apps/web/dist). */
export function ensureWebBuild(): void {
  if (existsSync(join(REPO_ROOT, 'apps/web/dist/index.html'))) return;
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/** A port the OS just handed out and released. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** `n` ports in a row, each free now (deploy-local numbers its instances from the first). */
export async function consecutivePorts(n: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
  for (;;) {
    const first = await freePort();
    if (first + n > 65_000) continue;
    let ok = true;
    for (let k = 1; k < n && ok; k++) ok = await free(first + k);
    if (ok) return first;
  }
}

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Chromium may still be writing its profile for a moment after it exited (ENOTEMPTY seen on
  // the Lighthouse run): retry, and never let a leftover folder fail the caller's clean-up.
  const remove = () => {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (error) {
      console.warn(
        `Não foi possível apagar ${dir}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  return { dir, remove };
}

export function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** SIGTERM, then SIGKILL after 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  if (!(await waitForExit(child, 5000))) {
    child.kill('SIGKILL');
    await waitForExit(child, 5000);
  }
}

/** Polls `url` until it answers 2xx; throws after `timeoutMs` or when the child exits. */
export async function waitForUrl(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  log: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`O processo terminou (código ${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} não respondeu a tempo:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServerHandle {
  baseUrl: string;
  databaseFile: string;
  pid: number | undefined;
  /** Everything the server wrote, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  /** An existing SQLite file to serve; otherwise a fresh one in a temp folder. */
  databaseFile?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * Run the production build (`node apps/server/dist/main.mjs`, rebuilt once per process) instead
   * of the sources under tsx: the benchmarks measure what `npm start` runs.
   */
  compiled?: boolean;
  /** Node flags for the compiled server (the benchmarks pass the ones `npm run serve` uses). */
  nodeFlags?: string[];
}

/**
 * `npm test` (scripts/test.mjs) builds the web app and the server bundle just before it starts
 * Vitest and says so with RANGO_BUILD_FEITO=1: the end-to-end files then build nothing again.
 */
let serverBuilt = process.env.RANGO_BUILD_FEITO === '1';
/** Builds the server bundle once per process (the sources may have changed since the last build). */
export function ensureServerBuild(): void {
  if (serverBuilt) return;
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  serverBuilt = true;
}

/** Starts the server (sources under tsx, or the build) and waits for GET /api/ead/health. */
export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  const tmp = tempDir('rango-');
  const databaseFile = options.databaseFile ?? join(tmp.dir, 'rango.db');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A private copy of the build: another process rebuilding apps/web/dist mid-run would
  // otherwise delete the hashed chunks the open pages still load.
  const webDist = join(tmp.dir, 'web-dist');
  if (existsSync(join(REPO_ROOT, 'apps/web/dist')))
    cpSync(join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });
  let log = '';
  if (options.compiled) ensureServerBuild();
  const args = options.compiled
    ? [...(options.nodeFlags ?? []), 'apps/server/dist/main.mjs']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseFile,
      DEMO_ALWAYS_OPEN: '1',
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const stop = async (): Promise<void> => {
    await stopChild(child);
    tmp.remove();
  };
  try {
    await waitForUrl(`${baseUrl}/api/ead/health`, child, options.timeoutMs ?? 60_000, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseFile, pid: child.pid, output: () => log, stop };
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}
