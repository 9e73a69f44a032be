/**
 * End-to-end harness: the built SPA served by the real server (a child process on a fresh
 * SQLite file and a free port) and Debian's Chromium driven by playwright-core.
 * One `startApp()` per test file; `stop()` tears the browser, the server and the temp folder down.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ensureWebBuild,
  launchChromium,
  REPO_ROOT,
  startServer,
  type ServerHandle,
  type StartServerOptions,
} from './processes.ts';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'screenshots');

export const MOBILE = { width: 375, height: 800 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A counter tablet in portrait (the restaurant's panel, issue 11). */
export const TABLET = { width: 768, height: 1024 } as const;
export const VIEWPORTS = [MOBILE, DESKTOP] as const;
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export { ensureWebBuild, launchChromium, startServer, type ServerHandle, type StartServerOptions };

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
  /**
   * A fresh context (empty storage) at the given viewport, its first page opened at `path`.
   * The app's service worker is blocked unless `serviceWorkers: 'allow'` (pwa.e2e.ts): requests
   * it answers would bypass the tests' `route()` interceptions.
   */
  open: (
    path: string,
    viewport?: Viewport,
    options?: { serviceWorkers?: 'allow' | 'block' },
  ) => Promise<OpenedPage>;
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

  const open = async (
    path: string,
    viewport: Viewport = MOBILE,
    options: { serviceWorkers?: 'allow' | 'block' } = {},
  ): Promise<OpenedPage> => {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport,
      serviceWorkers: options.serviceWorkers ?? 'block',
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
