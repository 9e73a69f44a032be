/**
 * What the production-layout tests share (producao.e2e.ts, producao-falhas.e2e.ts): the reason
 * to skip them, an instance as deploy-local prints it, JSON posts, a confirmed customer made
 * through the balancer, deploy-local run as a child.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { expect } from 'vitest';
import { REPO_ROOT, waitForExit } from './processes.ts';

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
export const PG_URL = process.env.TEST_DATABASE_URL;

/** Why `arquivo`'s tests cannot run here (printed), or null: they need HAProxy and a PostgreSQL. */
export function motivoParaPular(arquivo: string): string | null {
  let motivo: string | null = null;
  if (!HAPROXY) motivo = 'HAProxy não instalado (apt-get install -y haproxy)';
  else if (!PG_URL) motivo = 'sem PostgreSQL (TEST_DATABASE_URL não definido)';
  else {
    const r = spawnSync('pg_isready', ['-d', PG_URL, '-q']);
    if (r.error === undefined && r.status !== 0) motivo = `PostgreSQL não responde em ${PG_URL}`;
  }
  if (motivo) console.log(`${arquivo}: pulado — ${motivo}`);
  return motivo;
}

/** One instance of deploy-local's 'instancia <nome> pid=<pid> <url>' lines. */
export interface Instancia {
  nome: string;
  pid: number;
  url: string;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const pronta = (i: Instancia) =>
  fetch(`${i.url}/readyz`).then(
    (r) => r.ok,
    () => false,
  );

export async function postJson(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/**
 * A customer signed up, confirmed (the outbox link read from the database) and logged in through
 * the balancer `lb`; `email` must be new.
 */
export async function clienteConfirmado(
  lb: string,
  pool: pg.Pool,
  d: { email: string; senha: string; nome: string },
): Promise<{ email: string; senha: string; access: string; refresh: string }> {
  const { email, senha } = d;
  const cad = await postJson(`${lb}/api/ead/controle/cliente/`, {
    nomeourazaosocial: d.nome,
    email,
    telefone: '11987654321',
    senha,
    confirm: senha,
  });
  expect(cad.status, await cad.clone().text()).toBe(201);
  const row = await pool.query<{ link: string }>(
    'select link from mail_outbox where para = $1 order by id desc limit 1',
    [email],
  );
  const [uuid, token] = new URL(row.rows[0]!.link).pathname.split('/').slice(2);
  const conf = await fetch(`${lb}/api/ead/controle/cliente/${uuid}/confirmar/${token}/`, { method: 'POST' });
  expect(conf.status).toBe(200);
  const login = await postJson(`${lb}/api/ead/controle/token/`, { email, senha });
  expect(login.status).toBe(200);
  return { email, senha, ...((await login.json()) as { access: string; refresh: string }) };
}

/** `npm run deploy:local -- <n>` as a child, with its output read line by line. */
export function deploy(n: number, env: Record<string, string>) {
  let saida = '';
  const instancias: Instancia[] = [];
  /** Each instance's exit as the script reported it: when it was read, and its code and signal. */
  const saidas = new Map<string, { em: number; como: string }>();
  const script: ChildProcess = spawn(process.execPath, ['scripts/deploy-local.mjs', String(n)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
      DEMO_SIMULATOR: '0',
      PAGAMENTOS_CONCILIAR_SEGUNDOS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const s of [script.stdout!, script.stderr!]) {
    createInterface({ input: s }).on('line', (l) => {
      saida += `${l}\n`;
      const m = /^instancia (\S+) pid=(\d+) (\S+)$/.exec(l);
      if (m) instancias.push({ nome: m[1]!, pid: Number(m[2]), url: m[3]! });
      const saiu = /^instancia-saiu (\S+) (.*)$/.exec(l);
      if (saiu) saidas.set(saiu[1]!, { em: Date.now(), como: saiu[2]! });
    });
  }
  const linhas = (re: RegExp) => saida.split('\n').filter((l) => re.test(l));
  return {
    instancias,
    saidas,
    linhas,
    saida: () => saida,
    /** Waits for a line (or throws with the output). */
    async esperar(re: RegExp, ms = 120_000): Promise<string> {
      const prazo = Date.now() + ms;
      for (;;) {
        const l = linhas(re)[0];
        if (l !== undefined) return l;
        if (script.exitCode !== null) throw new Error(`deploy-local saiu (${script.exitCode}):\n${saida}`);
        if (Date.now() > prazo) throw new Error(`esperando ${re}:\n${saida.slice(-4000)}`);
        await sleep(100);
      }
    },
    async parar(): Promise<void> {
      if (script.exitCode !== null) return;
      script.kill('SIGTERM');
      if (!(await waitForExit(script, 40_000))) script.kill('SIGKILL');
    },
  };
}

export type Implantacao = ReturnType<typeof deploy>;

/** Every instance's /readyz answering 200 (the balancer needed only one), checked every 200 ms. */
export async function esperarProntas(d: Implantacao, tentativas: number): Promise<void> {
  for (const i of d.instancias) {
    for (let t = 0; !(await pronta(i)); t++) {
      if (t > tentativas) throw new Error(`${i.nome} não ficou pronta:\n${d.saida().slice(-3000)}`);
      await sleep(200);
    }
  }
}
