/**
 * End-to-end harness: the built SPA served by the real server (a child process on a fresh
 * SQLite file and a free port) and Debian's Chromium driven by playwright-core.
 * One `startApp()` per test file; `stop()` tears the browser, the server and the temp folder down.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

export const MOBILE = { width: 375, height: 800 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const VIEWPORTS = [MOBILE, DESKTOP] as const;
export type Viewport = (typeof VIEWPORTS)[number];

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

export interface ServerHandle {
  baseUrl: string;
  databaseFile: string;
  /** Everything the server wrote, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  /** An existing SQLite file to serve; otherwise a fresh one in a temp folder. */
  databaseFile?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Starts `node --import tsx apps/server/src/main.ts` and waits for GET /api/ead/health. */
export async function startServer(options: StartServerOptions = {}): Promise<ServerHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'rango-e2e-'));
  const databaseFile = options.databaseFile ?? join(dir, 'rango.db');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A private copy of the build: another process rebuilding apps/web/dist mid-run would
  // otherwise delete the hashed chunks the open pages still load.
  const webDist = join(dir, 'web-dist');
  if (existsSync(join(REPO_ROOT, 'apps/web/dist')))
    cpSync(join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });
  let log = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', process.env.RANGO_SERVER_ENTRY ?? 'apps/server/src/main.ts'],
    {
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
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 5000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5000);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`O servidor terminou (código ${child.exitCode}) antes de responder:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/ead/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`O servidor não respondeu em /api/ead/health a tempo:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, databaseFile, output: () => log, stop };
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs] });
}

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** console errors and page errors seen so far. */
  errors: string[];
  /** Content-Security-Policy violations reported by the page (securitypolicyviolation events). */
  cspViolations: () => Promise<string[]>;
  close: () => Promise<void>;
}

export interface AppHandle {
  server: ServerHandle;
  browser: Browser;
  baseUrl: string;
  /** A fresh context (empty storage) at the given viewport, its first page opened at `path`. */
  open: (path: string, viewport?: Viewport) => Promise<OpenedPage>;
  stop: () => Promise<void>;
}

/** Builds if needed, starts the server and Chromium. */
export async function startApp(options: StartServerOptions = {}): Promise<AppHandle> {
  ensureWebBuild();
  const server = await startServer(options);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    await server.stop();
    throw error;
  }
  const contexts = new Set<BrowserContext>();

  const open = async (path: string, viewport: Viewport = MOBILE): Promise<OpenedPage> => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      isMobile: false,
      hasTouch: false,
    });
    contexts.add(context);
    context.setDefaultTimeout(15_000);
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        w.__csp.push(
          `${e.violatedDirective} ${e.blockedURI} em ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        );
      });
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    await page.goto(path);
    return {
      page,
      context,
      errors,
      cspViolations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? []),
      close: async () => {
        contexts.delete(context);
        await context.close();
      },
    };
  };

  const stop = async (): Promise<void> => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
    await server.stop();
  };

  return { server, browser, baseUrl: server.baseUrl, open, stop };
}

/** Saves `test-results/screenshots/<name>-<width>.png` (CI keeps the folder as an artifact). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: false });
}

/** Removes diacritics and lowercases, as the menu search does. */
export function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
