/**
 * Two builds of the server side by side (issue 21): the same order load as orders-throughput.ts
 * on SQLite against each of two server bundles, runs alternated (A, B, B, A, …) on one machine in
 * one run, so a change's effect is not lost in the machine's drift (these 2-core machines vary
 * 2–4× with what else runs). Each bundle is a copy of apps/server/dist/main.mjs (with its .map)
 * placed in apps/server/dist/ (ignored by git) so it loads the repository's node_modules:
 *
 *   node --import tsx bench/src/orders-ab.ts apps/server/dist/antes.mjs apps/server/dist/depois.mjs
 *
 * BENCH_DURATION (s per run, 6), BENCH_ROUNDS (alternations, 3). Prints each run and the medians:
 * orders/s, p99 and the server's CPU time per order (which the machine's load moves least).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { cpSync, existsSync } from 'node:fs';
import { preparar, serverEnv, type Carga } from './orders-throughput.ts';
import {
  REPO_ROOT,
  freePort,
  isMain,
  median,
  serveNodeFlags,
  stopChild,
  tempDir,
  waitForUrl,
  type ServerHandle,
} from './lib/server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 6);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The bundle `bundle` (a path from the repository's root) on a fresh demo SQLite database. */
async function iniciar(bundle: string): Promise<ServerHandle> {
  const tmp = tempDir('rango-ab-');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const webDist = join(tmp.dir, 'web-dist');
  if (existsSync(join(REPO_ROOT, 'apps/web/dist')))
    cpSync(join(REPO_ROOT, 'apps/web/dist'), webDist, { recursive: true });
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...serveNodeFlags(), bundle], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(tmp.dir, 'rango.db'),
      DEMO_ALWAYS_OPEN: '1',
      WEB_DIST: webDist,
      ...serverEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const stop = async () => {
    await stopChild(child);
    tmp.remove();
  };
  try {
    await waitForUrl(`${baseUrl}/api/ead/health`, child, 60_000, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseFile: join(tmp.dir, 'rango.db'), pid: child.pid, output: () => log, stop };
}

export async function runOrdersAb(bundles: string[]): Promise<void> {
  const servidores = await Promise.all(bundles.map((b) => iniciar(b)));
  try {
    const cargas = [];
    for (const [i, s] of servidores.entries()) {
      const carga = await preparar(s, bundles[i]!);
      await carga(2); // warm-up
      cargas.push(carga);
    }
    const runs: Carga[][] = bundles.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      const ordem = r % 2 === 0 ? bundles.map((_, i) => i) : bundles.map((_, i) => i).reverse();
      for (const i of ordem) {
        const c = await cargas[i]!(DURATION);
        runs[i]!.push(c);
        console.log(
          `  rodada ${r + 1} ${bundles[i]}: ${c.rps} pedidos/s, p99 ${c.p99} ms, CPU ${c.cpuPorPedido} ms/pedido`,
        );
      }
    }
    for (const [i, b] of bundles.entries()) {
      const rs = runs[i]!;
      console.log(
        `${b}: mediana ${median(rs.map((c) => c.rps))} pedidos/s, p99 ${median(rs.map((c) => c.p99))} ms, CPU ${median(rs.map((c) => c.cpuPorPedido))} ms/pedido`,
      );
    }
  } finally {
    await Promise.all(servidores.map((s) => s.stop()));
  }
}

if (isMain(import.meta.url)) {
  const bundles = process.argv.slice(2);
  if (bundles.length < 1) {
    console.error('uso: node --import tsx bench/src/orders-ab.ts <bundle A> [bundle B …]');
    process.exit(2);
  }
  await runOrdersAb(bundles);
}
