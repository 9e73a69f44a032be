/**
 * Outgoing webhooks (issue 24 part 2) on the production build with SQLite:
 *
 * - the order path with webhooks on ÷ off, in one run: the orders benchmark's load (20
 *   connections, BENCH_WEBHOOKS_CARGA s per run, 6) alternated off, on, off, on. 'on': the
 *   restaurant has two endpoints for 'pedido.criado', one answering after 1 s and one down
 *   (nothing listens on its port), so the server's job is sending and retrying all along; 'off':
 *   none. p50 and p99 of the order POST and orders/s, each as on ÷ off (targets: latency ≤ 1.1×,
 *   orders/s ≥ 0.9×).
 * - an endpoint down for 10 minutes, in simulated time (apps/server/src/test/webhooks-fora-do-ar.ts,
 *   a process of its own on the same database file, the server stopped): the webhooks service,
 *   its clock injected and moved 0.6 s per event: 100 orders a minute for 10 minutes (1,000
 *   'pedido.criado' events) while the receiver answers 503, the job run every 2 simulated seconds;
 *   then the receiver answers 200 and the clock goes on until every delivery is recorded. Every
 *   event must reach the receiver with a 2xx exactly once and be recorded 'entregue' once; the
 *   retry schedule (1 min × 2ⁿ) sets how long after the recovery the last one goes (figure in
 *   simulated minutes).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@rango/e2e/processes';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { isMain, median, startServer, tempDir } from './lib/server.ts';
import { preparar, serverEnv } from './orders-throughput.ts';

const CARGA = Number(process.env.BENCH_WEBHOOKS_CARGA ?? 6);
const POR_MINUTO = 100;
const MINUTOS_FORA = 10;
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));
const run = promisify(execFile);

/** A receiver answering each POST with 200 after `atrasoMs` (a slow endpoint). */
async function receptor(atrasoMs: number) {
  const r = { url: '', recebidos: 0 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      r.recebidos++;
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'), atrasoMs);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rango`;
  const fechar = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return Object.assign(r, { fechar });
}

/** A local port nothing listens on (an endpoint that is down). */
async function portaFechada(): Promise<string> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const porta = (s.address() as AddressInfo).port;
  await new Promise<void>((ok) => s.close(() => ok()));
  return `http://127.0.0.1:${porta}/rango`;
}

export async function runWebhooks(): Promise<BenchResult> {
  const tmp = tempDir('rango-bench-webhooks-');
  const databaseFile = join(tmp.dir, 'rango.db');
  const lento = await receptor(1000);
  const figures: Figure[] = [];
  try {
    // --- Part 1: the order path with webhooks on ÷ off ---
    const server = await startServer({ databaseFile, env: serverEnv });
    try {
      const api = `${server.baseUrl}/api/ead`;
      const login = await fetch(`${api}/painel/auth/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'dono@sabordavila.com.br', senha: 'painel-demo' }),
      });
      if (login.status !== 200) throw new Error(`login do dono: ${login.status} ${await login.text()}`);
      const dono = {
        authorization: `Bearer ${((await login.json()) as { access: string }).access}`,
        'content-type': 'application/json',
      };
      const base = `${api}/painel/estabelecimento/1/webhooks/`;
      const fechado = await portaFechada();
      const ligar = async () => {
        for (const url of [lento.url, fechado]) {
          const r = await fetch(base, {
            method: 'POST',
            headers: dono,
            body: JSON.stringify({ url, eventos: ['pedido.criado'] }),
          });
          if (r.status !== 201) throw new Error(`webhook: ${r.status} ${await r.text()}`);
        }
      };
      const desligar = async () => {
        const lista = (await (await fetch(base, { headers: dono })).json()) as { id: number }[];
        for (const w of lista) {
          const r = await fetch(`${base}${w.id}/`, {
            method: 'DELETE',
            headers: { authorization: dono.authorization },
          });
          if (r.status !== 204) throw new Error(`excluir webhook: ${r.status} ${await r.text()}`);
        }
      };
      const carga = await preparar(server, 'SQLite');
      await carga(2);
      const off: { p50: number; p99: number; rps: number }[] = [];
      const on: { p50: number; p99: number; rps: number }[] = [];
      for (let i = 0; i < 2; i++) {
        await desligar();
        off.push(await carga(CARGA));
        await ligar();
        const antes = lento.recebidos;
        on.push(await carga(CARGA));
        console.log(
          `  rodada ${i + 1}: sem webhooks p50 ${off.at(-1)!.p50} ms p99 ${off.at(-1)!.p99} ms ${off.at(-1)!.rps} pedidos/s; ` +
            `com p50 ${on.at(-1)!.p50} ms p99 ${on.at(-1)!.p99} ms ${on.at(-1)!.rps} pedidos/s ` +
            `(${lento.recebidos - antes} entregas ao receptor lento durante a carga)`,
        );
      }
      await desligar();
      const m = (xs: { p50: number; p99: number; rps: number }[], k: 'p50' | 'p99' | 'rps') =>
        median(xs.map((x) => x[k]));
      const r2 = (x: number) => Math.round(x * 100) / 100;
      for (const k of ['p50', 'p99'] as const) {
        const razao = r2(m(on, k) / Math.max(m(off, k), 1));
        figures.push({
          name: `pedido POST ${k} com webhooks (1 lento 1 s + 1 fora do ar) ÷ sem (SQLite)`,
          value: razao,
          unit: '×',
          target: '≤ 1.1',
          ok: razao <= 1.1,
          de: `${m(on, k)} ms ÷ ${m(off, k)} ms`,
        });
      }
      const razaoRps = r2(m(on, 'rps') / Math.max(m(off, 'rps'), 1));
      figures.push({
        name: 'pedidos/s com webhooks ÷ sem (SQLite)',
        value: razaoRps,
        unit: '×',
        target: '≥ 0.9',
        ok: razaoRps >= 0.9,
        de: `${m(on, 'rps')} pedidos/s ÷ ${m(off, 'rps')} pedidos/s`,
      });
    } finally {
      await server.stop();
    }

    // --- Part 2: an endpoint down for 10 simulated minutes (a process of its own, server code) ---
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/test/webhooks-fora-do-ar.ts'], {
      cwd: join(REPO_ROOT, 'apps', 'server'),
      env: {
        ...process.env,
        DATABASE_URL: databaseFile,
        POR_MINUTO: String(POR_MINUTO),
        MINUTOS_FORA: String(MINUTOS_FORA),
      },
      maxBuffer: 1 << 20,
    });
    const f = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      eventos: number;
      recusadas: number;
      linhas: number;
      registradas: number;
      com2xx: number;
      copias: number;
      minutosAteUltima: number;
      segundosReais: number;
    };
    console.log(
      `  fora do ar: ${f.eventos} eventos, ${f.recusadas} tentativas recusadas (503); depois da volta ${f.registradas} de ${f.linhas} entregas registradas, ` +
        `${f.com2xx} eventos com 2xx, ${f.copias} cópias; última ${f.minutosAteUltima} min simulados após a volta (${f.segundosReais} s reais)`,
    );
    figures.push(
      {
        name: `eventos entregues após ${MINUTOS_FORA} min fora do ar (${POR_MINUTO}/min, tempo simulado)`,
        value: f.com2xx,
        unit: `de ${f.eventos}`,
        target: `${f.eventos}, nenhum perdido`,
        ok: f.com2xx === f.eventos && f.registradas === f.eventos && f.linhas === f.eventos,
      },
      {
        name: 'cópias entregues (mesmo Rango-Event-Id com 2xx mais de uma vez)',
        value: f.copias,
        unit: '',
        target: '0',
        ok: f.copias === 0,
      },
      {
        name: 'da volta do receptor à última entrega (agenda de novas tentativas, tempo simulado)',
        value: f.minutosAteUltima,
        unit: 'min',
        target: 'informativo (1 min × 2ⁿ, no máximo 1 h)',
        ok: true,
      },
    );
  } finally {
    await lento.fechar();
    tmp.remove();
  }
  return { bench: 'webhooks', figures };
}

if (isMain(import.meta.url)) {
  const result = await runWebhooks();
  console.log('\nWebhooks (receptor lento e fora do ar)');
  printFigures(result);
  saveResult(result);
  await pausa(0);
}
