/**
 * Menu requests per second: the real app (child server on a fresh demo SQLite) against a bare
 * node:http server that returns the very same bytes (lib/plain.ts), measured in the same run.
 * Same connections and duration, warm-up first, then ROUNDS pairs, the pair's order alternating
 * (AB, BA, AB, …) so a load that drifts during the run weighs on both sides alike; the figure is
 * the median of the pairs' ratios. Beside it, the servers' CPU time per answer (/proc), which
 * other load on the machine barely moves. Target: app/plain ≥ 0.9 without compression.
 */
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { MENU_PATH, getRaw, getRps, razao, startPlainMenu, type PlainServer } from './lib/plain.ts';
import { cpuMs, isMain, median, startServer } from './lib/server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const DURATION_PAR = Number(process.env.BENCH_DURATION ?? 4);

export async function runMenuThroughput(): Promise<BenchResult> {
  const app = await startServer();
  let plain: PlainServer | undefined;
  try {
    const appUrl = `${app.baseUrl}${MENU_PATH}`;
    plain = await startPlainMenu(app.baseUrl);
    const gz = await getRaw(appUrl, { 'accept-encoding': 'gzip' });
    const compresses = gz.headers['content-encoding'] === 'gzip';

    console.log(
      `\nCardápio: ${(plain.body.length / 1024).toFixed(1)} KiB (${plain.contentType}); ${CONNECTIONS} conexões, ${DURATION_PAR} s por medida, ${ROUNDS} pares alternados`,
    );
    // Warm-up: JIT, caches, SQLite pages.
    await getRps(appUrl, CONNECTIONS, 3);
    await getRps(plain.url, CONNECTIONS, 3);
    /** Requests per second and the server's CPU ms per answer, over one measurement. */
    const medir = async (url: string, pid: number | undefined) => {
      const antes = cpuMs(pid);
      const rps = await getRps(url, CONNECTIONS, DURATION_PAR);
      return { rps, cpu: (cpuMs(pid) - antes) / Math.max(rps * DURATION_PAR, 1) };
    };
    const appRuns: number[] = [];
    const plainRuns: number[] = [];
    const razoes: number[] = [];
    const razoesCpu: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [a, p] =
        i % 2 === 0
          ? [await medir(appUrl, app.pid), await medir(plain.url, plain.pid)]
          : await medir(plain.url, plain.pid).then(async (p) => [await medir(appUrl, app.pid), p] as const);
      appRuns.push(a.rps);
      plainRuns.push(p.rps);
      razoes.push(a.rps / p.rps);
      razoesCpu.push(p.cpu / a.cpu);
      console.log(
        `  par ${i + 1}: app ${a.rps} req/s (CPU ${(a.cpu * 1000).toFixed(0)} µs/resp.), simples ${p.rps} req/s (CPU ${(p.cpu * 1000).toFixed(0)} µs/resp.): ${(a.rps / p.rps).toFixed(2)}`,
      );
    }
    const appRps = median(appRuns);
    const plainRps = median(plainRuns);
    const ratio = razao(median(razoes), 1);
    const ratioCpu = razao(median(razoesCpu), 1);
    const figures: BenchResult['figures'] = [
      { name: 'app (sem compressão)', value: appRps, unit: 'req/s', target: 'informativo', ok: true },
      { name: 'node:http simples', value: plainRps, unit: 'req/s', target: 'informativo', ok: true },
      {
        name: 'razão app/simples',
        value: ratio,
        unit: '×',
        target: '≥ 0,9',
        ok: ratio >= 0.9,
        razao: 'cardapio',
        de: `mediana das razões de ${ROUNDS} pares alternados (app ${appRps} req/s, node:http simples ${plainRps} req/s, medianas)`,
      },
      {
        name: 'CPU por resposta: simples ÷ app',
        value: ratioCpu,
        unit: '×',
        target: 'informativo',
        ok: true,
      },
    ];
    if (compresses) {
      const gzRps = await getRps(appUrl, CONNECTIONS, DURATION_PAR, { 'accept-encoding': 'gzip' });
      figures.push({
        name: `app com gzip (${(gz.body.length / 1024).toFixed(1)} KiB)`,
        value: gzRps,
        unit: 'req/s',
        target: 'informativo',
        ok: true,
      });
    }
    const result: BenchResult = {
      bench: 'menu-throughput',
      figures,
      details: {
        bytes: plain.body.length,
        gzipBytes: compresses ? gz.body.length : null,
        appRuns,
        plainRuns,
        connections: CONNECTIONS,
        duration: DURATION_PAR,
        razoes,
        razoesCpu,
      },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    await plain?.stop();
    await app.stop();
  }
}

if (isMain(import.meta.url)) await runMenuThroughput();
