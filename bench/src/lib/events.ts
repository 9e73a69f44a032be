/**
 * The live-event benchmarks' helpers: servers and the SSE client process started with a raised
 * file-descriptor limit (inside the script, never on the machine), bench data written straight
 * to the database (10,000 customers through sign-up and argon2 would take minutes), and access
 * tokens signed with the server's configured JWT_SECRET.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pedidoGravadoSchema, STATUS } from '@rango/domain';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import pg from 'pg';
import { ensureServerBuild } from '@rango/e2e/processes';
import {
  REPO_ROOT,
  freePort,
  serveNodeFlags,
  stopChild,
  tempDir,
  waitForUrl,
  type ServerHandle,
} from './server.ts';

export const JWT_SECRET = 'segredo-do-benchmark-de-eventos-32-caracteres';
const PG_ADMIN = process.env.BENCH_PG_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * `bash -c 'ulimit -n …; exec node …'`: the limit is raised for that process alone (to the hard
 * limit when 65,536 is above it); `exec` keeps the pid, so /proc/<pid> is the node process.
 */
function spawnComUlimit(args: string[], env: Record<string, string | undefined>): ChildProcess {
  const cmd = [process.execPath, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return spawn('bash', ['-c', `ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec ${cmd}`], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/**
 * `npm run serve`'s flags, but with a 256 MiB old space: at ~9 KB of heap per open stream,
 * 10,000 streams do not fit serve's 128 MiB cap (the server dies of heap exhaustion near 9,400).
 * An instance meant to hold that many streams needs this flag; the figures say so.
 */
export const OLD_SPACE_EVENTOS_MB = 256;
function nodeFlagsEventos(): string[] {
  return serveNodeFlags().map((f) =>
    f.startsWith('--max-old-space-size=') ? `--max-old-space-size=${OLD_SPACE_EVENTOS_MB}` : f,
  );
}

/** The production build (as `npm run serve` runs it, see nodeFlagsEventos) with a raised fd limit. */
export async function startServerUlimit(
  env: Record<string, string>,
  databaseUrl?: string,
): Promise<ServerHandle> {
  ensureServerBuild();
  const tmp = tempDir('rango-eventos-');
  const databaseFile = databaseUrl ?? join(tmp.dir, 'rango.db');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawnComUlimit([...nodeFlagsEventos(), 'apps/server/dist/main.mjs'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseFile,
    DEMO_ALWAYS_OPEN: '1',
    DEMO_SIMULATOR: '0',
    WEB_DIST: join(tmp.dir, 'sem-web'),
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    ...env,
  });
  child.stdin?.end();
  child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
  const stop = async () => {
    await stopChild(child);
    tmp.remove();
  };
  try {
    await waitForUrl(`${baseUrl}/api/ead/health`, child, 60_000, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseFile, pid: child.pid, output: () => log, stop };
}

/** A fresh PostgreSQL database for one benchmark, or null when PostgreSQL is not there. */
export function freshPostgres(nome: string): string | null {
  try {
    for (const sqlText of [`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`, `CREATE DATABASE ${nome}`]) {
      execFileSync('psql', [PG_ADMIN, '-qc', sqlText], { stdio: 'pipe' });
    }
    return PG_ADMIN.replace(/\/[^/]*$/, `/${nome}`);
  } catch (error) {
    console.error(`PostgreSQL indisponível para o benchmark: ${(error as Error).message.split('\n')[0]}`);
    return null;
  }
}

export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** A valid stored order (the operator API reads it back through the domain's schema). */
function pedidoJson(idestabelecimento: number, referencia: string): string {
  return JSON.stringify(
    pedidoGravadoSchema.parse({
      pedido_id: randomUUID(),
      entregue_as: null,
      ajuste: 0,
      desconto: 0,
      cliente: {
        cpf: null,
        external_id: randomUUID(),
        nome: 'Bench',
        telefone: '11987654321',
        endereco: null,
      },
      cpf_pagador: null,
      deliveryestabelecimento_id: idestabelecimento,
      itens: [
        {
          produto_id: 1,
          descricao: 'Pizza',
          quantidade: 1,
          preco_unit: 3990,
          preco_total: 3990,
          ajuste: 0,
          observacoes: '',
          subitens: [],
        },
      ],
      observacoes: '',
      numero_pedido: Number(referencia),
      origem: 'web',
      pagamentos: [
        {
          descricaoFormaPgto: 'Dinheiro',
          formapgto_id: 1,
          formapgto_sttipopgto: 0,
          pre_pago: false,
          tipo: null,
          troco_para: 5000,
          valor: 3990,
        },
      ],
      previsaoentregamax: 50,
      previsaoentregamin: 30,
      subtotal: 3990,
      taxa_entrega: null,
      tipo: 'TOGO',
      total: 3990,
      endereco_togo: null,
      codigo_cupom: null,
      cupom: null,
      abono_taxa_entrega: null,
    }),
  );
}

/** Bench rows written straight into the server's database (SQLite file or PostgreSQL URL). */
export interface BenchDb {
  /** n confirmed customers; their ids. */
  clientes(n: number): Promise<number[]>;
  /** One takeaway order in Realizado per customer given; their ids, in the same order. */
  pedidos(idestabelecimento: number, idclientes: number[]): Promise<number[]>;
  /** An operator API key of the establishment. */
  chaveOperador(idestabelecimento: number): Promise<string>;
  close(): Promise<void>;
}

const linhaPedido = (idestabelecimento: number, idcliente: number, n: number) => {
  const agora = new Date().toISOString();
  const referencia = String(1000 + (n % 9000));
  const json = pedidoJson(idestabelecimento, referencia);
  return {
    pedido_id: (JSON.parse(json) as { pedido_id: string }).pedido_id,
    idcliente,
    idestabelecimento,
    referencia,
    tipo: 'TOGO',
    status: STATUS.Realizado,
    subtotal: 3990,
    desconto: 0,
    total: 3990,
    pedido_json: json,
    dthrpedido: agora,
    atualizado_em: agora,
  };
};

export function openBenchDb(url: string): BenchDb {
  const chave = () => `rop_${randomBytes(32).toString('base64url')}`;
  const hash = (c: string) => createHash('sha256').update(c).digest('hex');
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    return {
      async clientes(n) {
        const tag = randomUUID().slice(0, 8);
        const r = await pool.query<{ id: number }>(
          `insert into cliente (uuid, nomeourazaosocial, email, telefone, confirmado, criado_em)
           select gen_random_uuid()::text, 'Bench', 'bench-' || $1 || '-' || g || '@exemplo.com.br',
                  '11987654321', 1, now()::text
           from generate_series(1, $2::int) g returning id`,
          [tag, n],
        );
        return r.rows.map((x) => Number(x.id));
      },
      async pedidos(idestabelecimento, idclientes) {
        const ids: number[] = [];
        for (const [n, idcliente] of idclientes.entries()) {
          const p = linhaPedido(idestabelecimento, idcliente, n);
          const r = await pool.query<{ id: number }>(
            `insert into pedido (pedido_id, idcliente, idestabelecimento, referencia, tipo, status, subtotal,
               desconto, total, pedido_json, dthrpedido, atualizado_em)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
            [
              p.pedido_id,
              p.idcliente,
              p.idestabelecimento,
              p.referencia,
              p.tipo,
              p.status,
              p.subtotal,
              p.desconto,
              p.total,
              p.pedido_json,
              p.dthrpedido,
              p.atualizado_em,
            ],
          );
          const id = Number(r.rows[0]!.id);
          await pool.query('insert into pedido_historico (idpedido, status, datahora) values ($1, $2, $3)', [
            id,
            p.status,
            p.dthrpedido,
          ]);
          ids.push(id);
        }
        return ids;
      },
      async chaveOperador(idestabelecimento) {
        const c = chave();
        await pool.query(
          'insert into operador_token (idestabelecimento, nome, token_hash, criado_em) values ($1, $2, $3, $4)',
          [idestabelecimento, 'bench', hash(c), new Date().toISOString()],
        );
        return c;
      },
      close: () => pool.end(),
    };
  }
  const db = new Database(url);
  db.pragma('busy_timeout = 5000');
  return {
    async clientes(n) {
      const tag = randomUUID().slice(0, 8);
      const ins = db.prepare(
        `insert into cliente (uuid, nomeourazaosocial, email, telefone, confirmado, criado_em)
         values (?, 'Bench', ?, '11987654321', 1, ?) returning id`,
      );
      const agora = new Date().toISOString();
      return db.transaction(() =>
        Array.from(
          { length: n },
          (_, i) => (ins.get(randomUUID(), `bench-${tag}-${i}@exemplo.com.br`, agora) as { id: number }).id,
        ),
      )();
    },
    async pedidos(idestabelecimento, idclientes) {
      const ins = db.prepare(
        `insert into pedido (pedido_id, idcliente, idestabelecimento, referencia, tipo, status, subtotal,
           desconto, total, pedido_json, dthrpedido, atualizado_em)
         values (@pedido_id, @idcliente, @idestabelecimento, @referencia, @tipo, @status, @subtotal,
           @desconto, @total, @pedido_json, @dthrpedido, @atualizado_em) returning id`,
      );
      const hist = db.prepare('insert into pedido_historico (idpedido, status, datahora) values (?, ?, ?)');
      return db.transaction(() =>
        idclientes.map((idcliente, n) => {
          const p = linhaPedido(idestabelecimento, idcliente, n);
          const { id } = ins.get(p) as { id: number };
          hist.run(id, p.status, p.dthrpedido);
          return id;
        }),
      )();
    },
    async chaveOperador(idestabelecimento) {
      const c = chave();
      db.prepare(
        'insert into operador_token (idestabelecimento, nome, token_hash, criado_em) values (?, ?, ?, ?)',
      ).run(idestabelecimento, 'bench', hash(c), new Date().toISOString());
      return c;
    },
    close: async () => {
      db.close();
    },
  };
}

/** Customer access tokens as the server signs them (same secret, issuer, audience and kind). */
export async function tokensDeCliente(ids: number[], validadeSegundos = 3 * 3600): Promise<string[]> {
  const key = new TextEncoder().encode(JWT_SECRET);
  const exp = Math.floor(Date.now() / 1000) + validadeSegundos;
  return Promise.all(
    ids.map((id) =>
      new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(id))
        .setIssuer('rango')
        .setAudience('rango-api')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key),
    ),
  );
}

export interface ChegadaEvento {
  stream: number;
  idpedido: number | null;
  t: number;
}

/** The SSE client process (sse-clients.ts) with its own raised fd limit. */
export interface ClientesSse {
  pid: number | undefined;
  aberto: { n: number; falhas: number; motivos: Record<string, number>; ms: number };
  /** Called for every event as it arrives. */
  aoChegar(fn: (e: ChegadaEvento) => void): void;
  batidas(): Promise<number>;
  fechar(): Promise<void>;
}

export async function abrirClientes(
  urls: string[],
  tokens: string[],
  concorrencia = 200,
): Promise<ClientesSse> {
  const child = spawnComUlimit(['--import', 'tsx', 'bench/src/lib/sse-clients.ts'], {});
  let erro = '';
  child.stderr?.on('data', (c: Buffer) => (erro += c.toString()));
  const ouvintes: ((e: ChegadaEvento) => void)[] = [];
  const esperando: ((o: Record<string, unknown>) => boolean)[] = [];
  const linhas = createInterface({ input: child.stdout! });
  linhas.on('line', (linha) => {
    const o = JSON.parse(linha) as Record<string, unknown>;
    if (o.tipo === 'evento') for (const f of ouvintes) f(o as unknown as ChegadaEvento);
    for (const [i, f] of esperando.entries()) {
      if (f(o)) {
        esperando.splice(i, 1);
        break;
      }
    }
  });
  const esperar = (tipo: string, ms: number) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`clientes SSE: '${tipo}' não veio; ${erro}`)), ms);
      child.once('exit', (code) => reject(new Error(`clientes SSE terminaram (${code}): ${erro}`)));
      esperando.push((o) => {
        if (o.tipo !== tipo) return false;
        clearTimeout(timer);
        resolve(o);
        return true;
      });
    });
  const aberto = esperar('aberto', 300_000);
  child.stdin!.write(`${JSON.stringify({ urls, tokens, concorrencia })}\n`);
  const a = (await aberto) as ClientesSse['aberto'];
  return {
    pid: child.pid,
    aberto: a,
    aoChegar: (fn) => ouvintes.push(fn),
    async batidas() {
      const r = esperar('batidas', 10_000);
      child.stdin!.write('batidas\n');
      return Number((await r).n);
    },
    async fechar() {
      child.stdin!.write('fechar\n');
      await stopChild(child);
    },
  };
}

export function percentil(valores: number[], p: number): number {
  const s = [...valores].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}
