/**
 * Issue 13 part 7: orders/s and latency through HAProxy with 1, 2 and 3 instances on one
 * PostgreSQL (`npm run deploy:local`, deploy/haproxy.cfg), and the latency the balancer adds
 * against a direct connection to the same single instance. Run alone:
 * `node --import tsx bench/src/balancer.ts` (after `npm run build`).
 *
 * On this 2-core machine the instances, HAProxy, PostgreSQL and the load generator share two
 * cores: more instances cannot add CPU, so the figures show the layout's overhead and that it
 * holds up, not horizontal scaling. Nothing is asserted.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { novoNumeroPedido, type PedidoInput } from '@rango/domain';
import { confirmedCustomer, login } from './lib/customer.ts';
import type { BenchResult, Figure } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { REPO_ROOT, freePort, isMain, waitForExit } from './lib/server.ts';
import { montarPedidoApi } from '@rango/e2e/pedido-api';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 20;
const ESTABELECIMENTO = 1;
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'rango_bench_balanceador';

interface Implantacao {
  lb: string;
  instancias: string[];
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm run deploy:local -- n` on a fresh database, ready on every instance. */
async function implantar(n: number): Promise<Implantacao> {
  for (const sqlText of [`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`, `CREATE DATABASE ${PG_DB}`]) {
    execFileSync('psql', [PG_ADMIN, '-qc', sqlText], { stdio: 'pipe' });
  }
  const [lbPort, statsPort] = [await freePort(), await freePort()];
  const basePort = 20_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(process.execPath, ['scripts/deploy-local.mjs', String(n)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: PG_ADMIN.replace(/\/[^/]*$/, `/${PG_DB}`),
      LB_PORT: String(lbPort),
      STATS_PORT: String(statsPort),
      BASE_PORT: String(basePort),
      RATE_LIMIT: '0',
      LOG_LEVEL: 'info',
      DEMO_SIMULATOR: '0',
      ACCESS_TOKEN_TTL: '3600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  for (const s of [child.stdout!, child.stderr!]) {
    // HAProxy logs a line per request: keep only what is needed (the confirmation link, states).
    createInterface({ input: s }).on('line', (l) => {
      if (!l.startsWith('[haproxy] 127.0.0.1:')) out += `${l}\n`;
    });
  }
  const deadline = Date.now() + 180_000;
  while (!/^pronto /m.test(out)) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`deploy-local falhou:\n${out.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const instancias = [...out.matchAll(/^instancia \S+ pid=\d+ (\S+)$/gm)].map((m) => m[1]!);
  for (const url of instancias) {
    while (
      !(await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`${url} não ficou pronta`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    lb: `http://127.0.0.1:${lbPort}`,
    instancias,
    output: () => out,
    async stop() {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 40_000))) child.kill('SIGKILL');
    },
  };
}

async function carga(url: string, pedido: PedidoInput, token: string, duration: number) {
  let erros = 0;
  const r = await autocannon({
    url: `${url}/api/ead/api/estabelecimento/${ESTABELECIMENTO}/pedido/`,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ ...pedido, pedido_id: randomUUID(), numero_pedido: novoNumeroPedido() }),
        }),
        onResponse: (status) => {
          if (status !== 201) erros++;
        },
      },
    ],
  });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    erros: erros + r.errors,
  };
}

export async function runBalancer(): Promise<BenchResult> {
  const figures: Figure[] = [];
  const info = (name: string, value: number, unit: string) =>
    figures.push({ name, value, unit, target: 'informativo', ok: true });
  for (const n of [1, 2, 3]) {
    const d = await implantar(n);
    try {
      const { email, senha } = await confirmedCustomer(d.lb, d.output);
      const token = await login(d.lb, email, senha);
      const pedido = await montarPedidoApi(d.lb, token);
      await carga(d.lb, pedido, token, 2); // warm-up
      const viaLb = await carga(d.lb, pedido, token, DURATION);
      if (viaLb.erros) throw new Error(`${n} instância(s): ${viaLb.erros} respostas não-201`);
      info(`pedidos/s pelo HAProxy, ${n} instância(s)`, viaLb.rps, 'pedidos/s');
      info(`p99 pelo HAProxy, ${n} instância(s)`, viaLb.p99, 'ms');
      if (n === 1) {
        const direto = await carga(d.instancias[0]!, pedido, token, DURATION);
        info('pedidos/s direto na instância (1)', direto.rps, 'pedidos/s');
        info('p99 direto na instância (1)', direto.p99, 'ms');
        info(
          'p50 acrescentado pelo balanceador (1 instância)',
          Math.round((viaLb.p50 - direto.p50) * 10) / 10,
          'ms',
        );
        info(
          'p99 acrescentado pelo balanceador (1 instância)',
          Math.round((viaLb.p99 - direto.p99) * 10) / 10,
          'ms',
        );
      }
    } finally {
      await d.stop();
    }
  }
  execFileSync('psql', [PG_ADMIN, '-qc', `DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`], { stdio: 'pipe' });
  return { bench: 'balancer', figures, details: { conexoes: CONNECTIONS, duracao_s: DURATION, nucleos: 2 } };
}

if (isMain(import.meta.url)) {
  const result = await runBalancer();
  printFigures(result);
  saveResult(result);
}
