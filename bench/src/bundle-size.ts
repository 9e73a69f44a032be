/**
 * JavaScript shipped before interaction: every JS response /estabelecimento/1 loads until the
 * network is idle, each gzipped here at level 9 (independent of the server's own encoding).
 * Target: ≤ 150 KiB gzip, React included. Uses BENCH_URL when given, else starts the server.
 */
import { MENU_BUDGET_KIB, kib, measureJs } from '@rango/e2e/js-budget';
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
