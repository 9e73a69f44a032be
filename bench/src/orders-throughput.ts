/**
 * Order placement under load (issue 4): POST /api/estabelecimento/{id}/pedido/ with full
 * re-pricing by the domain engine, delivery fee from the stored address, coupon-free cash
 * orders of several items with options, 20 connections, every answer checked to be 201 (each
 * request carries a fresh pedido_id). On SQLite (the embedded default) and on PostgreSQL.
 *
 * Issue 21: absolute figures depend on the machine (and on what else runs on it), so the
 * SQLite figure is also given as a ratio to a plain node:http server answering the menu's bytes
 * (lib/plain.ts), measured in the same run with the same connections and duration, runs
 * interleaved (orders, plain, orders, plain…), medians compared. Target: orders/s ÷ plain req/s
 * ≥ 0.45 (24 November: 3,635 ÷ 7,492 = 0.49). On PostgreSQL, live events on keep ≥ 90 % of the
 * throughput and of the p99 of the same run with them off. Also informative: p99 ≤ 50 ms on
 * SQLite, server RSS after the run ≤ 150 MB.
 *
 * BENCH_DURATION (s per run, 10), BENCH_ROUNDS (SQLite rounds, 2), BENCH_PG_ROUNDS (PostgreSQL
 * off/on alternations, 2), BENCH_SKIP_PG=1, BENCH_CPU_PROF=<dir>: the SQLite server is started
 * with `--cpu-prof --cpu-prof-dir=<dir>` (its profile written when it stops; see
 * bench/src/cpuprofile.ts to summarise it).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { novoNumeroPedido, type PedidoInput } from '@rango/domain';
import { montarPedidoApi } from '@rango/e2e/pedido-api';
import { confirmedCustomer, login } from './lib/customer.ts';
import { getRps, razao, startPlainMenu, type PlainServer } from './lib/plain.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { cpuMs, isMain, median, serveNodeFlags, startServer, type ServerHandle } from './lib/server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const ESTABELECIMENTO = 1;
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'rango_bench_pedidos';
/** Rounds of orders then plain node on SQLite (medians compared). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Alternations of events off/on on PostgreSQL (issue 11's comparison). */
const PG_ROUNDS = Number(process.env.BENCH_PG_ROUNDS ?? 2);
/** The ratio orders/s ÷ plain node's menu req/s on SQLite (issue 21). */
export const RAZAO_SQLITE_META = 0.45;

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

export interface Carga {
  rps: number;
  p99: number;
  p50: number;
  ok: number;
  /** The server's CPU time per order (user + system), in ms: the machine's load barely moves it. */
  cpuPorPedido: number;
}

/** A confirmed customer's token and one valid order; then timed loads of that order. */
export async function preparar(server: ServerHandle, banco: string) {
  const { email, senha } = await confirmedCustomer(server.baseUrl, server.output);
  const token = await login(server.baseUrl, email, senha);
  const pedido: PedidoInput = await montarPedidoApi(server.baseUrl, token);
  const url = `${server.baseUrl}/api/ead/api/estabelecimento/${ESTABELECIMENTO}/pedido/`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  // The order serialised once (the load generator shares the machine with the server): each
  // request only appends its own pedido_id and numero_pedido.
  const { pedido_id: _id, numero_pedido: _numero, ...resto } = pedido;
  const corpo = JSON.stringify(resto).slice(0, -1);
  /** `duration` seconds of orders; every answer must be 201. (`token`: the customer's, for notificacoes.ts.) */
  return Object.assign(carga, { token });
  async function carga(duration: number): Promise<Carga> {
    const statuses = new Map<number, number>();
    let exemplo = '';
    const cpuAntes = cpuMs(server.pid);
    const r = await autocannon({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      headers,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: `${corpo},"pedido_id":"${randomUUID()}","numero_pedido":${novoNumeroPedido()}}`,
          }),
          onResponse: (status, body) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status !== 201 && !exemplo) exemplo = `${status} ${String(body).slice(0, 300)}`;
          },
        },
      ],
    });
    const ok = statuses.get(201) ?? 0;
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    if (ok !== total || r.errors > 0) {
      throw new Error(
        `${banco}: ${total - ok} de ${total} respostas não-201, ${r.errors} erros; ex.: ${exemplo}`,
      );
    }
    const cpuPorPedido = Math.round(((cpuMs(server.pid) - cpuAntes) / Math.max(ok, 1)) * 1000) / 1000;
    return { rps: Math.round(ok / duration), p99: r.latency.p99, p50: r.latency.p50, ok, cpuPorPedido };
  }
}

interface Medida {
  figures: Figure[];
  rps: number;
  p99: number;
}

/** The figures of one server's measured loads (medians when several). */
function figurasDe(
  banco: string,
  cargas: Carga[],
  rssAntes: number,
  rss: number,
  minRps: number | null,
): Medida {
  const rps = median(cargas.map((c) => c.rps));
  const p99 = median(cargas.map((c) => c.p99));
  const p50 = median(cargas.map((c) => c.p50));
  const ok = cargas.reduce((a, c) => a + c.ok, 0);
  // Rounded: the median of two is their mean (0.1 + 0.2 prints 0.30000000000000004).
  const cpu = Math.round(median(cargas.map((c) => c.cpuPorPedido)) * 1000) / 1000;
  const figures: Figure[] = [
    {
      name: `pedidos por segundo (${banco}, ${CONNECTIONS} conexões)`,
      value: rps,
      unit: 'pedidos/s',
      target: minRps === null ? 'informativo' : `≥ ${minRps}`,
      ok: minRps === null || rps >= minRps,
    },
    {
      name: `p99 (${banco})`,
      value: p99,
      unit: 'ms',
      target: banco === 'SQLite' ? '≤ 50 ms' : 'informativo',
      ok: banco !== 'SQLite' || p99 <= 50,
    },
    { name: `p50 (${banco})`, value: p50, unit: 'ms', target: 'informativo', ok: true },
    { name: `pedidos criados (${banco})`, value: ok, unit: 'pedidos', target: 'todos 201', ok: true },
    {
      name: `CPU do servidor por pedido (${banco})`,
      value: cpu,
      unit: 'ms',
      target: 'informativo',
      ok: true,
    },
    {
      name: `memória do servidor antes da carga (${banco})`,
      value: rssAntes,
      unit: 'MB RSS',
      target: 'informativo',
      ok: true,
    },
    {
      name: `memória do servidor após a carga (${banco})`,
      value: rss,
      unit: 'MB RSS',
      target: '≤ 150 MB',
      ok: rss <= 150,
    },
  ];
  return { figures, rps, p99 };
}

async function measure(server: ServerHandle, banco: string, minRps: number | null): Promise<Medida> {
  const carga = await preparar(server, banco);
  const rssAntes = rssMb(server.pid);
  await carga(2); // warm-up (JIT, caches, prepared statements)
  const r = await carga(DURATION);
  return figurasDe(banco, [r], rssAntes, rssMb(server.pid), minRps);
}

export const serverEnv = {
  RATE_LIMIT: '0',
  LOG_LEVEL: 'info',
  DEMO_SIMULATOR: '0',
  ACCESS_TOKEN_TTL: '3600',
};

function freshPostgres(): string | null {
  try {
    for (const sqlText of [`DROP DATABASE IF EXISTS ${PG_DB}`, `CREATE DATABASE ${PG_DB}`]) {
      execFileSync('psql', [PG_ADMIN, '-qc', sqlText], { stdio: 'pipe' });
    }
    return PG_ADMIN.replace(/\/[^/]*$/, `/${PG_DB}`);
  } catch (error) {
    console.error(`PostgreSQL indisponível para o benchmark: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

/**
 * Issue 11: the same PostgreSQL run with live events on (every order writes its event in its
 * transaction; one coalesced NOTIFY after commits) and off (EVENTOS=0), alternated (off, on, on,
 * off, …) on a fresh database each time, medians compared: events must keep ≥ 90 % of the
 * throughput and the p99.
 */
async function eventosLigadosDesligados(): Promise<Figure[]> {
  const medidas: Record<'ligados' | 'desligados', Medida[]> = { ligados: [], desligados: [] };
  // Off, on, on, off, …: a drift of the machine's load during the runs weighs on both alike.
  const ordem = Array.from({ length: PG_ROUNDS }, (_, i) =>
    i % 2 === 0 ? (['desligados', 'ligados'] as const) : (['ligados', 'desligados'] as const),
  ).flat();
  for (const modo of ordem) {
    const pgUrl = freshPostgres();
    if (!pgUrl) return [];
    const pg = await startServer({
      env: { ...serverEnv, DATABASE_URL: pgUrl, EVENTOS: modo === 'ligados' ? '1' : '0' },
    });
    try {
      medidas[modo].push(await measure(pg, `PostgreSQL, eventos ${modo}`, null));
    } finally {
      await pg.stop();
    }
  }
  const rps = (m: Medida[]) => median(m.map((x) => x.rps));
  const p99 = (m: Medida[]) => median(m.map((x) => x.p99));
  const vazao = razao(rps(medidas.ligados), rps(medidas.desligados));
  const latencia = razao(p99(medidas.desligados), Math.max(p99(medidas.ligados), 0.001));
  // Every run's own figures (the last of each mode), then the comparison.
  return [
    ...medidas.desligados.at(-1)!.figures,
    ...medidas.ligados.at(-1)!.figures,
    {
      name: `PostgreSQL pedidos/s com eventos ÷ sem (mediana de ${PG_ROUNDS})`,
      value: vazao,
      unit: '×',
      target: '≥ 0,9',
      ok: vazao >= 0.9,
      razao: 'pg-vazao',
      de: `${rps(medidas.ligados)} pedidos/s com eventos ÷ ${rps(medidas.desligados)} sem`,
    },
    {
      name: `PostgreSQL p99 sem eventos ÷ com (mediana de ${PG_ROUNDS})`,
      value: latencia,
      unit: '×',
      target: '≥ 0,9',
      ok: latencia >= 0.9,
      razao: 'pg-p99',
      de: `p99 ${p99(medidas.desligados)} ms sem eventos ÷ ${p99(medidas.ligados)} ms com`,
    },
  ];
}

/**
 * SQLite, and the plain-node baseline in the same run: orders and the plain server's menu GETs
 * alternated ROUNDS times after a warm-up of each, medians divided.
 */
async function sqliteContraSimples(): Promise<{ figures: Figure[]; details: unknown }> {
  const profDir = process.env.BENCH_CPU_PROF;
  const sqlite = await startServer({
    env: serverEnv,
    ...(profDir ? { nodeFlags: [...serveNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${profDir}`] } : {}),
  });
  let plain: PlainServer | undefined;
  try {
    plain = await startPlainMenu(sqlite.baseUrl);
    const carga = await preparar(sqlite, 'SQLite');
    const rssAntes = rssMb(sqlite.pid);
    await carga(2); // warm-up (JIT, caches, prepared statements)
    await getRps(plain.url, CONNECTIONS, 2);
    const cargas: Carga[] = [];
    const simples: number[] = [];
    const cpuSimples: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      cargas.push(await carga(DURATION));
      const cpuAntes = cpuMs(plain.pid);
      simples.push(await getRps(plain.url, CONNECTIONS, DURATION));
      cpuSimples.push((cpuMs(plain.pid) - cpuAntes) / Math.max(simples.at(-1)! * DURATION, 1));
      const c = cargas.at(-1)!;
      console.log(
        `  rodada ${i + 1}: ${c.rps} pedidos/s (p99 ${c.p99} ms, CPU ${c.cpuPorPedido} ms/pedido), node:http simples ${simples.at(-1)} req/s (CPU ${cpuSimples.at(-1)!.toFixed(3)} ms/req)`,
      );
    }
    const medida = figurasDe('SQLite', cargas, rssAntes, rssMb(sqlite.pid), 1000);
    const simplesRps = median(simples);
    const r = razao(medida.rps, simplesRps);
    // The same comparison in CPU time per answer, which the machine's other load barely moves.
    const rCpu = razao(median(cpuSimples), median(cargas.map((c) => c.cpuPorPedido)));
    return {
      figures: [
        ...medida.figures,
        {
          name: `node:http simples, bytes do cardápio (mesma rodada, ${CONNECTIONS} conexões)`,
          value: simplesRps,
          unit: 'req/s',
          target: 'informativo',
          ok: true,
        },
        {
          name: `SQLite pedidos/s ÷ node:http simples (mediana de ${ROUNDS})`,
          value: r,
          unit: '×',
          target: `≥ ${String(RAZAO_SQLITE_META).replace('.', ',')}`,
          ok: r >= RAZAO_SQLITE_META,
          razao: 'pedidos-sqlite',
          de: `${medida.rps} pedidos/s (p99 ${medida.p99} ms, CPU ${medida.figures.find((f) => f.name.startsWith('CPU'))?.value} ms/pedido) ÷ node:http simples ${simplesRps} req/s`,
        },
        {
          name: 'SQLite CPU por resposta do node:http simples ÷ CPU por pedido',
          value: rCpu,
          unit: '×',
          target: 'informativo',
          ok: true,
        },
      ],
      details: { pedidos: cargas, simples, cpuSimples, duration: DURATION, connections: CONNECTIONS },
    };
  } finally {
    await plain?.stop();
    await sqlite.stop();
  }
}

export async function runOrdersThroughput(): Promise<BenchResult> {
  const sqlite = await sqliteContraSimples();
  const figures = [...sqlite.figures];
  if (!process.env.BENCH_SKIP_PG) figures.push(...(await eventosLigadosDesligados()));
  return { bench: 'orders-throughput', figures, details: { sqlite: sqlite.details } };
}

if (isMain(import.meta.url)) {
  const result = await runOrdersThroughput();
  console.log(`\nPedidos com re-precificação completa, ${CONNECTIONS} conexões, ${DURATION} s`);
  printFigures(result);
  saveResult(result);
}
