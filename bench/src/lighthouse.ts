/**
 * Lighthouse 12 (node API), default mobile config, performance only, on /estabelecimento/1
 * (and, as `lighthouse-painel`, on the restaurant panel's entry /painel/login), five runs against
 * our own Chromium (started here with --remote-debugging-port). Target: median score ≥ 95.
 * BENCH_PATH=rotas: every route of ROTAS_CLIENTE, 3 runs each; BENCH_ROTAS=/privacy,/terms
 * (comma-separated) measures only those routes.
 */
import { spawn } from 'node:child_process';
import lighthouse from 'lighthouse';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  ensureWebBuild,
  freePort,
  isMain,
  median,
  startServer,
  stopChild,
  tempDir,
  waitForUrl,
} from './lib/server.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

/** The customer's routes besides the menu (issue 14: each paints its frame before its JS). */
export const ROTAS_CLIENTE = ['/', '/login', '/cadastro', '/recuperar', '/privacy', '/terms', '/pedido'];

export async function runLighthouse(
  baseUrl?: string,
  path = '/estabelecimento/1',
  bench = 'lighthouse',
  runs = RUNS,
): Promise<BenchResult> {
  ensureWebBuild();
  const server = baseUrl ? undefined : await startServer();
  const url = `${baseUrl ?? server?.baseUrl ?? ''}${path}`;
  const profile = tempDir('rango-lh-');
  const port = await freePort();
  let log = '';
  const chrome = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile.dir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  chrome.stderr?.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)));
  try {
    await waitForUrl(`http://127.0.0.1:${port}/json/version`, chrome, 30_000, () => log);
    const results: RunFigures[] = [];
    console.log(`\nLighthouse (mobile, desempenho) em ${url}, ${runs} execuções`);
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse não devolveu resultado');
      if (lhr.runtimeError)
        throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string): number => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
      const run: RunFigures = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      };
      results.push(run);
      console.log(
        `  execução ${i + 1}: ${run.score} (FCP ${run.fcp} ms, LCP ${run.lcp} ms, TBT ${run.tbt} ms, CLS ${run.cls})`,
      );
    }
    const score = median(results.map((r) => r.score));
    const fcp = median(results.map((r) => r.fcp));
    const result: BenchResult = {
      bench,
      figures: [
        { name: 'desempenho (mediana)', value: score, unit: 'pontos', target: '≥ 95', ok: score >= 95 },
        { name: 'FCP (mediana)', value: fcp, unit: 'ms', target: '≤ 1200', ok: fcp <= 1200 },
      ],
      details: { runs: results },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    // Each step runs whatever the one before did: a failed run must not leave a server behind.
    await stopChild(chrome).catch(() => undefined);
    profile.remove();
    await server?.stop();
  }
}

/** Every customer route of ROTAS_CLIENTE on one server, 3 runs each: one figure pair per route. */
export async function runLighthouseRotas(paths = ROTAS_CLIENTE): Promise<BenchResult> {
  ensureWebBuild();
  const server = await startServer();
  try {
    const figures: BenchResult['figures'] = [];
    for (const path of paths) {
      const r = await runLighthouse(server.baseUrl, path, `lighthouse ${path}`, 3);
      figures.push(...r.figures.map((f) => ({ ...f, name: `${path}: ${f.name}` })));
    }
    const result: BenchResult = { bench: 'lighthouse-rotas', figures };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const rotas = process.env.BENCH_ROTAS?.split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (process.env.BENCH_PATH === 'rotas') await runLighthouseRotas(rotas?.length ? rotas : undefined);
  else await runLighthouse(process.env.BENCH_URL, process.env.BENCH_PATH);
}
