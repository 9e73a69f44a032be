/**
 * iFood orders in Rango's queue (issue 24 part 4), on the production build with SQLite, against
 * the local fake of iFood's merchant API (apps/server/src/test/fakes/ifood.ts; IFOOD_API_URL):
 *
 * - event → order in the panel's queue, p50/p95: the fake emits BENCH_IFOOD_PEDIDOS orders (40),
 *   one every BENCH_IFOOD_INTERVALO_MS (1500), while the server polls at iFood's documented
 *   period (IFOOD_CONSULTA_SEGUNDOS, 30 here unless BENCH_IFOOD_CONSULTA says otherwise); the
 *   queue (`GET …/pedidos/?canal=ifood`, the panel's own read) is read every 100 ms and each
 *   order's first appearance timed from its event (target p95 ≤ 35 s). The same by iFood's
 *   webhook (the signed event POSTed to /api/ifood/webhook/, the order re-read at the fake):
 *   target p95 ≤ 2 s.
 * - import throughput: BENCH_IFOOD_RAJADA orders (300) emitted at once, polled every second on a
 *   second server; orders imported per second from the first poll that sees them to the last
 *   one in the queue, each imported once.
 * - Rango's own order path with the iFood import running vs not, in the same run on that server:
 *   the orders benchmark's load (20 connections, BENCH_IFOOD_CARGA s, 5) alternated off, on, off,
 *   on; 'on' = the import on (polled every second) and the fake emitting 20 iFood orders a second
 *   during the load; 'off' = the import switched off in 'Integrações'. Ratio of the p99 latencies
 *   on ÷ off (target ≤ 1.25) and of orders/s.
 */
import { createHmac } from 'node:crypto';
import { percentil } from './lib/events.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { isMain, median, startServer, type ServerHandle } from './lib/server.ts';
import { preparar, serverEnv } from './orders-throughput.ts';
import { pedidoIfood, startFakeIfood, type FakeIfood } from '../../apps/server/src/test/fakes/ifood.ts';

const PEDIDOS = Number(process.env.BENCH_IFOOD_PEDIDOS ?? 40);
const INTERVALO_MS = Number(process.env.BENCH_IFOOD_INTERVALO_MS ?? 1500);
const CONSULTA = process.env.BENCH_IFOOD_CONSULTA ?? '30';
const WEBHOOKS = Number(process.env.BENCH_IFOOD_WEBHOOKS ?? 30);
const RAJADA = Number(process.env.BENCH_IFOOD_RAJADA ?? 300);
const CARGA = Number(process.env.BENCH_IFOOD_CARGA ?? 5);
const MERCHANT = 'merchant-bench';
const DONO = { email: 'dono@sabordavila.com.br', senha: 'painel-demo' };
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Painel {
  /** The iFood orders in the queue now: iFood's order id → first seen (ms since epoch). */
  vistos: Map<string, number>;
  parar: () => void;
  conectar: (ativo: boolean) => Promise<void>;
}

/** Signs the owner in, connects the fake's store and reads the queue every 100 ms. */
async function painel(server: ServerHandle, fake: FakeIfood): Promise<Painel> {
  const api = `${server.baseUrl}/api/ead`;
  const login = await fetch(`${api}/painel/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DONO),
  });
  if (!login.ok) throw new Error(`login do dono: HTTP ${login.status}`);
  const { access } = (await login.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
  const conectar = async (ativo: boolean) => {
    const r = await fetch(`${api}/painel/estabelecimento/1/ifood/`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({
        merchant_id: MERCHANT,
        client_id: fake.clientId,
        client_secret: fake.clientSecret,
        ativo,
      }),
    });
    if (r.status !== 200) throw new Error(`conectar o iFood: ${r.status} ${await r.text()}`);
  };
  const vistos = new Map<string, number>();
  let ligado = true;
  void (async () => {
    while (ligado) {
      const t = Date.now();
      try {
        const r = await fetch(`${api}/painel/estabelecimento/1/pedidos/?canal=ifood`, { headers });
        const { pedidos } = (await r.json()) as { pedidos: { pedido: { pedido_id: string } }[] };
        for (const p of pedidos) {
          const id = p.pedido.pedido_id.replace(/^ifood:/, '');
          if (!vistos.has(id)) vistos.set(id, t);
        }
      } catch {
        // A read that failed: the next one counts.
      }
      await pausa(Math.max(0, 100 - (Date.now() - t)));
    }
  })();
  return { vistos, parar: () => (ligado = false), conectar };
}

async function esperarTodos(vistos: Map<string, number>, ids: string[], ms: number): Promise<void> {
  const ate = Date.now() + ms;
  while (ids.some((id) => !vistos.has(id)) && Date.now() < ate) await pausa(100);
}

function latencias(nome: string, emitidos: Map<string, number>, vistos: Map<string, number>, metaMs: number) {
  const ms = [...emitidos].filter(([id]) => vistos.has(id)).map(([id, t]) => vistos.get(id)! - t);
  const p95 = Math.round(percentil(ms, 95));
  const figures: Figure[] = [
    {
      name: `evento do iFood → pedido na fila, p50 (${nome})`,
      value: Math.round(percentil(ms, 50)),
      unit: 'ms',
      target: 'informativo',
      ok: true,
    },
    {
      name: `evento do iFood → pedido na fila, p95 (${nome})`,
      value: p95,
      unit: 'ms',
      target: `≤ ${metaMs} ms`,
      ok: p95 <= metaMs,
    },
    {
      name: `pedidos do iFood na fila (${nome})`,
      value: ms.length,
      unit: `de ${emitidos.size}`,
      target: `${emitidos.size}`,
      ok: ms.length === emitidos.size,
    },
  ];
  return figures;
}

/** Event → queue by polling at iFood's period, then by webhook. */
async function latenciaConsulta(figures: Figure[]): Promise<void> {
  const fake = await startFakeIfood({ merchants: [MERCHANT] });
  const server = await startServer({
    env: { ...serverEnv, IFOOD_API_URL: fake.url, IFOOD_CONSULTA_SEGUNDOS: CONSULTA },
  });
  try {
    const p = await painel(server, fake);
    await p.conectar(true);
    const emitidos = new Map<string, number>();
    for (let i = 0; i < PEDIDOS; i++) {
      const pedido = pedidoIfood(MERCHANT);
      emitidos.set(pedido.id, Date.now());
      fake.novoPedido(pedido);
      await pausa(INTERVALO_MS);
    }
    await esperarTodos(p.vistos, [...emitidos.keys()], Number(CONSULTA) * 1000 + 15_000);
    figures.push(...latencias(`consulta a cada ${CONSULTA} s`, emitidos, p.vistos, 35_000));

    // iFood's webhook: the event signed with the app's secret, POSTed as iFood would.
    const porWebhook = new Map<string, number>();
    for (let i = 0; i < WEBHOOKS; i++) {
      const pedido = pedidoIfood(MERCHANT);
      const ev = fake.novoPedido(pedido);
      // Acknowledged by the webhook path only: the poll must not find it first.
      fake.eventos.splice(fake.eventos.indexOf(ev), 1);
      const corpo = JSON.stringify(ev);
      porWebhook.set(pedido.id, Date.now());
      const r = await fetch(`${server.baseUrl}/api/ead/api/ifood/webhook/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-ifood-signature': createHmac('sha256', fake.clientSecret).update(corpo).digest('hex'),
        },
        body: corpo,
      });
      if (r.status !== 202) throw new Error(`webhook: ${r.status} ${await r.text()}`);
      await pausa(200);
    }
    await esperarTodos(p.vistos, [...porWebhook.keys()], 10_000);
    figures.push(...latencias('webhook', porWebhook, p.vistos, 2000));
    p.parar();
  } finally {
    await server.stop();
    await fake.close();
  }
}

/** A burst imported (each once), and Rango's order path with the import on ÷ off. */
async function vazaoECarga(figures: Figure[]): Promise<void> {
  const fake = await startFakeIfood({ merchants: [MERCHANT] });
  const server = await startServer({
    env: { ...serverEnv, IFOOD_API_URL: fake.url, IFOOD_CONSULTA_SEGUNDOS: '1' },
  });
  try {
    const p = await painel(server, fake);
    await p.conectar(true);
    const ids = Array.from({ length: RAJADA }, () => fake.novoPedido(pedidoIfood(MERCHANT)).orderId);
    const polls0 = fake.contagem.polling;
    while (fake.contagem.polling === polls0) await pausa(5);
    const t0 = Date.now();
    await esperarTodos(p.vistos, ids, 120_000);
    const fim = Math.max(...ids.map((id) => p.vistos.get(id) ?? Date.now()));
    const importados = ids.filter((id) => p.vistos.has(id)).length;
    const porSegundo = Math.round((importados / Math.max(fim - t0, 1)) * 1000);
    figures.push({
      name: `importação do iFood, pedidos por segundo (rajada de ${RAJADA}, SQLite)`,
      value: porSegundo,
      unit: 'pedidos/s',
      target: 'informativo',
      ok: importados === RAJADA,
      de: `${importados} de ${RAJADA} na fila em ${fim - t0} ms; ${fake.contagem.detalhes} leituras de detalhes`,
    });

    // Rango's own order path, the iFood import off vs on (with the fake emitting 20 orders/s).
    p.parar();
    const carga = await preparar(server, 'SQLite');
    await carga(2);
    const med: Record<'sem' | 'com', { p50: number; p99: number; rps: number }[]> = { sem: [], com: [] };
    for (const modo of ['sem', 'com', 'sem', 'com'] as const) {
      await p.conectar(modo === 'com');
      let emitindo = modo === 'com';
      const emissor = (async () => {
        while (emitindo) {
          fake.novoPedido(pedidoIfood(MERCHANT));
          await pausa(50);
        }
      })();
      const c = await carga(CARGA);
      emitindo = false;
      await emissor;
      med[modo].push(c);
      console.log(`  ${modo} iFood: ${c.rps} pedidos/s, p50 ${c.p50} ms, p99 ${c.p99} ms`);
    }
    const p99 = (m: 'sem' | 'com') => median(med[m].map((x) => x.p99));
    const p50 = (m: 'sem' | 'com') => median(med[m].map((x) => x.p50));
    const rps = (m: 'sem' | 'com') => median(med[m].map((x) => x.rps));
    const razao = Math.round((p99('com') / Math.max(p99('sem'), 1)) * 100) / 100;
    const razaoRps = Math.round((rps('com') / Math.max(rps('sem'), 1)) * 100) / 100;
    figures.push(
      {
        name: 'pedidos do Rango, p99 com a importação do iFood ÷ sem (SQLite)',
        value: razao,
        unit: '×',
        target: '≤ 1.25',
        ok: razao <= 1.25,
        de: `p99 ${p99('com')} ms ÷ ${p99('sem')} ms; p50 ${p50('com')} ms ÷ ${p50('sem')} ms`,
      },
      {
        name: 'pedidos do Rango por segundo com a importação do iFood ÷ sem (SQLite)',
        value: razaoRps,
        unit: '×',
        target: '≥ 0.9',
        ok: razaoRps >= 0.9,
        de: `${rps('com')} pedidos/s ÷ ${rps('sem')} pedidos/s`,
      },
    );
  } finally {
    await server.stop();
    await fake.close();
  }
}

export async function runIfood(): Promise<BenchResult> {
  const figures: Figure[] = [];
  if (process.env.BENCH_IFOOD_SO !== 'carga') await latenciaConsulta(figures);
  if (process.env.BENCH_IFOOD_SO !== 'latencia') await vazaoECarga(figures);
  return { bench: 'ifood', figures };
}

if (isMain(import.meta.url)) {
  const result = await runIfood();
  console.log('\niFood (API de merchant local)');
  printFigures(result);
  saveResult(result);
}
