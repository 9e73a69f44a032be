/**
 * Menu requests per second: the real app (child server on a fresh demo SQLite) against a bare
 * node:http server that returns the very same bytes. Same connections and duration, warm-up
 * first, runs interleaved A/B/A/B. Target: app/plain ≥ 0.9 without compression.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import {
  REPO_ROOT,
  freePort,
  isMain,
  median,
  startServer,
  stopChild,
  tempDir,
  waitForUrl,
} from './lib/server.ts';

const MENU_PATH = '/api/ead/api/estabelecimento/1/menu/';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** One GET with exactly the given headers (fetch would add Accept-Encoding on its own). */
function getRaw(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function measure(
  url: string,
  headers: Record<string, string> = {},
  duration = DURATION,
): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${url}: ${result.errors} erros, ${result.non2xx} respostas não-2xx`);
  }
  return Math.round(result.requests.average);
}

export async function runMenuThroughput(): Promise<BenchResult> {
  const app = await startServer();
  const tmp = tempDir('rango-plain-');
  let plain: ReturnType<typeof spawn> | undefined;
  try {
    const appUrl = `${app.baseUrl}${MENU_PATH}`;
    const first = await getRaw(appUrl);
    if (first.headers['content-encoding']) throw new Error('O servidor comprimiu sem Accept-Encoding');
    const contentType = String(first.headers['content-type'] ?? 'application/json');
    const bodyFile = join(tmp.dir, 'menu.json');
    writeFileSync(bodyFile, first.body);
    const gz = await getRaw(appUrl, { 'accept-encoding': 'gzip' });
    const compresses = gz.headers['content-encoding'] === 'gzip';

    const port = await freePort();
    let log = '';
    plain = spawn(process.execPath, ['--import', 'tsx', 'bench/src/plain-server.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, CONTENT_TYPE: contentType },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    plain.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    const plainUrl = `http://127.0.0.1:${port}/`;
    await waitForUrl(plainUrl, plain, 20_000, () => log);
    const check = await getRaw(plainUrl);
    if (!check.body.equals(first.body)) throw new Error('O servidor simples não devolve os mesmos bytes');

    console.log(
      `\nCardápio: ${(first.body.length / 1024).toFixed(1)} KiB (${contentType}); ${CONNECTIONS} conexões, ${DURATION} s por rodada, ${ROUNDS} rodadas A/B`,
    );
    // Warm-up: JIT, caches, SQLite pages.
    await measure(appUrl, {}, 3);
    await measure(plainUrl, {}, 3);
    const appRuns: number[] = [];
    const plainRuns: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      appRuns.push(await measure(appUrl));
      plainRuns.push(await measure(plainUrl));
      console.log(`  rodada ${i + 1}: app ${appRuns.at(-1)} req/s, simples ${plainRuns.at(-1)} req/s`);
    }
    const appRps = median(appRuns);
    const plainRps = median(plainRuns);
    const ratio = Math.round((appRps / plainRps) * 100) / 100;
    const figures: BenchResult['figures'] = [
      { name: 'app (sem compressão)', value: appRps, unit: 'req/s', target: 'informativo', ok: true },
      { name: 'node:http simples', value: plainRps, unit: 'req/s', target: 'informativo', ok: true },
      { name: 'razão app/simples', value: ratio, unit: '×', target: '≥ 0.9', ok: ratio >= 0.9 },
    ];
    if (compresses) {
      const gzRps = await measure(appUrl, { 'accept-encoding': 'gzip' });
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
        bytes: first.body.length,
        gzipBytes: compresses ? gz.body.length : null,
        appRuns,
        plainRuns,
        connections: CONNECTIONS,
        duration: DURATION,
      },
    };
    printFigures(result);
    saveResult(result);
    return result;
  } finally {
    if (plain) await stopChild(plain);
    tmp.remove();
    await app.stop();
  }
}

if (isMain(import.meta.url)) await runMenuThroughput();
