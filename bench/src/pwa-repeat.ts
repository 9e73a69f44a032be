/**
 * A repeat visit with the service worker (issue 14 part 4): the time from navigation to the
 * menu visible (the first product card on screen), on a slow phone's network (Chromium's
 * "Slow 4G" profile: 150 ms RTT, 1.6 Mbit/s down) with the CPU slowed 4×:
 *   - cold: a new browser profile, nothing cached;
 *   - warm: the same profile after the service worker installed and precached the app (the
 *     menu's data still asked of the network first, then answered).
 * Several fresh profiles; medians printed. The production build, the compiled server.
 */
import type { Page } from 'playwright-core';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { ensureWebBuild, isMain, launchChromium, median, startServer } from './lib/server.ts';

const RUNS = Number(process.env.BENCH_PWA_RUNS ?? 5);
const PATH = '/estabelecimento/1';

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** ms from navigation start to the first product card painted. */
async function tempoAteCardapio(page: Page, baseUrl: string): Promise<number> {
  await page.goto(`${baseUrl}${PATH}`, { waitUntil: 'commit' });
  await page.getByText('X-Burger', { exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
  return page.evaluate(() => performance.now());
}

export async function runPwaRepeat(): Promise<BenchResult> {
  ensureWebBuild();
  const server = await startServer({ compiled: true });
  const browser = await launchChromium();
  const frio: number[] = [];
  const quente: number[] = [];
  try {
    console.log(`\nVisita repetida com service worker em ${PATH} (Slow 4G, CPU 4×), ${RUNS} perfis novos`);
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 800 },
        serviceWorkers: 'allow',
      });
      try {
        const page = await context.newPage();
        await throttle(page);
        const cold = await tempoAteCardapio(page, server.baseUrl);
        // The worker registers 2 s after load and precaches the app: wait until it controls the
        // page and its install finished.
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
          timeout: 120_000,
        });
        await page.evaluate(() => navigator.serviceWorker.ready);
        const warm = await tempoAteCardapio(page, server.baseUrl);
        frio.push(Math.round(cold));
        quente.push(Math.round(warm));
        console.log(
          `  perfil ${i + 1}: frio ${Math.round(cold)} ms, com service worker ${Math.round(warm)} ms`,
        );
      } finally {
        await context.close();
      }
    }
    const f = median(frio);
    const q = median(quente);
    const result: BenchResult = {
      bench: 'pwa-repeat',
      figures: [
        { name: 'cardápio visível, primeira visita (mediana)', value: f, unit: 'ms', target: '—', ok: true },
        {
          name: 'cardápio visível, visita repetida com service worker (mediana)',
          value: q,
          unit: 'ms',
          target: '< primeira visita',
          ok: q < f,
        },
      ],
      details: { frio, quente },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
  }
}

if (isMain(import.meta.url)) await runPwaRepeat();
