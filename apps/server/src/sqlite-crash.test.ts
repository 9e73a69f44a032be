import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { menuSchema } from '@rango/domain';
import type { Produto } from '@rango/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from './db/index.ts';
import { migrateToLatest } from './db/migrations.ts';
import { seedEstablishments } from './db/seed/seed-establishments.ts';
import { definirHorarios, montarPedido } from './modules/orders/testing.ts';
import { fixtureEstablishments } from './test/fixtures.ts';

/**
 * Issue 13 part 6, on the SQLite default: `kill -9` of the server in the middle of an order load
 * loses no order it acknowledged (WAL with synchronous=NORMAL: a commit survives the process's
 * death; only the machine's could cost the last ones).
 */
const SERVER_DIR = fileURLToPath(new URL('../', import.meta.url));
const running: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('SQLite: kill -9 under an order load', () => {
  it('every acknowledged order is in the file after the crash', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rango-crash-'));
    dirs.push(dir);
    const file = join(dir, 'rango.db');
    const setup = createDb(file);
    await migrateToLatest(setup);
    await seedEstablishments(setup, fixtureEstablishments, { alwaysOpen: false });
    await definirHorarios(setup, 1);
    await setup.destroy();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: file,
        SEED_DEMO: '0',
        DEMO_SIMULATOR: '0',
        PAGAMENTOS_CONCILIAR_SEGUNDOS: '0',
        // One customer places them all: the per-customer limit would refuse most.
        RATE_LIMIT: '0',
        EVENTOS: '0',
        LOG_LEVEL: 'warn',
        JWT_SECRET: 'segredo-de-teste-com-32-caracteres!!',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.push(child);
    let log = '';
    child.stdout?.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    const exit = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_c, s) => resolve(s)));
    for (let t = 0; ; t++) {
      if ((await fetch(`${base}/readyz`).catch(() => null))?.ok) break;
      if (t > 300) throw new Error(`servidor não ficou pronto:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const email = 'carga.crash@exemplo.com.br';
    const senha = 'segredo-da-carga';
    const cad = await post(`${base}/api/ead/controle/cliente/`, {
      nomeourazaosocial: 'Carga',
      email,
      telefone: '11987654321',
      senha,
      confirm: senha,
    });
    expect(cad.status).toBe(201);
    const leitor = createDb(file);
    const { link } = await leitor
      .selectFrom('mail_outbox')
      .select('link')
      .where('para', '=', email)
      .executeTakeFirstOrThrow();
    await leitor.destroy();
    const [uuid, token] = new URL(link!).pathname.split('/').slice(2);
    expect(
      (await fetch(`${base}/api/ead/controle/cliente/${uuid}/confirmar/${token}/`, { method: 'POST' }))
        .status,
    ).toBe(200);
    const login = await post(`${base}/api/ead/controle/token/`, { email, senha });
    const { access } = (await login.json()) as { access: string };
    const menu = menuSchema.parse(await (await fetch(`${base}/api/ead/api/estabelecimento/1/menu/`)).json());
    const produtos = new Map<number, Produto>(
      menu.grupos.flatMap((g) => g.produtos).map((p) => [p.idproduto, p]),
    );

    const confirmados: string[] = [];
    let morto = false;
    async function trabalhador() {
      while (!morto) {
        const pedido = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] });
        const r = await post(`${base}/api/ead/api/estabelecimento/1/pedido/`, pedido, access).catch(
          () => null,
        );
        if (r === null) continue;
        if (r.status === 201) {
          confirmados.push(pedido.pedido_id);
          if (confirmados.length === 150 && !morto) {
            morto = true;
            child.kill('SIGKILL');
          }
        } else if (!morto) {
          throw new Error(`pedido recusado: ${r.status} ${await r.text()}`);
        }
      }
    }
    await Promise.all(Array.from({ length: 6 }, trabalhador));
    expect(await exit).toBe('SIGKILL');

    const depois = createDb(file);
    const rows = await depois.selectFrom('pedido').select('pedido_id').execute();
    await depois.destroy();
    const gravados = new Set(rows.map((r) => r.pedido_id));
    expect(confirmados.length).toBeGreaterThanOrEqual(150);
    expect(confirmados.filter((id) => !gravados.has(id))).toEqual([]);
  }, 120_000);
});
