// `npm run deploy:local -- [N]`: N instances (default 3) of the built server on loopback ports,
// all on one PostgreSQL, behind HAProxy configured from deploy/haproxy.cfg. For trying the
// production layout on one machine (docs/deploy.md); Ctrl-C stops everything.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/rango_local, created
// when missing), LB_PORT (8080), BASE_PORT (3101: the instances get 3101, 3102, …), STATS_PORT
// (8404, HAProxy's status page on loopback), MIGRATE_ON_START (default 1: every instance tries, one
// migrates under the PostgreSQL lock). Any other variable reaches the instances unchanged.
//
// Lines printed for scripts (the e2e test reads them): `instancia <name> pid=<pid> <url>`, and
// `pronto <balancer url>` once the balancer answers /readyz.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const N = Number(process.argv[2] ?? 3);
if (!Number.isInteger(N) || N < 1 || N > 20) {
  console.error('Uso: npm run deploy:local -- <número de instâncias, 1 a 20>');
  process.exit(2);
}
const env = process.env;
const DATABASE_URL = env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/rango_local';
const LB_PORT = Number(env.LB_PORT || 8080);
const BASE_PORT = Number(env.BASE_PORT || 3101);
const STATS_PORT = Number(env.STATS_PORT || 8404);
if (!/^postgres(ql)?:\/\//i.test(DATABASE_URL)) {
  console.error(
    'deploy:local precisa de um DATABASE_URL postgres://… (várias instâncias não dividem um arquivo SQLite).',
  );
  process.exit(2);
}
const haproxyBin = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)) ?? 'haproxy';
if (spawnSync(haproxyBin, ['-v']).status !== 0) {
  console.error('HAProxy não encontrado: apt-get install -y haproxy');
  process.exit(2);
}

/** The HAProxy config of deploy/haproxy.cfg with this machine's ports. */
function haproxyLocal(source, { lbPort, statsPort, servers }) {
  const out = [];
  let backend = false;
  for (const line of source.split('\n')) {
    if (/^\S/.test(line)) backend = /^backend\s+rango\b/.test(line);
    if (/^\s+bind\s+:8080\b/.test(line)) {
      out.push(`    bind 127.0.0.1:${lbPort}`);
      continue;
    }
    if (backend && /^\s+server\s/.test(line)) {
      if (!out.some((l) => l.startsWith('    server '))) {
        servers.forEach((s) => out.push(`    server ${s.name} 127.0.0.1:${s.port} check`));
      }
      continue;
    }
    out.push(line);
  }
  out.push(
    '',
    'listen stats',
    `    bind 127.0.0.1:${statsPort}`,
    '    stats enable',
    '    stats uri /',
    '    stats refresh 2s',
    '',
  );
  return out.join('\n');
}

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (r.rowCount === 0) {
      await c.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`Banco ${name} criado.`);
    }
  } finally {
    await c.end();
  }
}

function prefixed(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
}

const children = [];
let stopping = false;

async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('Encerrando instâncias e balanceador…');
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const deadline = Date.now() + 30_000;
  while (
    children.some(({ child }) => child.exitCode === null && child.signalCode === null) &&
    Date.now() < deadline
  ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const { child } of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function main() {
  if (
    !existsSync(join(ROOT, 'apps/server/dist/main.mjs')) ||
    !existsSync(join(ROOT, 'apps/web/dist/index.html'))
  ) {
    console.log('Build ausente: npm run build…');
    const b = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (b.status !== 0) process.exit(1);
  }
  await ensureDatabase(DATABASE_URL);

  const servers = Array.from({ length: N }, (_, i) => ({ name: `app${i + 1}`, port: BASE_PORT + i }));
  const dir = mkdtempSync(join(tmpdir(), 'rango-haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    haproxyLocal(readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8'), {
      lbPort: LB_PORT,
      statsPort: STATS_PORT,
      servers,
    }),
  );
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const check = spawnSync(haproxyBin, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
  if (check.status !== 0) {
    console.error(`Configuração do HAProxy inválida:\n${check.stdout}${check.stderr}`);
    process.exit(1);
  }

  for (const s of servers) {
    // The flags of `npm run serve`.
    const child = spawn(
      process.execPath,
      ['--max-semi-space-size=8', '--max-old-space-size=128', 'apps/server/dist/main.mjs'],
      {
        cwd: ROOT,
        env: {
          // The flags' environment too: photo decoding's freed memory is not kept per thread.
          MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
          ...env,
          DATABASE_URL,
          PORT: String(s.port),
          HOST: '127.0.0.1',
          TRUST_PROXY: env.TRUST_PROXY ?? '1',
          SHUTDOWN_DELAY_MS: env.SHUTDOWN_DELAY_MS ?? '3000',
          PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${LB_PORT}`,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    children.push({ name: s.name, child });
    prefixed(child, s.name);
    child.on('exit', (code, signal) => {
      if (!stopping) console.log(`instancia-saiu ${s.name} code=${code} signal=${signal}`);
    });
    console.log(`instancia ${s.name} pid=${child.pid} http://127.0.0.1:${s.port}`);
  }
  const lb = spawn(haproxyBin, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push({ name: 'haproxy', child: lb });
  prefixed(lb, 'haproxy');
  lb.on('exit', (code) => {
    if (!stopping) {
      console.error(`HAProxy saiu (code ${code}).`);
      void stopAll(1);
    }
  });

  const url = `http://127.0.0.1:${LB_PORT}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      console.error('Nenhuma instância ficou pronta em 120 s.');
      await stopAll(1);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`pronto ${url}`);
  console.log(
    [
      '',
      `Rango: http://localhost:${LB_PORT}  (balanceador, ${N} instâncias)`,
      `Estado do HAProxy: http://localhost:${STATS_PORT}/`,
      ...servers.map((s) => `  ${s.name}: http://127.0.0.1:${s.port}  (/readyz, /metrics)`),
      `Banco: ${DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')}`,
      'Ctrl-C encerra tudo.',
      '',
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error);
  void stopAll(1);
});
