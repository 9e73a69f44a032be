import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import type { Config } from '../config.ts';
import { pgPoolOf } from '../db/index.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from './errors.ts';

/**
 * Prometheus metrics (prom-client), one registry per process: what an instance did since it
 * started, scraped from GET /metrics (protected, see metricsAllowed). Modules count their own
 * events through `metricas` (a counter's inc is a few object lookups; nothing here touches the
 * database or blocks). Label values come from closed sets (route patterns, status codes, the
 * domain's refusal codes), never from raw URLs or user input, so the series stay few.
 */
export const registro = new client.Registry();

const pools = new Set<{ totalCount: number; idleCount: number; waitingCount: number }>();

/**
 * The menu's fast path (app.ts serverFactory) answers before Fastify, where a histogram per
 * request would cost the benchmarked path: it bumps a plain number, read at scrape time.
 */
export const menuRapido = { respostas: 0 };

export const metricas = {
  http: new client.Histogram({
    name: 'rango_http_request_duration_seconds',
    help: 'Duração das respostas HTTP por rota (o padrão da rota, não a URL), método e status; _count é o número de requisições',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registro],
  }),
  menuRapido: new client.Counter({
    name: 'rango_menu_fast_path_responses_total',
    help: 'Cardápios respondidos pelo caminho rápido, antes do Fastify (fora do histograma HTTP)',
    registers: [registro],
    collect() {
      this.reset();
      this.inc(menuRapido.respostas);
    },
  }),
  pedidos: new client.Counter({
    name: 'rango_pedidos_total',
    help: 'Pedidos: aceitos e recusados, com o código da recusa (105/…, 106/501, campo:<nome>, http-<status>)',
    labelNames: ['resultado', 'codigo'] as const,
    registers: [registro],
  }),
  pagamentos: new client.Counter({
    name: 'rango_pagamentos_total',
    help: 'Pagamentos online por desfecho: cada mudança de estado de uma tentativa, pelo novo estado (pendente, pago, negado, expirado, incerto, estorno_pendente, estornado)',
    labelNames: ['estado'] as const,
    registers: [registro],
  }),
  tarefas: new client.Counter({
    name: 'rango_tarefas_total',
    help: 'Execuções das tarefas periódicas (modules/jobs: conciliar-pagamentos, simulador, limpar-eventos, relatorio-pendentes) nesta instância, por resultado',
    labelNames: ['tarefa', 'resultado'] as const,
    registers: [registro],
  }),
  /** Open event streams (SSE): the events module calls inc() when one opens and dec() when it ends. */
  streamsAbertos: new client.Gauge({
    name: 'rango_streams_abertos',
    help: 'Streams de eventos (SSE) abertos nesta instância',
    registers: [registro],
  }),
  dbPool: new client.Gauge({
    name: 'rango_db_pool_conexoes',
    help: 'Pool do PostgreSQL: conexões abertas (total), ociosas e pedidos esperando uma conexão',
    labelNames: ['estado'] as const,
    registers: [registro],
    collect() {
      let total = 0;
      let ociosas = 0;
      let esperando = 0;
      for (const p of pools) {
        total += p.totalCount;
        ociosas += p.idleCount;
        esperando += p.waitingCount;
      }
      this.set({ estado: 'total' }, total);
      this.set({ estado: 'ociosas' }, ociosas);
      this.set({ estado: 'esperando' }, esperando);
    },
  }),
};

/** Counts one run of a periodic job (ok or failed) and passes its outcome on. */
export async function contarTarefa<T>(tarefa: string, run: Promise<T>): Promise<T> {
  try {
    const value = await run;
    metricas.tarefas.inc({ tarefa, resultado: 'ok' });
    return value;
  } catch (e) {
    metricas.tarefas.inc({ tarefa, resultado: 'falha' });
    throw e;
  }
}

const CAMPO = /^[a-z_]{1,40}$/;

/** The refusal's code as a label: the domain's codigo (and 106's inner one), the field, or the status. */
export function codigoDaRecusa(e: unknown): string {
  if (!(e instanceof HttpError)) return 'erro';
  const { codigo, extra } = e.body;
  if (typeof codigo === 'number') {
    const interno = (extra as { codigo?: unknown } | undefined)?.codigo;
    return typeof interno === 'number' ? `${codigo}/${interno}` : String(codigo);
  }
  const campo = Object.keys(e.body).find((k) => CAMPO.test(k) && k !== 'detail');
  return e.statusCode === 400 && campo ? `campo:${campo}` : `http-${e.statusCode}`;
}

/** Counts an order placement: accepted, or refused with its code (the refusal goes on). */
export async function contarPedido<T>(placement: Promise<T>): Promise<T> {
  try {
    const criado = await placement;
    metricas.pedidos.inc({ resultado: 'aceito', codigo: '' });
    return criado;
  } catch (e) {
    metricas.pedidos.inc({ resultado: 'recusado', codigo: codigoDaRecusa(e) });
    throw e;
  }
}

let defaultsOn = false;

/** Presets as proxy-addr spells them (TRUST_PROXY accepts the same names). */
const PRESETS: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

export function allowList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => PRESETS[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function checkAddress(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return list.check(v4, 'ipv4');
  return isIP(address) === 6 && list.check(address, 'ipv6');
}

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Who may read /metrics: a bearer METRICS_TOKEN, or a client inside METRICS_ALLOW (default
 * loopback). A request that came through a proxy (it carries forwarding headers) is judged by
 * the client the trusted proxies name (req.ip, TRUST_PROXY); with no proxy trusted it cannot be
 * judged and is refused: otherwise a balancer on the same host would make every outside client
 * look like loopback.
 */
export function metricsAllowed(
  req: FastifyRequest,
  config: Pick<Config, 'metrics' | 'trustProxy'>,
  list: BlockList,
): boolean {
  const token = config.metrics.token;
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string' && auth.startsWith('Bearer ') && sameSecret(auth.slice(7), token))
    return true;
  const h = req.headers;
  const proxied =
    h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
  if (proxied) return config.trustProxy !== false && checkAddress(list, req.ip);
  return checkAddress(list, req.socket.remoteAddress);
}

/**
 * Wires the metrics into an app: the request histogram (onResponse, on every Fastify route),
 * the pool's gauge when the database is PostgreSQL, the process's default metrics (CPU, memory,
 * event-loop lag, GC) once per process, and GET /metrics at the root.
 */
export function registerMetrics(app: FastifyInstance, config: Config, db: Db): void {
  if (!defaultsOn) {
    defaultsOn = true;
    client.collectDefaultMetrics({ register: registro });
  }
  const pool = pgPoolOf(db);
  if (pool) {
    pools.add(pool);
    app.addHook('onClose', async () => {
      pools.delete(pool);
    });
  }
  app.addHook('onResponse', async (req, reply) => {
    metricas.http.observe(
      {
        method: req.method,
        // The route's pattern ('/api/ead/controle/pedido/:id/'); unmatched paths share one label.
        route: req.routeOptions.url ?? 'nao-encontrada',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  const list = allowList(config.metrics.allow);
  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    if (!metricsAllowed(req, config, list)) {
      req.log.warn('/metrics recusado: fora de METRICS_ALLOW e sem METRICS_TOKEN');
      return reply.code(403).send({ detail: 'Acesso negado.' });
    }
    return reply
      .header('content-type', registro.contentType)
      .header('cache-control', 'no-store')
      .send(await registro.metrics());
  });
}
