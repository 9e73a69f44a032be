/**
 * JavaScript shipped before interaction: every JS response /estabelecimento/1 loads until the
 * network is idle, each gzipped here at level 9 (independent of the server's own encoding).
 * Target: ≤ 150 KiB gzip, React included. Also the restaurant panel's sign-in page and queue
 * against their own budgets (e2e/src/js-budget.ts). Uses BENCH_URL when given, else starts the server.
 */
import {
  MENU_BUDGET_KIB,
  PAINEL_FILA_BUDGET_KIB,
  PAINEL_LOGIN_BUDGET_KIB,
  kib,
  measureJs,
  measurePainel,
} from '@rango/e2e/js-budget';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { ensureWebBuild, isMain, launchChromium, startServer } from './lib/server.ts';

export async function runBundleSize(baseUrl?: string): Promise<BenchResult> {
  ensureWebBuild();
  const server = baseUrl ? undefined : await startServer();
  const url = baseUrl ?? server?.baseUrl ?? '';
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const { chunks, gzip: totalGzip, raw: totalRaw } = await measureJs(context, `${url}/estabelecimento/1`);
    const biggest = [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BUNDLE_TOP ?? 5));
    console.log(`\nJS antes da interação em /estabelecimento/1: ${chunks.length} arquivos`);
    for (const c of biggest) {
      console.log(
        `  ${kib(c.gzip).toString().padStart(7)} KiB gzip  ${kib(c.raw).toString().padStart(7)} KiB  ${c.path}`,
      );
    }
    // The restaurant panel (issue 11): its own code, its own budgets.
    const painel = await measurePainel(browser, url);
    console.log(
      `JS do painel: /painel/login ${kib(painel.login.gzip)} KiB em ${painel.login.chunks.length} arquivos; ` +
        `/painel/1 (fila, com sessão) ${kib(painel.fila.gzip)} KiB em ${painel.fila.chunks.length} arquivos`,
    );
    const result: BenchResult = {
      bench: 'bundle-size',
      figures: [
        {
          name: 'JS gzip total',
          value: kib(totalGzip),
          unit: 'KiB',
          target: `≤ ${MENU_BUDGET_KIB} KiB`,
          ok: totalGzip <= MENU_BUDGET_KIB * 1024,
        },
        {
          name: 'painel /painel/login JS gzip',
          value: kib(painel.login.gzip),
          unit: 'KiB',
          target: `≤ ${PAINEL_LOGIN_BUDGET_KIB} KiB`,
          ok: painel.login.gzip <= PAINEL_LOGIN_BUDGET_KIB * 1024,
        },
        {
          name: 'painel /painel/1 (fila) JS gzip',
          value: kib(painel.fila.gzip),
          unit: 'KiB',
          target: `≤ ${PAINEL_FILA_BUDGET_KIB} KiB`,
          ok: painel.fila.gzip <= PAINEL_FILA_BUDGET_KIB * 1024,
        },
      ],
      details: {
        rawKiB: kib(totalRaw),
        files: chunks.map((c) => ({
          path: c.path,
          rawKiB: kib(c.raw),
          gzipKiB: kib(c.gzip),
        })),
      },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

if (isMain(import.meta.url)) await runBundleSize(process.env.BENCH_URL);
