/**
 * Live events (issue 11, 7a): 10,000 customer streams open (one per customer, as one tab each),
 * then operator actions through the operator API (an order of a random one of those customers
 * moved to Confirmado, 20 a second); latency from the action to the event arriving on that
 * customer's stream, p50/p99. On SQLite one instance; on PostgreSQL two instances on one
 * database with the streams split between them and every action sent to the first, so half the
 * events cross instances (NOTIFY wake-up). Targets: p99 ≤ 250 ms on SQLite, ≤ 500 ms on
 * PostgreSQL. Streams, the actions and the servers each run in their own process.
 */
import { STATUS } from '@rango/domain';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import {
  abrirClientes,
  freshPostgres,
  openBenchDb,
  percentil,
  rssMb,
  startServerUlimit,
  tokensDeCliente,
} from './lib/events.ts';
import { isMain, type ServerHandle } from './lib/server.ts';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const ACOES = Number(process.env.BENCH_ACOES ?? 200);
const INTERVALO_MS = 50;
const ESTABELECIMENTO = 1;

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));
const agora = () => performance.timeOrigin + performance.now();

function embaralhar<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

async function medir(
  servers: ServerHandle[],
  dbUrl: string,
  banco: string,
  metaMs: number,
): Promise<Figure[]> {
  const db = openBenchDb(dbUrl);
  const ids = await db.clientes(STREAMS);
  const indice = new Map(ids.map((id, i) => [id, i]));
  const alvos = embaralhar(ids).slice(0, ACOES);
  const pedidos = await db.pedidos(ESTABELECIMENTO, alvos);
  const chave = await db.chaveOperador(ESTABELECIMENTO);
  await db.close();
  const tokens = await tokensDeCliente(ids);
  const urls = servers.map((s) => `${s.baseUrl}/api/ead/controle/eventos/`);
  const clientes = await abrirClientes(urls, tokens);
  try {
    if (clientes.aberto.falhas > 0)
      throw new Error(
        `${clientes.aberto.falhas} streams não abriram: ${JSON.stringify(clientes.aberto.motivos)}`,
      );
    const rss = servers.map((s) => rssMb(s.pid));

    const enviados = new Map<number, { t0: number; stream: number }>();
    const latencias: number[] = [];
    const outraInstancia: number[] = [];
    let errados = 0;
    clientes.aoChegar((e) => {
      const env = e.idpedido === null ? undefined : enviados.get(e.idpedido);
      if (!env || env.stream !== e.stream) {
        errados++;
        return;
      }
      const ms = e.t - env.t0;
      latencias.push(ms);
      if (servers.length > 1 && e.stream % servers.length !== 0) outraInstancia.push(ms);
    });
    const api = `${servers[0]!.baseUrl}/api/ead/operador/pedido/`;
    for (const [k, idpedido] of pedidos.entries()) {
      const proximo = agora() + INTERVALO_MS;
      enviados.set(idpedido, { t0: agora(), stream: indice.get(alvos[k]!)! });
      const res = await fetch(`${api}${idpedido}/status/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${chave}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: STATUS.Confirmado }),
      });
      if (res.status !== 200) throw new Error(`operador: ${res.status} ${await res.text()}`);
      await pausa(Math.max(0, proximo - agora()));
    }
    const limite = agora() + 5000;
    while (latencias.length < ACOES && agora() < limite) await pausa(20);
    const p50 = Math.round(percentil(latencias, 50));
    const p99 = Math.round(percentil(latencias, 99));
    const figures: Figure[] = [
      {
        name: `eventos p50 ação→stream (${banco}, ${STREAMS} streams)`,
        value: p50,
        unit: 'ms',
        target: 'informativo',
        ok: true,
      },
      {
        name: `eventos p99 ação→stream (${banco}, ${STREAMS} streams)`,
        value: p99,
        unit: 'ms',
        target: `≤ ${metaMs} ms`,
        ok: p99 <= metaMs,
      },
      {
        name: `eventos entregues (${banco})`,
        value: latencias.length,
        unit: `de ${ACOES}`,
        target: `${ACOES}, nenhum em stream errado`,
        ok: latencias.length === ACOES && errados === 0,
      },
      {
        name: `abertura de ${STREAMS} streams (${banco})`,
        value: clientes.aberto.ms,
        unit: 'ms',
        target: 'informativo',
        ok: true,
      },
      ...servers.map((_, i) => ({
        name: `memória do servidor ${servers.length > 1 ? `${i + 1} ` : ''}com os streams (${banco})`,
        value: rss[i]!,
        unit: 'MB RSS',
        target: 'informativo',
        ok: true,
      })),
    ];
    if (outraInstancia.length > 0) {
      figures.push({
        name: `eventos p99 vindos da outra instância (${banco})`,
        value: Math.round(percentil(outraInstancia, 99)),
        unit: 'ms',
        target: 'informativo',
        ok: true,
      });
    }
    return figures;
  } finally {
    await clientes.fechar();
  }
}

export async function runEventsLatency(): Promise<BenchResult> {
  const figures: Figure[] = [];
  if (!process.env.BENCH_SKIP_SQLITE) {
    const sqlite = await startServerUlimit({});
    try {
      figures.push(...(await medir([sqlite], sqlite.databaseFile, 'SQLite', 250)));
    } finally {
      await sqlite.stop();
    }
  }
  const pgUrl = process.env.BENCH_SKIP_PG ? null : freshPostgres('rango_bench_eventos');
  if (pgUrl) {
    // The first instance migrates and seeds; the second starts on the ready database.
    const a = await startServerUlimit({ DATABASE_URL: pgUrl }, pgUrl);
    try {
      const b = await startServerUlimit({ DATABASE_URL: pgUrl }, pgUrl);
      try {
        figures.push(...(await medir([a, b], pgUrl, 'PostgreSQL, 2 instâncias', 500)));
      } finally {
        await b.stop();
      }
    } finally {
      await a.stop();
    }
  }
  return { bench: 'events-latency', figures };
}

if (isMain(import.meta.url)) {
  const result = await runEventsLatency();
  console.log(`\nEventos ao vivo: ${STREAMS} streams de clientes, ${ACOES} ações do operador`);
  printFigures(result);
  saveResult(result);
}
