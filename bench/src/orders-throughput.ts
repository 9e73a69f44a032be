/**
 * Order placement under load (issue 4): POST /api/estabelecimento/{id}/pedido/ with full
 * re-pricing by the domain engine, delivery fee from the stored address, coupon-free cash
 * orders of several items with options, 20 connections, every answer checked to be 201 (each
 * request carries a fresh pedido_id). On SQLite (the embedded default) and on PostgreSQL.
 * Targets: ≥ 1,000 orders/s on SQLite with p99 ≤ 50 ms; server RSS after the run ≤ 150 MB; on
 * PostgreSQL, live events on keep ≥ 90 % of the throughput and p99 of the same run with them off.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { novoNumeroPedido } from '@rango/domain';
import { montarPedidoApi } from '@rango/e2e/pedido-api';
import { confirmedCustomer, login } from './lib/customer.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { isMain, startServer, type ServerHandle } from './lib/server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const ESTABELECIMENTO = 1;
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'rango_bench_pedidos';
/** Alternations of events off/on on PostgreSQL (issue 11's comparison). */
const PG_ROUNDS = Number(process.env.BENCH_PG_ROUNDS ?? 2);

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
}

interface Medida {
  figures: Figure[];
  rps: number;
  p99: number;
}

async function measure(server: ServerHandle, banco: string, minRps: number | null): Promise<Medida> {
  const { email, senha } = await confirmedCustomer(server.baseUrl, server.output);
  const token = await login(server.baseUrl, email, senha);
  const pedido = await montarPedidoApi(server.baseUrl, token);
  const rssAntes = rssMb(server.pid);
  const url = `${server.baseUrl}/api/ead/api/estabelecimento/${ESTABELECIMENTO}/pedido/`;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const statuses = new Map<number, number>();
  let exemplo = '';
  const run = (duration: number) =>
    autocannon({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      headers,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ ...pedido, pedido_id: randomUUID(), numero_pedido: novoNumeroPedido() }),
          }),
          onResponse: (status, body) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status !== 201 && !exemplo) exemplo = `${status} ${String(body).slice(0, 300)}`;
          },
        },
      ],
    });
  await run(2); // warm-up (JIT, caches, prepared statements)
  statuses.clear();
  const r = await run(DURATION);
  const ok = statuses.get(201) ?? 0;
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  if (ok !== total || r.errors > 0) {
    throw new Error(
      `${banco}: ${total - ok} de ${total} respostas não-201, ${r.errors} erros; ex.: ${exemplo}`,
    );
  }
  const rps = Math.round(ok / DURATION);
  const rss = rssMb(server.pid);
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
      value: r.latency.p99,
      unit: 'ms',
      target: banco === 'SQLite' ? '≤ 50 ms' : 'informativo',
      ok: banco !== 'SQLite' || r.latency.p99 <= 50,
    },
    { name: `p50 (${banco})`, value: r.latency.p50, unit: 'ms', target: 'informativo', ok: true },
    { name: `pedidos criados (${banco})`, value: ok, unit: 'pedidos', target: 'todos 201', ok: true },
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
  return { figures, rps, p99: r.latency.p99 };
}

const serverEnv = { RATE_LIMIT: '0', LOG_LEVEL: 'info', DEMO_SIMULATOR: '0', ACCESS_TOKEN_TTL: '3600' };

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
 * transaction; one coalesced NOTIFY after commits) and off (EVENTOS=0), alternated on a fresh
 * database each time, medians compared: events must keep ≥ 90 % of the throughput and the p99.
 */
async function eventosLigadosDesligados(): Promise<Figure[]> {
  const medidas: Record<'ligados' | 'desligados', Medida[]> = { ligados: [], desligados: [] };
  const ordem = Array.from({ length: PG_ROUNDS }, () => ['desligados', 'ligados'] as const).flat();
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
  const mediana = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const rps = (m: Medida[]) => mediana(m.map((x) => x.rps));
  const p99 = (m: Medida[]) => mediana(m.map((x) => x.p99));
  const vazao = Math.round((rps(medidas.ligados) / rps(medidas.desligados)) * 100) / 100;
  const latencia = Math.round((p99(medidas.desligados) / Math.max(p99(medidas.ligados), 0.001)) * 100) / 100;
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
    },
    {
      name: `PostgreSQL p99 sem eventos ÷ com (mediana de ${PG_ROUNDS})`,
      value: latencia,
      unit: '×',
      target: '≥ 0,9',
      ok: latencia >= 0.9,
    },
  ];
}

export async function runOrdersThroughput(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const sqlite = await startServer({ env: serverEnv });
  try {
    figures.push(...(await measure(sqlite, 'SQLite', 1000)).figures);
  } finally {
    await sqlite.stop();
  }
  if (!process.env.BENCH_SKIP_PG) figures.push(...(await eventosLigadosDesligados()));
  return { bench: 'orders-throughput', figures };
}

if (isMain(import.meta.url)) {
  const result = await runOrdersThroughput();
  console.log(`\nPedidos com re-precificação completa, ${CONNECTIONS} conexões, ${DURATION} s`);
  printFigures(result);
  saveResult(result);
}
