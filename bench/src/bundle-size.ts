/**
 * JavaScript shipped before interaction: every JS response /estabelecimento/1 loads until the
 * network is idle, each gzipped here at level 9 (independent of the server's own encoding).
 * Target: ≤ 150 KiB gzip, React included. Uses BENCH_URL when given, else starts the server.
 */
import { gzipSync } from 'node:zlib';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { ensureWebBuild, isMain, launchChromium, startServer } from './lib/server.ts';

const TARGET_KIB = 150;

interface Chunk {
  url: string;
  raw: number;
  gzip: number;
}

export async function runBundleSize(baseUrl?: string): Promise<BenchResult> {
  ensureWebBuild();
  const server = baseUrl ? undefined : await startServer();
  const url = baseUrl ?? server?.baseUrl ?? '';
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    const pending: Promise<Chunk | null>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const contentType = res.headers()['content-type'] ?? '';
      if (type !== 'script' && !/javascript/.test(contentType)) return;
      pending.push(
        res
          .body()
          .then((body) => ({ url: res.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length }))
          .catch(() => null),
      );
    });
    await page.goto(`${url}/estabelecimento/1`, { waitUntil: 'networkidle', timeout: 60_000 });
    const chunks = (await Promise.all(pending)).filter((c): c is Chunk => c !== null);
    const totalGzip = chunks.reduce((s, c) => s + c.gzip, 0);
    const totalRaw = chunks.reduce((s, c) => s + c.raw, 0);
    const kib = (n: number): number => Math.round((n / 1024) * 10) / 10;
    const biggest = [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, Number(process.env.BUNDLE_TOP ?? 5));
    console.log(`\nJS antes da interação em /estabelecimento/1: ${chunks.length} arquivos`);
    for (const c of biggest) {
      console.log(
        `  ${kib(c.gzip).toString().padStart(7)} KiB gzip  ${kib(c.raw).toString().padStart(7)} KiB  ${new URL(c.url).pathname}`,
      );
    }
    const result: BenchResult = {
      bench: 'bundle-size',
      figures: [
        {
          name: 'JS gzip total',
          value: kib(totalGzip),
          unit: 'KiB',
          target: `≤ ${TARGET_KIB} KiB`,
          ok: totalGzip <= TARGET_KIB * 1024,
        },
      ],
      details: {
        rawKiB: kib(totalRaw),
        files: chunks.map((c) => ({
          path: new URL(c.url).pathname,
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
