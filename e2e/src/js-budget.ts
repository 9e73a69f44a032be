/**
 * JavaScript a page loads before interaction: every script response until the network is idle,
 * each gzipped here at level 9 (independent of the server's own encoding). Shared by the budget
 * test (e2e/src/orcamento.e2e.ts, part of the README's test command) and the benchmark
 * (bench/src/bundle-size.ts), so the figure CI enforces is the figure the benchmark prints.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** The customer's menu route: React included (issue 11: the panel must not add a byte to it). */
export const MENU_BUDGET_KIB = 150;
/**
 * The restaurant panel, its own code (set by issue 11, see the README): its sign-in page, and its
 * queue with everything it loads before the first order is touched (measured 146 and 200 KiB).
 */
export const PAINEL_LOGIN_BUDGET_KIB = 150;
export const PAINEL_FILA_BUDGET_KIB = 225;

export interface JsChunk {
  path: string;
  raw: number;
  gzip: number;
}

export interface JsLoad {
  chunks: JsChunk[];
  gzip: number;
  raw: number;
}

export const kib = (n: number): number => Math.round((n / 1024) * 10) / 10;

/**
 * Opens `url` in a new page of `context` and sums the JS it loaded until the network was idle,
 * or, for a page that keeps a connection open (the panel's event stream never lets the network
 * go idle), until `ready` (started before the navigation) resolves and nothing more arrived for
 * a second.
 */
export async function measureJs(
  context: BrowserContext,
  url: string,
  ready?: (page: Page) => Promise<unknown>,
): Promise<JsLoad> {
  const page = await context.newPage();
  try {
    const pending: Promise<JsChunk | null>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const contentType = res.headers()['content-type'] ?? '';
      if (type !== 'script' && !/javascript/.test(contentType)) return;
      pending.push(
        res
          .body()
          .then((body) => ({
            path: new URL(res.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          }))
          .catch(() => null),
      );
    });
    if (ready) {
      // Listening before the navigation: what `ready` waits for may come before 'load'.
      const pronto = ready(page);
      await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
      await pronto;
      let antes = -1;
      while (antes !== pending.length) {
        antes = pending.length;
        await page.waitForTimeout(1000);
      }
    } else {
      await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    }
    const chunks = (await Promise.all(pending)).filter((c): c is JsChunk => c !== null);
    return {
      chunks,
      gzip: chunks.reduce((s, c) => s + c.gzip, 0),
      raw: chunks.reduce((s, c) => s + c.raw, 0),
    };
  } finally {
    await page.close();
  }
}

/** The demo's owner of establishment 1 (seeded; README's demo section). */
export const DONO_DEMO = { email: 'dono@sabordavila.com.br', senha: 'painel-demo' } as const;

/**
 * The panel's JS: its sign-in page for a visitor, and its queue (/painel/1) for the demo owner
 * already signed in (tokens put in the panel's own storage keys, apps/web/src/painel/storage.ts),
 * measured until the queue has asked for its live stream.
 */
export async function measurePainel(
  browser: Browser,
  baseUrl: string,
): Promise<{ login: JsLoad; fila: JsLoad }> {
  const res = await fetch(`${baseUrl}/api/ead/painel/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DONO_DEMO),
  });
  if (res.status !== 200) throw new Error(`login do painel respondeu ${res.status}`);
  const tokens = (await res.json()) as { access: string; refresh: string };
  const viewport = { width: 1280, height: 800 };
  const visitante = await browser.newContext({ viewport });
  const equipe = await browser.newContext({ viewport });
  try {
    const login = await measureJs(visitante, `${baseUrl}/painel/login`);
    await equipe.addInitScript((t) => {
      localStorage.setItem('painel_access_token', t.access);
      localStorage.setItem('painel_refresh_token', t.refresh);
    }, tokens);
    const fila = await measureJs(equipe, `${baseUrl}/painel/1`, (page) =>
      page.waitForRequest((r) => r.url().endsWith('/painel/estabelecimento/1/eventos/'), { timeout: 30_000 }),
    );
    return { login, fila };
  } finally {
    await visitante.close();
    await equipe.close();
  }
}
