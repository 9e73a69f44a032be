/**
 * Idle streams (issue 11, 7b): one instance (SQLite, the production build) holding 10,000 open
 * customer streams that only get heartbeats (every 15 s). Server RSS with them (target ≤ 250 MB)
 * and the menu GET p99 under load with them against the same run before they were opened
 * (target: within 20 %). Each menu run lasts longer than a heartbeat period, so a heartbeat
 * round over every stream falls inside it.
 */
import autocannon from 'autocannon';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { abrirClientes, openBenchDb, rssMb, startServerUlimit, tokensDeCliente } from './lib/events.ts';
import { isMain } from './lib/server.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const DURATION = Number(process.env.BENCH_IDLE_DURATION ?? 20);
const MENU_PATH = '/api/ead/api/estabelecimento/1/menu/';

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function menuP99(url: string): Promise<number> {
  const r = await autocannon({ url, connections: 10, duration: DURATION });
  if (r.errors > 0 || r.non2xx > 0) throw new Error(`cardápio: ${r.errors} erros, ${r.non2xx} não-2xx`);
  return r.latency.p99;
}

export async function runEventsIdle(): Promise<BenchResult> {
  const server = await startServerUlimit({});
  try {
    const menu = `${server.baseUrl}${MENU_PATH}`;
    await autocannon({ url: menu, connections: 10, duration: 2 }); // warm-up
    const rssSem = rssMb(server.pid);
    const p99Sem = await menuP99(menu);

    const db = openBenchDb(server.databaseFile);
    const ids = await db.clientes(STREAMS);
    await db.close();
    const clientes = await abrirClientes(
      [`${server.baseUrl}/api/ead/controle/eventos/`],
      await tokensDeCliente(ids),
    );
    try {
      if (clientes.aberto.falhas > 0)
        throw new Error(
          `${clientes.aberto.falhas} streams não abriram: ${JSON.stringify(clientes.aberto.motivos)}`,
        );
      // Every stream has had a heartbeat: the server holds them all, live.
      const limite = Date.now() + 40_000;
      while ((await clientes.batidas()) < STREAMS && Date.now() < limite) await pausa(1000);
      const batidas = await clientes.batidas();
      const rssCom = rssMb(server.pid);
      const p99Com = await menuP99(menu);
      const rssDepois = rssMb(server.pid);
      const razao = Math.round((p99Com / Math.max(p99Sem, 0.001)) * 100) / 100;
      return {
        bench: 'events-idle',
        figures: [
          {
            name: `memória do servidor com ${STREAMS} streams ociosos`,
            value: Math.max(rssCom, rssDepois),
            unit: 'MB RSS',
            target: '≤ 250 MB',
            ok: Math.max(rssCom, rssDepois) <= 250,
          },
          {
            name: 'memória do servidor sem streams',
            value: rssSem,
            unit: 'MB RSS',
            target: 'informativo',
            ok: true,
          },
          {
            name: 'heartbeats recebidos antes da medida',
            value: batidas,
            unit: 'heartbeats',
            target: `≥ ${STREAMS}`,
            ok: batidas >= STREAMS,
          },
          { name: 'cardápio p99 sem streams', value: p99Sem, unit: 'ms', target: 'informativo', ok: true },
          {
            name: `cardápio p99 com ${STREAMS} streams`,
            value: p99Com,
            unit: 'ms',
            target: 'informativo',
            ok: true,
          },
          {
            name: 'cardápio p99 com/sem streams',
            value: razao,
            unit: '×',
            target: '≤ 1,2',
            ok: razao <= 1.2,
          },
        ],
        details: { abertura: clientes.aberto },
      };
    } finally {
      await clientes.fechar();
    }
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const result = await runEventsIdle();
  console.log(`\nStreams ociosos: ${STREAMS} streams de clientes com heartbeats, cardápio ${DURATION} s`);
  printFigures(result);
  saveResult(result);
}
