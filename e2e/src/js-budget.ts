/**
 * JavaScript a page loads before interaction: every script response until the network is idle,
 * each gzipped here at level 9 (independent of the server's own encoding). Shared by the budget
 * test (e2e/src/orcamento.e2e.ts, part of the README's test command) and the benchmark
 * (bench/src/bundle-size.ts), so the figure CI enforces is the figure the benchmark prints.
 */
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

/** The customer's menu route: React included (issue 11: the panel must not add a byte to it). */
export const MENU_BUDGET_KIB = 150;
/** The restaurant panel's queue page, its own code (set by issue 11: see the README). */
export const PAINEL_BUDGET_KIB = 190;

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

/** Opens `url` in a new page of `context` and sums the JS it loaded until the network was idle. */
export async function measureJs(context: BrowserContext, url: string): Promise<JsLoad> {
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
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
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
