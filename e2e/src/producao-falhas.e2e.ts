/**
 * Issue 13, bad input in the production layout (`npm run deploy:local`: instances of the built
 * server on PostgreSQL behind HAProxy configured from deploy/haproxy.cfg). Slow: real processes
 * and a real 30 s outage (about two minutes in all).
 *
 * - The database disappears for 30 s (RANGO_FALHA_BANCO_SEGUNDOS shortens it by hand): the
 *   instances reach PostgreSQL through a TCP relay in this test that is cut (every connection
 *   dropped, new ones refused; the shared PostgreSQL server is never touched). Every answer
 *   through the balancer is 503, never a 500; each /readyz 503; HAProxy takes the instances out
 *   and back; no instance restarts; every acknowledged order is stored once and the orders
 *   refused with 503, sent again with their pedido_id, are placed once.
 * - Instances stopped in the middle of a migration on an empty database: one SIGTERM then SIGKILL
 *   (a stop time-out) while it migrates, another SIGTERM while it migrates in turn: nothing
 *   half-applied, every migration applied exactly once, the balancer never routes to an
 *   instance that is not ready.
 *
 * Skipped (with the reason) without HAProxy or without a PostgreSQL (TEST_DATABASE_URL).
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type Server, type Socket, connect, createServer } from 'node:net';
import { join } from 'node:path';
import { novoNumeroPedido } from '@rango/domain';
import type { PedidoInput } from '@rango/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarBanco } from './banco.ts';
import { montarPedidoApi } from './pedido-api.ts';
import { consecutivePorts, ensureServerBuild, freePort } from './processes.ts';
import {
  PG_URL,
  clienteConfirmado,
  deploy,
  esperarProntas,
  motivoParaPular,
  postJson,
  pronta,
  sleep,
} from './producao-testing.ts';
import type { Instancia } from './producao-testing.ts';

/** The outage's length: 30 s, as the issue says; shorter only by hand while working on this file. */
const FALHA_MS = Number(process.env.RANGO_FALHA_BANCO_SEGUNDOS ?? 30) * 1000;

const PULAR = motivoParaPular('producao-falhas.e2e');

/**
 * A TCP relay to PostgreSQL that can be cut (every connection dropped, the port refusing new
 * ones) and restored on the same port: to the instances, the database went away and came back.
 */
function rele(alvo: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  return {
    listen: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((cliente) => {
          const banco = connect(Number(alvo.port || 5432), alvo.hostname);
          for (const s of [cliente, banco]) {
            sockets.add(s);
            s.on('close', () => sockets.delete(s));
            s.on('error', () => undefined);
          }
          cliente.pipe(banco).pipe(cliente);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          const a = server!.address();
          port = typeof a === 'object' && a ? a.port : 0;
          resolve();
        });
      }),
    get port() {
      return port;
    },
    cortar: async () => {
      const fechado = new Promise((resolve) => server!.close(resolve));
      for (const s of sockets) s.destroy();
      await fechado;
    },
  };
}

/** RANGO_FALHAS_SAIDA=<folder>: the instances' and HAProxy's output of each scenario, to read after a failure. */
function guardarSaida(nome: string, d: { saida: () => string } | undefined): void {
  const pasta = process.env.RANGO_FALHAS_SAIDA;
  if (pasta && d) writeFileSync(join(pasta, `${nome}.log`), d.saida());
}

const pedidoUrl = (base: string) => `${base}/api/ead/api/estabelecimento/1/pedido/`;

describe.skipIf(PULAR !== null)(
  'production layout, bad input: the database gone for 30 s behind HAProxy',
  () => {
    let banco: Awaited<ReturnType<typeof criarBanco>>;
    const relay = rele(new URL(PG_URL ?? 'postgres://x@127.0.0.1:5432/x'));
    let d: ReturnType<typeof deploy>;
    let lb: string;
    let pool: pg.Pool;

    /** A confirmed customer with a saved address and a valid order to copy (through the balancer). */
    async function cliente(n: number): Promise<{ token: string; modelo: PedidoInput }> {
      const { access } = await clienteConfirmado(lb, pool, {
        email: `falha.${n}.${Date.now()}@exemplo.com.br`,
        senha: 'segredo-da-falha',
        nome: `Falha ${n}`,
      });
      return { token: access, modelo: await montarPedidoApi(lb, access) };
    }

    beforeAll(async () => {
      ensureServerBuild();
      banco = await criarBanco(PG_URL!, 'falhas');
      await relay.listen();
      const viaRele = new URL(banco.url);
      viaRele.hostname = '127.0.0.1';
      viaRele.port = String(relay.port);
      const [lbPort, statsPort, base] = [await freePort(), await freePort(), await consecutivePorts(3)];
      d = deploy(3, {
        DATABASE_URL: viaRele.toString(),
        LB_PORT: String(lbPort),
        STATS_PORT: String(statsPort),
        BASE_PORT: String(base),
      });
      await d.esperar(/^pronto /);
      lb = `http://127.0.0.1:${lbPort}`;
      await esperarProntas(d, 300);
      // The test's own reads go straight to PostgreSQL, never through the relay.
      pool = new pg.Pool({ connectionString: banco.url, max: 2 });
    });

    afterAll(async () => {
      guardarSaida('banco', d);
      await pool?.end();
      await d?.parar();
      await relay.cortar().catch(() => undefined);
      await banco?.apagar();
    });

    it(
      'every answer 503 (never 500) while it is gone, /readyz 503, back without a restart, no acknowledged order lost',
      async () => {
        const clientes = await Promise.all(Array.from({ length: 8 }, (_, n) => cliente(n)));
        // Before: an order straight to each instance.
        for (const [k, i] of d.instancias.entries()) {
          const c = clientes[k]!;
          const r = await postJson(pedidoUrl(i.url), { ...c.modelo, pedido_id: randomUUID() }, c.token);
          expect(r.status, `${i.nome}: ${await r.clone().text()}`).toBe(201);
        }

        interface Resposta {
          inicio: number;
          fim: number;
          status: number | string;
          corpo: string;
        }
        const respostas: Resposta[] = [];
        const aceitos: string[] = [];
        /** Orders refused with 503: the app keeps them and sends them again later. */
        const recusados: { token: string; pedido: PedidoInput }[] = [];
        const prontidao = new Map<string, { t: number; status: number | string; motivo?: string }[]>();
        let parar = false;
        let proximo = 0;

        async function registrar(req: () => Promise<Response>): Promise<Response | undefined> {
          const inicio = Date.now();
          const r = await req().catch((e: unknown) => e as Error);
          if (r instanceof Error) {
            respostas.push({ inicio, fim: Date.now(), status: `rede: ${r.message}`, corpo: '' });
            return undefined;
          }
          const corpo = await r.clone().text();
          respostas.push({ inicio, fim: Date.now(), status: r.status, corpo: corpo.slice(0, 200) });
          return r;
        }
        async function pedidos() {
          while (!parar) {
            const c = clientes[proximo++ % clientes.length]!;
            const pedido = { ...c.modelo, pedido_id: randomUUID(), numero_pedido: novoNumeroPedido() };
            const r = await registrar(() => postJson(pedidoUrl(lb), pedido, c.token));
            if (r?.status === 201) aceitos.push(pedido.pedido_id);
            else if (r?.status === 503) recusados.push({ token: c.token, pedido });
            await sleep(1500);
          }
        }
        async function leituras() {
          const urls = [
            `${lb}/api/ead/controle/estabelecimento/1/`,
            `${lb}/api/ead/api/estabelecimento/1/menu/`,
            `${lb}/api/ead/controle/cliente/`,
          ];
          for (let k = 0; !parar; k++) {
            const url = urls[k % urls.length]!;
            const token = clientes[k % clientes.length]!.token;
            await registrar(() => fetch(url, { headers: { authorization: `Bearer ${token}` } }));
            await sleep(100);
          }
        }
        async function sondar(i: Instancia) {
          const lista: { t: number; status: number | string; motivo?: string }[] = [];
          prontidao.set(i.nome, lista);
          while (!parar) {
            const t = Date.now();
            const r = await fetch(`${i.url}/readyz`).catch((e: unknown) => e as Error);
            if (r instanceof Error) lista.push({ t, status: `rede: ${r.message}` });
            else
              lista.push({ t, status: r.status, motivo: ((await r.json()) as { motivo?: string }).motivo });
            await sleep(250);
          }
        }
        const carga = Promise.all([
          pedidos(),
          pedidos(),
          leituras(),
          leituras(),
          ...d.instancias.map(sondar),
        ]);

        await sleep(2000);
        const corte = Date.now();
        await relay.cortar();
        await sleep(FALHA_MS);
        await relay.listen();
        const volta = Date.now();
        // Every instance ready again, by itself.
        const prontas = new Map<string, number>();
        while (prontas.size < d.instancias.length) {
          for (const i of d.instancias) {
            if (prontas.has(i.nome)) continue;
            if (await pronta(i)) prontas.set(i.nome, Date.now());
          }
          if (Date.now() - volta > 30_000) {
            // What each instance answers now, which exited, and their own lines (not HAProxy's).
            const estados = await Promise.all(
              d.instancias.map(async (i) => {
                const r = await fetch(`${i.url}/readyz`).catch((e: unknown) => e as Error);
                return `${i.nome}: ${r instanceof Error ? `rede: ${r.message}` : `${r.status} ${await r.text()}`}`;
              }),
            );
            // First the instances that did not come back: how each exited and its own last lines
            // (a crash's stack is there), then the rest.
            const faltam = d.instancias.filter((i) => !prontas.has(i.nome));
            const delas = faltam.map(
              (i) =>
                `--- ${i.nome}: ${JSON.stringify(d.saidas.get(i.nome) ?? 'não saiu')}\n` +
                d
                  .linhas(new RegExp(`^\\[${i.nome}\\] `))
                  .slice(-40)
                  .map((l) => l.slice(0, 400))
                  .join('\n'),
            );
            throw new Error(
              `não voltaram em 30 s: ${faltam.map((i) => i.nome).join(', ')}\n${delas.join('\n')}\n` +
                `--- todas: ${estados.join('; ')}; saídas: ${JSON.stringify([...d.saidas])}`,
            );
          }
          await sleep(100);
        }
        // The balancer sends orders again.
        let primeiro201 = 0;
        while (!primeiro201) {
          const c = clientes[0]!;
          const pedido = { ...c.modelo, pedido_id: randomUUID(), numero_pedido: novoNumeroPedido() };
          const r = await registrar(() => postJson(pedidoUrl(lb), pedido, c.token));
          if (r?.status === 201) {
            aceitos.push(pedido.pedido_id);
            primeiro201 = Date.now();
          } else if (r?.status === 503) recusados.push({ token: c.token, pedido });
          if (Date.now() - volta > 30_000)
            throw new Error(`o balanceador não voltou:\n${d.saida().slice(-4000)}`);
          await sleep(200);
        }
        // HAProxy has every instance back (two good checks each).
        for (let t = 0; t < 150; t++) {
          if (d.instancias.every((i) => d.linhas(new RegExp(`Server rango/${i.nome} is UP`)).length > 0))
            break;
          await sleep(100);
        }
        await sleep(2000);
        parar = true;
        await carga;

        const pronto = [...prontas.values()].map((t) => t - volta);
        console.log(
          `banco fora por ${volta - corte} ms: ${respostas.length} respostas pelo balanceador ` +
            `(${respostas.filter((r) => r.status === 503).length} × 503), ${aceitos.length} pedidos aceitos, ` +
            `${recusados.length} recusados com 503; instâncias prontas ${Math.min(...pronto)}–${Math.max(...pronto)} ms ` +
            `depois da volta, primeiro 201 pelo balanceador em ${primeiro201 - volta} ms`,
        );

        // Never a 500 (or a 502/504, a network error): 2xx or an honest 503.
        const ruins = respostas.filter((r) => r.status !== 200 && r.status !== 201 && r.status !== 503);
        expect(ruins, JSON.stringify(ruins.slice(0, 5))).toEqual([]);
        // While it was gone (requests sent after the cut, answered before it came back): only 503s.
        const durante = respostas.filter((r) => r.inicio > corte + 100 && r.fim < volta);
        expect(durante.length).toBeGreaterThan(50);
        expect(durante.filter((r) => r.status !== 503)).toEqual([]);
        // Some 503s are the instances' own (the JSON with the spec's text, until HAProxy took them out),
        // the rest HAProxy's.
        expect(durante.some((r) => r.corpo.includes('No server is available'))).toBe(true);
        for (const r of durante.filter((x) => x.corpo.startsWith('{'))) {
          expect(JSON.parse(r.corpo)).toEqual({ detail: 'Tivemos um probleminha, tente novamente depois.' });
        }
        // /readyz of every instance: 503 "database unreachable" from 2 s after the cut until it came back.
        for (const i of d.instancias) {
          const fora = prontidao.get(i.nome)!.filter((p) => p.t > corte + 2000 && p.t < volta - 300);
          expect(fora.length, i.nome).toBeGreaterThan(FALHA_MS / 500);
          for (const p of fora)
            expect(p, i.nome).toMatchObject({
              status: 503,
              motivo: expect.stringMatching(/^banco de dados/),
            });
        }
        // HAProxy took each one out and back in; no instance restarted.
        for (const i of d.instancias) {
          expect(d.linhas(new RegExp(`Server rango/${i.nome} is DOWN`)).length, i.nome).toBeGreaterThan(0);
          expect(d.linhas(new RegExp(`Server rango/${i.nome} is UP`)).length, i.nome).toBeGreaterThan(0);
        }
        expect(d.saidas.size).toBe(0);
        // Logs: one 'not ready' line per instance and reason (not one per probe), one 'ready again',
        // no 500s.
        expect(d.linhas(/unhandled error/)).toEqual([]);
        for (const i of d.instancias) {
          const minhas = (re: RegExp) => d.linhas(new RegExp(`^\\[${i.nome}\\] .*${re.source}`));
          expect(minhas(/instância não está pronta/).length, i.nome).toBeGreaterThan(0);
          expect(minhas(/instância não está pronta/).length, i.nome).toBeLessThanOrEqual(3);
          expect(minhas(/instância pronta de novo/).length, i.nome).toBe(1);
          // The live events' poll: one line when it fails, one when it is back (not one a second).
          expect(minhas(/eventos: leitura falhou/).length, i.nome).toBeLessThanOrEqual(2);
        }
        // What each instance logged during the test, by message.
        for (const i of d.instancias) {
          const n = new Map<string, number>();
          for (const l of d.linhas(new RegExp(`^\\[${i.nome}\\] \\{`))) {
            const msg = String((JSON.parse(l.slice(l.indexOf('{'))) as { msg?: unknown }).msg).slice(0, 40);
            if (msg.startsWith('email (outbox)')) continue;
            n.set(msg, (n.get(msg) ?? 0) + 1);
          }
          console.log(`log de ${i.nome}: ${[...n].map(([m, k]) => `${k} × ${m}`).join('; ')}`);
        }

        // After: an order straight to each instance again.
        for (const [k, i] of d.instancias.entries()) {
          const c = clientes[k]!;
          const pedido = { ...c.modelo, pedido_id: randomUUID(), numero_pedido: novoNumeroPedido() };
          const r = await postJson(pedidoUrl(i.url), pedido, c.token);
          expect(r.status, `${i.nome}: ${await r.clone().text()}`).toBe(201);
          aceitos.push(pedido.pedido_id);
        }
        // The app sends the refused orders again with their pedido_id: each placed now, or already
        // placed (a commit whose answer was lost with the connection: 'already received').
        let jaRecebidos = 0;
        for (const { token, pedido } of recusados) {
          const r = await postJson(pedidoUrl(lb), pedido, token);
          const corpo = (await r.json()) as { extra?: { status_code?: number } };
          if (r.status === 400 && corpo.extra?.status_code === 409) jaRecebidos++;
          else expect(r.status, JSON.stringify(corpo)).toBe(201);
          aceitos.push(pedido.pedido_id);
        }
        if (jaRecebidos) console.log(`${jaRecebidos} pedidos recusados com 503 já estavam gravados`);
        const gravados = await pool.query<{ pedido_id: string; n: string }>(
          'select pedido_id, count(*) as n from pedido where pedido_id = any($1) group by pedido_id',
          [aceitos],
        );
        expect(gravados.rowCount).toBe(new Set(aceitos).size);
        expect(gravados.rows.every((r) => Number(r.n) === 1)).toBe(true);
      },
      FALHA_MS + 120_000,
    );
  },
);

/** The instance (OS pid) whose PostgreSQL connection uses this local port. */
function pidDaPorta(porta: number): number | undefined {
  const r = spawnSync('ss', ['-tnpH'], { encoding: 'utf8' });
  for (const linha of r.stdout.split('\n')) {
    const col = linha.trim().split(/\s+/);
    if (col[3]?.endsWith(`:${porta}`)) {
      const m = /pid=(\d+)/.exec(linha);
      if (m) return Number(m[1]);
    }
  }
  return undefined;
}

/** Which instance holds a PostgreSQL connection is read from `ss -tnp` (iproute2). */
const SEM_SS = spawnSync('ss', ['-V']).error ? 'sem o comando ss (apt-get install -y iproute2)' : null;
if (!PULAR && SEM_SS) console.log(`producao-falhas.e2e (migração): pulado — ${SEM_SS}`);

describe.skipIf(PULAR !== null || SEM_SS !== null)(
  'production layout, bad input: instances stopped in the middle of a migration',
  () => {
    let banco: Awaited<ReturnType<typeof criarBanco>>;
    let d: ReturnType<typeof deploy> | undefined;
    let pool: pg.Pool;
    const bloqueios: pg.Client[] = [];

    beforeAll(async () => {
      ensureServerBuild();
      banco = await criarBanco(PG_URL!, 'falhas');
      pool = new pg.Pool({ connectionString: banco.url, max: 2 });
    });
    afterAll(async () => {
      guardarSaida('migracao', d);
      for (const c of bloqueios) await c.end().catch(() => undefined);
      await pool?.end();
      await d?.parar();
      await banco?.apagar();
    });

    /** A transaction of the test's that creates `tabela` and keeps it uncommitted: a migration creating it waits. */
    async function bloquear(
      tabela: string,
    ): Promise<{ client: pg.Client; backend: number; criada: Promise<unknown> }> {
      const client = new pg.Client({ connectionString: banco.url });
      await client.connect();
      bloqueios.push(client);
      const backend = (await client.query<{ p: number }>('select pg_backend_pid() as p')).rows[0]!.p;
      await client.query('begin');
      const criada = client.query(`create table ${tabela} (x integer)`);
      return { client, backend, criada };
    }

    /** The connection migrating now: it holds the migrator's advisory lock and waits on a test's transaction. */
    async function migrando(exceto?: number): Promise<{ backend: number; instancia: Instancia }> {
      const prazo = Date.now() + 60_000;
      for (;;) {
        const r = await pool.query<{ pid: number; client_port: number }>(
          `select a.pid, a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.granted and a.datname = current_database()
            and a.wait_event_type = 'Lock'`,
        );
        const row = r.rows.find((x) => x.pid !== exceto);
        if (row) {
          const pid = pidDaPorta(row.client_port);
          const instancia = d!.instancias.find((i) => i.pid === pid);
          if (instancia) return { backend: row.pid, instancia };
        }
        if (Date.now() > prazo) throw new Error(`nenhuma migração parada:\n${d!.saida().slice(-4000)}`);
        await sleep(100);
      }
    }

    const esperarEspera = async (backend: number) => {
      for (let t = 0; t < 300; t++) {
        const r = await pool.query<{ w: string | null }>(
          'select wait_event_type as w from pg_stat_activity where pid = $1',
          [backend],
        );
        if (r.rows[0]?.w === 'Lock') return;
        await sleep(100);
      }
      throw new Error(`o backend ${backend} não ficou esperando`);
    };

    it('SIGTERM then SIGKILL mid-migration rolls it back whole; SIGTERM mid-migration finishes it; applied exactly once; the balancer never routes to an unready instance', async () => {
      // Migration 0009 creates `auditoria`: the first instance to migrate stops there, inside its
      // transaction, with 0001-0008 and half of 0009 done.
      const b1 = await bloquear('auditoria');
      await b1.criada;
      const [lbPort, statsPort, base] = [await freePort(), await freePort(), await consecutivePorts(3)];
      d = deploy(3, {
        DATABASE_URL: banco.url,
        LB_PORT: String(lbPort),
        STATS_PORT: String(statsPort),
        BASE_PORT: String(base),
      });
      const lb = `http://127.0.0.1:${lbPort}`;
      const respostas: { t: number; status: number | string; corpo: string }[] = [];
      let parar = false;
      const sonda = (async () => {
        for (let k = 0; !parar; k++) {
          const url = k % 2 ? `${lb}/readyz` : `${lb}/api/ead/controle/estabelecimento/1/`;
          const t = Date.now();
          const r = await fetch(url).catch((e: unknown) => e as Error);
          if (r instanceof Error) respostas.push({ t, status: `rede: ${r.message}`, corpo: '' });
          else respostas.push({ t, status: r.status, corpo: (await r.text()).slice(0, 200) });
          await sleep(150);
        }
      })();

      // A: stopped with SIGTERM while it migrates. It says so and keeps migrating (it waits).
      const a = await migrando();
      process.kill(a.instancia.pid, 'SIGTERM');
      await d.esperar(new RegExp(`^\\[${a.instancia.nome}\\] .*SIGTERM antes de atender`));
      await sleep(1000);
      expect(d.saidas.has(a.instancia.nome)).toBe(false);
      expect((await migrando()).backend).toBe(a.backend);
      // Its stop time-out runs out: SIGKILL, in the middle of the migration's transaction.
      process.kill(a.instancia.pid, 'SIGKILL');
      await d.esperar(new RegExp(`^instancia-saiu ${a.instancia.nome} code=null signal=SIGKILL`));

      // The next migration will stop at 0008's `evento`: queued behind A's dead transaction.
      const b2 = await bloquear('evento');
      await esperarEspera(b2.backend);
      await b1.client.query('rollback');
      await b2.criada;
      // A's transaction is gone whole: not one of its tables, no migration recorded.
      const b = await migrando(a.backend);
      expect(b.instancia.nome).not.toBe(a.instancia.nome);
      const tabelas = await pool.query<{ t: string }>(
        `select table_name as t from information_schema.tables where table_schema = 'public' order by 1`,
      );
      expect(tabelas.rows.map((r) => r.t)).toEqual(['kysely_migration', 'kysely_migration_lock']);
      expect((await pool.query('select * from kysely_migration')).rowCount).toBe(0);

      // B: SIGTERM while it migrates: the migration finishes, B exits 0 without ever listening.
      process.kill(b.instancia.pid, 'SIGTERM');
      await d.esperar(new RegExp(`^\\[${b.instancia.nome}\\] .*SIGTERM antes de atender`));
      await b2.client.query('rollback');
      await d.esperar(new RegExp(`^\\[${b.instancia.nome}\\] .*Migrações aplicadas`));
      await d.esperar(new RegExp(`^instancia-saiu ${b.instancia.nome} `));
      // C: waited on the lock, found nothing to do, seeds and serves.
      await d.esperar(/^pronto /);
      const c = d.instancias.find((i) => i !== a.instancia && i !== b.instancia)!;
      await sleep(1000);
      parar = true;
      await sonda;

      expect(d.saidas.get(b.instancia.nome)?.como).toBe('code=0 signal=null');
      // Every migration once, by B; one seed, by C; only C ever listened.
      const aplicadas = d.linhas(/Migrações aplicadas/);
      expect(aplicadas).toHaveLength(1);
      expect(aplicadas[0]).toMatch(new RegExp(`^\\[${b.instancia.nome}\\] `));
      const nomes = /Migrações aplicadas: ([^"]+)/.exec(aplicadas[0]!)![1]!.split(', ');
      expect(nomes[0]).toBe('0001_catalogo');
      const registro = await pool.query<{ name: string }>('select name from kysely_migration order by name');
      expect(registro.rows.map((r) => r.name)).toEqual(nomes);
      expect(d.linhas(/Dados de demonstração: \d+ estabelecimentos/)).toEqual([
        expect.stringMatching(new RegExp(`^\\[${c.nome}\\] `)),
      ]);
      expect(d.linhas(/Rango em http/)).toEqual([expect.stringMatching(new RegExp(`^\\[${c.nome}\\] `))]);
      expect((await fetch(`${c.url}/readyz`)).status).toBe(200);

      // The balancer: 503 of its own (no instance ready) until C was, then C's answers; never a 500,
      // never an answer from an instance that was not ready.
      // (Connection errors only until HAProxy itself listens, started after the instances.)
      const antesDoHaproxy = respostas.findIndex((r) => typeof r.status === 'number');
      respostas.splice(0, antesDoHaproxy);
      const ruins = respostas.filter((r) => r.status !== 200 && r.status !== 503);
      expect(ruins, JSON.stringify(ruins.slice(0, 5))).toEqual([]);
      const primeiro200 = respostas.findIndex((r) => r.status === 200);
      expect(primeiro200).toBeGreaterThan(10);
      for (const r of respostas.slice(0, primeiro200)) expect(r.corpo).toContain('No server is available');
      // HAProxy's request lines (the log-format's id=), not its health-check ones. Only C answered;
      // another server named there is HAProxy 2.6 starting with every server UP (until its first
      // check) and trying one that was not listening yet: refused at connect (SC), answered 503
      // by HAProxy, never by an instance.
      const pedidos = d
        .linhas(/^\[haproxy\] .* rango\/\S+ .* id=/)
        .map((l) => /rango\/(\S+) \S+ (\d+) \d+ (\S+) /.exec(l)!)
        .map(([, servidor, status, termino]) => ({ servidor, status, termino }));
      expect(pedidos.filter((p) => p.servidor === c.nome).length).toBeGreaterThan(0);
      for (const p of pedidos.filter((x) => x.servidor !== c.nome)) {
        expect(p).toMatchObject({ status: '503', termino: expect.stringMatching(/^S[CQ]/) });
      }
      console.log(
        `migração: A=${a.instancia.nome} morta no meio (SIGTERM, SIGKILL), B=${b.instancia.nome} terminou com SIGTERM e saiu, ` +
          `C=${c.nome} atende; ${respostas.length} respostas do balanceador, ${primeiro200} × 503 antes da primeira 200`,
      );
    }, 150_000);
  },
);
