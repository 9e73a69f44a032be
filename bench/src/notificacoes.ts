/**
 * The customer's notifications (issue 22), on the production build with SQLite, against the local
 * push-service fake (the server trusts its certificate through NODE_EXTRA_CA_CERTS):
 *
 * - status change → message accepted by the push service: operator API moves (Confirmado) at 100
 *   a minute for BENCH_DURATION seconds (60: 100 changes), each order's customer subscribed to
 *   Web Push; from the request to the fake storing the 'pedido aceito' message, p50/p95
 *   (target p95 ≤ 5 s; the job runs every second).
 * - orders/s with notifications on ÷ off in one run: the orders benchmark's load (20 connections,
 *   BENCH_NOTIF_CARGA s per run, 6) in BENCH_NOTIF_PARES pairs (6) whose order alternates (off
 *   then on, on then off, …), the median of the pairs' ratios: 'off' the customer chose no
 *   channel, 'on' every order sends its 'pedido recebido' by Web Push (target ≥ 0.9).
 *
 * - three instances on one PostgreSQL database (as the kill -9 test runs them): the same 100
 *   changes a minute, each sent to one of the three in turn, every instance running the outbox;
 *   status change → push accepted p50/p95 and that each message reached the push service exactly
 *   once (the fake counts every request it accepts; a duplicate shows as a second one).
 *   BENCH_NOTIF_PG=0 skips it; no PostgreSQL skips it with a note.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STATUS } from '@rango/domain';
import { startPushFake } from '../../apps/server/src/modules/notificacoes/push-fake.ts';
import { JWT_SECRET, freshPostgres, openBenchDb, percentil, tokensDeCliente } from './lib/events.ts';
import { emPares } from './lib/pares.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { isMain, median, serveNodeFlags, startServer, tempDir } from './lib/server.ts';
import { preparar, serverEnv } from './orders-throughput.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const CARGA = Number(process.env.BENCH_NOTIF_CARGA ?? 6);
/** Pairs of loads (off and on, their order alternating). */
const PARES = Number(process.env.BENCH_NOTIF_PARES ?? 6);
const POR_MINUTO = 100;
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runNotificacoes(): Promise<BenchResult> {
  const fake = await startPushFake();
  const tmp = tempDir('rango-bench-notif-');
  const ca = join(tmp.dir, 'push-ca.pem');
  writeFileSync(ca, fake.certificadoPem);
  // BENCH_CPU_PROF=<dir>: the server's CPU profile, written when it stops (bench/src/cpuprofile.ts).
  const profDir = process.env.BENCH_CPU_PROF;
  const server = await startServer({
    env: { ...serverEnv, NODE_EXTRA_CA_CERTS: ca },
    ...(profDir ? { nodeFlags: [...serveNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${profDir}`] } : {}),
  });
  const figures: Figure[] = [];
  try {
    const carga = await preparar(server, 'SQLite');
    const api = `${server.baseUrl}/api/ead`;
    const headers = { authorization: `Bearer ${carga.token}`, 'content-type': 'application/json' };
    const idcliente = Number(
      (JSON.parse(Buffer.from(carga.token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub,
    );
    const escolher = async (ativo: boolean) => {
      const r = await fetch(`${api}/controle/cliente/notificacoes/`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ canal: 'push', ativo, origem: 'cliente' }),
      });
      if (r.status !== 200) throw new Error(`consentimento: ${r.status} ${await r.text()}`);
    };
    const assinatura = fake.novaAssinatura();
    const r = await fetch(`${api}/controle/cliente/notificacoes/push/`, {
      method: 'POST',
      headers,
      body: JSON.stringify(assinatura),
    });
    if (r.status !== 201) throw new Error(`assinatura: ${r.status} ${await r.text()}`);

    // A message the push service accepted twice: the same order's same title.
    const copias = () =>
      fake.recebidas.length -
      new Set(
        fake.recebidas.map((m) => {
          const c = JSON.parse(m.corpo) as { url: string; titulo: string };
          return `${c.url} ${c.titulo}`;
        }),
      ).size;

    // Orders/s, notifications off ÷ on, in pairs whose order alternates (lib/pares.ts); the
    // figure is the median of the pairs' ratios.
    await carga(2);
    const off: number[] = [];
    const on: number[] = [];
    const razoes: number[] = [];
    let notificados = 0;
    const semNotificacoes = async () => {
      await escolher(false);
      const sem = await carga(CARGA);
      off.push(sem.rps);
      // The run's events are followed (the job runs every second) while no channel is chosen.
      await pausa(2_000);
      return sem;
    };
    const comNotificacoes = async () => {
      await escolher(true);
      const antes = fake.recebidas.length;
      const c = await carga(CARGA);
      on.push(c.rps);
      notificados += c.ok;
      const naRodada = fake.recebidas.length - antes;
      // The run's messages drain before consent is revoked for an 'off' run (a message still
      // waiting then is dropped, as it should be) and before the latency is measured.
      const fim = Date.now();
      const drenoAte = fim + 90_000;
      while (fake.recebidas.length < notificados && Date.now() < drenoAte) await pausa(100);
      return { ...c, naRodada, drenoMs: Date.now() - fim };
    };
    await emPares(PARES, semNotificacoes, comNotificacoes, ({ sem, com: c, ordem, i }) => {
      razoes.push(c.rps / Math.max(sem.rps, 1));
      console.log(
        `  par ${i + 1} (${ordem}): sem ${sem.rps} pedidos/s ` +
          `(CPU ${sem.cpuPorPedido} ms/pedido), com ${c.rps} pedidos/s (CPU ${c.cpuPorPedido} ms/pedido), ` +
          `razão ${razoes.at(-1)!.toFixed(2)}; ${c.naRodada} de ${c.ok} mensagens aceitas pelo push ` +
          `durante a carga, ${fake.recebidas.length} de ${notificados} ${c.drenoMs} ms depois ` +
          `(com as do aquecimento); ${copias()} cópias (mesmo pedido e título)`,
      );
    });
    const razao = Math.round(median(razoes) * 100) / 100;
    figures.push({
      name: 'pedidos/s com notificações ÷ sem (SQLite)',
      value: razao,
      unit: '×',
      target: '≥ 0.9',
      ok: razao >= 0.9,
      de: `mediana de ${PARES} pares (${razoes.map((r) => r.toFixed(2)).join(', ')}); ${median(on)} ÷ ${median(off)} pedidos/s`,
    });
    await escolher(true);

    // Status change → message accepted by the push service, at 100 changes a minute.
    const n = Math.max(1, Math.round((DURATION * POR_MINUTO) / 60));
    const db = openBenchDb(server.databaseFile);
    const pedidos = await db.pedidos(
      1,
      Array.from({ length: n }, () => idcliente),
    );
    const chave = await db.chaveOperador(1);
    await db.close();
    const t0 = new Map<number, number>();
    const intervalo = 60_000 / POR_MINUTO;
    for (const id of pedidos) {
      const proximo = Date.now() + intervalo;
      t0.set(id, Date.now());
      const res = await fetch(`${api}/operador/pedido/${id}/status/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: STATUS.Confirmado }),
      });
      if (res.status !== 200) throw new Error(`operador: ${res.status} ${await res.text()}`);
      await pausa(Math.max(0, proximo - Date.now()));
    }
    const latencias = new Map<number, number>();
    const limite = Date.now() + 15_000;
    while (latencias.size < n && Date.now() < limite) {
      for (const m of fake.recebidas) {
        const c = JSON.parse(m.corpo) as { url: string; titulo: string };
        const id = Number(/\/pedido\/(\d+)$/.exec(c.url)?.[1]);
        if (t0.has(id) && c.titulo.endsWith('pedido aceito') && !latencias.has(id))
          latencias.set(id, m.em - t0.get(id)!);
      }
      await pausa(100);
    }
    const valores = [...latencias.values()];
    const p95 = Math.round(percentil(valores, 95));
    figures.push(
      {
        name: `mudança de status → push aceito, p50 (SQLite, ${POR_MINUTO}/min)`,
        value: Math.round(percentil(valores, 50)),
        unit: 'ms',
        target: 'informativo',
        ok: true,
      },
      {
        name: `mudança de status → push aceito, p95 (SQLite, ${POR_MINUTO}/min)`,
        value: p95,
        unit: 'ms',
        target: '≤ 5000 ms',
        ok: p95 <= 5000,
      },
      {
        name: 'mensagens aceitas pelo serviço de push',
        value: latencias.size,
        unit: `de ${n}`,
        target: `${n}`,
        ok: latencias.size === n,
      },
    );
  } finally {
    await server.stop();
    await fake.close();
    tmp.remove();
  }
  if (process.env.BENCH_NOTIF_PG !== '0') figures.push(...(await tresInstanciasPostgres()));
  return { bench: 'notificacoes', figures };
}

/** A customer subscribed to Web Push with the push channel chosen, through `api`. */
async function clienteComPush(api: string, token: string, fake: Awaited<ReturnType<typeof startPushFake>>) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const c = await fetch(`${api}/controle/cliente/notificacoes/`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ canal: 'push', ativo: true, origem: 'cliente' }),
  });
  if (c.status !== 200) throw new Error(`consentimento: ${c.status} ${await c.text()}`);
  const a = await fetch(`${api}/controle/cliente/notificacoes/push/`, {
    method: 'POST',
    headers,
    body: JSON.stringify(fake.novaAssinatura()),
  });
  if (a.status !== 201) throw new Error(`assinatura: ${a.status} ${await a.text()}`);
}

/**
 * Three instances on one PostgreSQL database, each with its outbox job: status change (sent to
 * the instances in turn) → 'pedido aceito' accepted by the push service, p50/p95, and how many
 * orders got exactly one such message (none twice, none lost).
 */
export async function tresInstanciasPostgres(): Promise<Figure[]> {
  const pgUrl = freshPostgres('rango_bench_notificacoes');
  if (!pgUrl) return [];
  const fake = await startPushFake();
  const tmp = tempDir('rango-bench-notif-pg-');
  const ca = join(tmp.dir, 'push-ca.pem');
  writeFileSync(ca, fake.certificadoPem);
  const env = { ...serverEnv, LOG_LEVEL: 'warn', NODE_EXTRA_CA_CERTS: ca, JWT_SECRET };
  const instancias: Awaited<ReturnType<typeof startServer>>[] = [];
  try {
    // The first migrates and seeds; the other two start on the database it made.
    instancias.push(await startServer({ databaseFile: pgUrl, env }));
    for (let i = 0; i < 2; i++) instancias.push(await startServer({ databaseFile: pgUrl, env }));
    const apis = instancias.map((s) => `${s.baseUrl}/api/ead`);
    const db = openBenchDb(pgUrl);
    const [idcliente] = await db.clientes(1);
    const [token] = await tokensDeCliente([idcliente!]);
    await clienteComPush(apis[0]!, token!, fake);
    const n = Math.max(1, Math.round((DURATION * POR_MINUTO) / 60));
    const pedidos = await db.pedidos(
      1,
      Array.from({ length: n }, () => idcliente!),
    );
    const chave = await db.chaveOperador(1);
    await db.close();
    const t0 = new Map<number, number>();
    const intervalo = 60_000 / POR_MINUTO;
    let i = 0;
    for (const id of pedidos) {
      const proximo = Date.now() + intervalo;
      t0.set(id, Date.now());
      const res = await fetch(`${apis[i++ % apis.length]}/operador/pedido/${id}/status/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: STATUS.Confirmado }),
      });
      if (res.status !== 200) throw new Error(`operador: ${res.status} ${await res.text()}`);
      await pausa(Math.max(0, proximo - Date.now()));
    }
    const aceitas = () => {
      const por = new Map<number, number[]>();
      for (const m of fake.recebidas) {
        const c = JSON.parse(m.corpo) as { url: string; titulo: string };
        const id = Number(/\/pedido\/(\d+)$/.exec(c.url)?.[1]);
        if (t0.has(id) && c.titulo.endsWith('pedido aceito')) por.set(id, [...(por.get(id) ?? []), m.em]);
      }
      return por;
    };
    const limite = Date.now() + 15_000;
    while (aceitas().size < n && Date.now() < limite) await pausa(100);
    // Time for a duplicate to show: every instance's job runs every second.
    await pausa(5_000);
    const por = aceitas();
    const valores = [...por].map(([id, em]) => Math.min(...em) - t0.get(id)!);
    const umaVez = [...por.values()].filter((em) => em.length === 1).length;
    const repetidas = [...por.values()].reduce((s, em) => s + Math.max(0, em.length - 1), 0);
    const p95 = Math.round(percentil(valores, 95));
    const lentas = valores.filter((v) => v > 5000).length;
    console.log(
      `  PostgreSQL, 3 instâncias: ${por.size} de ${n} pedidos avisados, ${umaVez} exatamente uma vez, ${repetidas} repetidas; ${lentas} acima de 5 s (máx. ${Math.round(Math.max(0, ...valores))} ms)`,
    );
    return [
      {
        name: `mudança de status → push aceito, p50 (PostgreSQL, 3 instâncias, ${POR_MINUTO}/min)`,
        value: Math.round(percentil(valores, 50)),
        unit: 'ms',
        target: 'informativo',
        ok: true,
      },
      {
        name: `mudança de status → push aceito, p95 (PostgreSQL, 3 instâncias, ${POR_MINUTO}/min)`,
        value: p95,
        unit: 'ms',
        target: '≤ 5000 ms',
        ok: p95 <= 5000,
      },
      {
        name: 'mensagens enviadas exatamente uma vez (PostgreSQL, 3 instâncias)',
        value: umaVez,
        unit: `de ${n}`,
        target: `${n}, nenhuma repetida`,
        ok: umaVez === n && repetidas === 0,
        de: `${por.size} pedidos avisados, ${repetidas} mensagens repetidas`,
      },
    ];
  } finally {
    for (const s of instancias) await s.stop();
    await fake.close();
    tmp.remove();
  }
}

if (isMain(import.meta.url)) {
  const result = await runNotificacoes();
  console.log('\nNotificações (Web Push, serviço de push local)');
  printFigures(result);
  saveResult(result);
}
