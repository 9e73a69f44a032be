import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { EVENTO, MSG, STATUS } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { sqliteHandleOf } from '../../db/index.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { moverPedido } from '../orders/status.ts';
import { criarChaveOperador } from '../operator/service.ts';
import { inserirPedido } from '../operator/testing.ts';
import { definirHorarios, montarPedido, novoCliente, pedidoUrl, produtosDoMenu } from '../orders/testing.ts';
import type { ClienteTeste } from '../orders/testing.ts';
import { EVENTO_EXPIRADO } from './plugin.ts';
import { abrirStream, dadosDe, pausa } from './testing.ts';
import type { EventoSse, StreamTeste } from './testing.ts';

const API = '/api/ead';
const CLIENTE = `${API}/controle/eventos/`;
const PAINEL = (id: number | string) => `${API}/painel/estabelecimento/${id}/eventos/`;
const LIMITE = 6;
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

const ehStatus = (idpedido: number, para?: number) => (e: EventoSse) =>
  e.event === EVENTO.pedidoStatus &&
  dadosDe(e).idpedido === idpedido &&
  (para === undefined || dadosDe(e).para === para);

describe.each(DIALECTS)('event streams (SSE) on %s', (dialect) => {
  let h: TestApp;
  let base: string;
  const abertos: StreamTeste[] = [];
  const abrir = async (path: string, headers: Record<string, string> = {}) => {
    const s = await abrirStream(`${base}${path}`, headers);
    abertos.push(s);
    return s;
  };
  const bearer = (c: ClienteTeste) => ({ authorization: c.headers.authorization });
  const pedidoDe = async (c: ClienteTeste | null, idestabelecimento = 1) => {
    const id = await inserirPedido(h.t.db, { idestabelecimento });
    if (c) await h.t.db.updateTable('pedido').set({ idcliente: c.id }).where('id', '=', id).execute();
    return id;
  };
  const staff = async (idestabelecimento: number) => {
    const { id } = await h.t.db
      .insertInto('funcionario')
      .values({
        email: `${randomUUID()}@exemplo.com.br`,
        nome: 'Atendente',
        senha_hash: null,
        criado_em: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.t.db
      .insertInto('funcionario_papel')
      .values({
        idfuncionario: id,
        idestabelecimento,
        papel: 'atendente',
        criado_em: new Date().toISOString(),
      })
      .execute();
    return { authorization: `Bearer ${await h.app.staffTokens.sign(id)}` };
  };

  beforeAll(async () => {
    h = await openTestApp(dialect, {
      // On PostgreSQL the poll is out of the way: what crosses processes must come by NOTIFY.
      eventos: { heartbeatMs: 150, conexoesPorMinuto: LIMITE, pollMs: dialect === 'postgres' ? 60_000 : 300 },
    });
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const s of abertos) s.fechar();
    await h.close();
  });

  describe('the customer stream', () => {
    it('answers 401 without a valid customer token, and for a staff token', async () => {
      for (const headers of [{}, { authorization: 'Bearer nada' }, await staff(1)] as Record<
        string,
        string
      >[]) {
        const s = await abrir(CLIENTE, headers);
        expect(s.status).toBe(401);
        expect(JSON.parse(s.corpo)).toEqual({ detail: MSG.naoAutorizado });
      }
    });

    it('is an uncompressed event stream with a jittered retry and heartbeats', async () => {
      const maria = await novoCliente(h.app, h.t.db);
      const s = await abrir(CLIENTE, { ...bearer(maria), 'accept-encoding': 'gzip, br' });
      expect(s.status).toBe(200);
      expect(s.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(s.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(s.headers.get('x-accel-buffering')).toBe('no');
      expect(s.headers.get('content-encoding')).toBeNull();
      // Security headers still apply.
      expect(s.headers.get('x-content-type-options')).toBe('nosniff');
      const retry = await s.esperar((e) => e.retry !== undefined);
      expect(retry.retry).toBeGreaterThanOrEqual(2000);
      expect(retry.retry).toBeLessThanOrEqual(5000);
      expect(s.recebidos[0]).toBe(retry);
      await s.esperar((e) => e.comentario !== undefined, 1000);
      await pausa(400);
      expect(s.recebidos.filter((e) => e.comentario !== undefined).length).toBeGreaterThanOrEqual(2);
    });

    it("carries every one of the customer's orders and never another customer's", async () => {
      const maria = await novoCliente(h.app, h.t.db);
      const joao = await novoCliente(h.app, h.t.db);
      const s = await abrir(CLIENTE, bearer(maria));
      await s.esperar((e) => e.retry !== undefined);
      const deJoao = await pedidoDe(joao);
      const semCliente = await pedidoDe(null);
      const a = await pedidoDe(maria);
      const b = await pedidoDe(maria, 2);
      await moverPedido(h.t.db, deJoao, STATUS.Confirmado);
      await moverPedido(h.t.db, semCliente, STATUS.Confirmado);
      await moverPedido(h.t.db, a, STATUS.Confirmado);
      await moverPedido(h.t.db, b, STATUS.Confirmado);
      await s.esperar(ehStatus(b));
      expect(s.eventos().map((e) => dadosDe(e))).toEqual([
        { idpedido: a, de: STATUS.Realizado, para: STATUS.Confirmado, canal: 'rango' },
        { idpedido: b, de: STATUS.Realizado, para: STATUS.Confirmado, canal: 'rango' },
      ]);
      expect(s.eventos().every((e) => /^\d+$/.test(e.id ?? ''))).toBe(true);
    });

    it('gets a new order placed through the API (pedido.novo) as soon as it is committed', async () => {
      await definirHorarios(h.t.db, 1);
      await h.t.db.updateTable('estabelecimento').set({ lojaaberta: 1 }).where('id', '=', 1).execute();
      const maria = await novoCliente(h.app, h.t.db);
      const s = await abrir(CLIENTE, bearer(maria));
      const painel = await abrir(PAINEL(1), await staff(1));
      await s.esperar((e) => e.retry !== undefined);
      await painel.esperar((e) => e.retry !== undefined);
      const produtos = await produtosDoMenu(h.app, 1);
      const res = await h.app.inject({
        method: 'POST',
        url: pedidoUrl(1),
        headers: maria.headers,
        payload: montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] }),
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json<{ id: number }>();
      for (const stream of [s, painel]) {
        const e = await stream.esperar((x) => x.event === EVENTO.pedidoNovo && dadosDe(x).idpedido === id);
        expect(dadosDe(e)).toEqual({ idpedido: id, status: STATUS.Realizado });
      }
    });

    it('after a dropped connection, Last-Event-ID replays exactly the missed events, then live ones', async () => {
      const maria = await novoCliente(h.app, h.t.db);
      const outro = await novoCliente(h.app, h.t.db);
      const a = await pedidoDe(maria);
      const x = await pedidoDe(outro);
      const s1 = await abrir(CLIENTE, bearer(maria));
      await s1.esperar((e) => e.retry !== undefined);
      await moverPedido(h.t.db, a, STATUS.Confirmado);
      const visto = await s1.esperar(ehStatus(a, STATUS.Confirmado));
      s1.fechar();
      await s1.fim;
      // While away: two moves of hers, one of someone else's.
      await moverPedido(h.t.db, a, STATUS.Pronto);
      await moverPedido(h.t.db, x, STATUS.Confirmado);
      await moverPedido(h.t.db, a, STATUS.Entregue);
      const s2 = await abrir(CLIENTE, { ...bearer(maria), 'last-event-id': visto.id! });
      expect(s2.status).toBe(200);
      await s2.esperar(ehStatus(a, STATUS.Entregue));
      await moverPedido(h.t.db, a, STATUS.Concluido);
      await s2.esperar(ehStatus(a, STATUS.Concluido));
      await pausa(200);
      expect(s2.eventos().map((e) => dadosDe(e).para)).toEqual([
        STATUS.Pronto,
        STATUS.Entregue,
        STATUS.Concluido,
      ]);
      const ids = s2.eventos().map((e) => Number(e.id));
      expect([...ids].sort((p, q) => p - q)).toEqual(ids);
      expect(ids[0]).toBeGreaterThan(Number(visto.id));
    });

    it("answers 'reset' for a Last-Event-ID past the retention window, then streams live", async () => {
      const maria = await novoCliente(h.app, h.t.db);
      const a = await pedidoDe(maria);
      await moverPedido(h.t.db, a, STATUS.Confirmado);
      const ev = await h.t.db
        .selectFrom('evento')
        .select('id')
        .where('idpedido', '=', a)
        .executeTakeFirstOrThrow();
      await h.t.db
        .updateTable('evento')
        .set({ criado_em: new Date(Date.now() - 3 * 24 * 3_600_000).toISOString() })
        .where('id', '=', ev.id)
        .execute();
      for (const ultimo of [String(ev.id), '999999999999']) {
        const s = await abrir(CLIENTE, { ...bearer(maria), 'last-event-id': ultimo });
        expect(s.status).toBe(200);
        await s.esperar((e) => e.event === EVENTO.reset);
        expect(s.eventos()[0]!.event).toBe(EVENTO.reset);
        s.fechar();
      }
    });

    it('refuses a malformed or huge Last-Event-ID or desde with 400 and no stream', async () => {
      const maria = await novoCliente(h.app, h.t.db);
      for (const [path, headers] of [
        [CLIENTE, { 'last-event-id': 'abc' }],
        [CLIENTE, { 'last-event-id': '9'.repeat(5000) }],
        [CLIENTE, { 'last-event-id': '-1' }],
        [`${CLIENTE}?desde=1e5`, {}],
        [`${CLIENTE}?desde=1&desde=2`, {}],
      ] as [string, Record<string, string>][]) {
        const s = await abrir(path, { ...bearer(maria), ...headers });
        expect(s.status).toBe(400);
        expect(JSON.parse(s.corpo)).toEqual({ detail: MSG_PAINEL.ultimoEventoInvalido });
      }
    });

    it(`rate-limits reconnects: more than ${LIMITE} a minute per customer get 429`, async () => {
      const maria = await novoCliente(h.app, h.t.db);
      // The limiter counts in fixed one-minute windows (http/rate-limit.ts): the seven connections
      // must fall in one window, so a test that starts in a window's last 5 s waits for the next.
      const noMinuto = Date.now() % 60_000;
      if (noMinuto > 55_000) await pausa(60_000 - noMinuto + 50);
      for (let i = 0; i < LIMITE; i++) {
        const s = await abrir(CLIENTE, bearer(maria));
        expect(s.status).toBe(200);
        s.fechar();
      }
      const s = await abrir(CLIENTE, bearer(maria));
      expect(s.status).toBe(429);
      expect(JSON.parse(s.corpo)).toEqual({ detail: MSG_PAINEL.muitasConexoes });
      expect(Number(s.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another customer is not affected.
      const outro = await abrir(CLIENTE, bearer(await novoCliente(h.app, h.t.db)));
      expect(outro.status).toBe(200);
    });

    it('ends when its token expires (the client comes back with a fresh one)', async () => {
      const maria = await novoCliente(h.app, h.t.db);
      const key = new TextEncoder().encode(testConfig().jwtSecret);
      const curto = await new SignJWT({ typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(maria.id))
        .setIssuer('rango')
        .setAudience('rango-api')
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + 1)
        .sign(key);
      const s = await abrir(CLIENTE, { authorization: `Bearer ${curto}` });
      expect(s.status).toBe(200);
      await Promise.race([s.fim, pausa(3000)]);
      expect(s.terminou()).toBe(true);
      // Said as an event, so the client reconnects at once instead of after its backoff.
      expect(s.eventos().map((e) => e.event)).toContain(EVENTO_EXPIRADO);
    });
  });

  describe('the panel stream', () => {
    it("needs staff rights on that establishment: 401 without, 404 for another's", async () => {
      const maria = await novoCliente(h.app, h.t.db);
      const s401 = await abrir(PAINEL(1), bearer(maria));
      expect(s401.status).toBe(401);
      const doDois = await staff(2);
      for (const path of [PAINEL(1), PAINEL(999), PAINEL('x')]) {
        const s = await abrir(path, doDois);
        expect(s.status).toBe(404);
        expect(JSON.parse(s.corpo)).toEqual({ detail: MSG_PAINEL.semAcesso });
      }
    });

    it("carries its establishment's events (customer or not) and resumes from `desde`", async () => {
      const auth = await staff(1);
      const s = await abrir(PAINEL(1), auth);
      expect(s.status).toBe(200);
      await s.esperar((e) => e.retry !== undefined);
      const outro = await pedidoDe(null, 2);
      const a = await pedidoDe(null, 1);
      await moverPedido(h.t.db, outro, STATUS.Confirmado);
      await moverPedido(h.t.db, a, STATUS.Confirmado);
      const e1 = await s.esperar(ehStatus(a, STATUS.Confirmado));
      expect(s.eventos().some((e) => dadosDe(e).idpedido === outro)).toBe(false);
      // Through the operator API too, and a system cancellation says so.
      const { chave } = await criarChaveOperador(h.t.db, 1);
      const res = await h.app.inject({
        method: 'POST',
        url: `${API}/operador/pedido/${a}/status/`,
        headers: { authorization: `Bearer ${chave}` },
        payload: { status: STATUS.Pronto },
      });
      expect(res.statusCode).toBe(200);
      await s.esperar(ehStatus(a, STATUS.Pronto));
      const pendente = await pedidoDe(null, 1);
      await h.t.db
        .updateTable('pedido')
        .set({ status: STATUS.PgtoPendente })
        .where('id', '=', pendente)
        .execute();
      await moverPedido(h.t.db, pendente, STATUS.Cancelado, { motivo: 'PIX não pago', pagamento: true });
      const cancel = await s.esperar(ehStatus(pendente, STATUS.Cancelado));
      expect(dadosDe(cancel).sistema).toBe(true);
      expect(dadosDe(await s.esperar(ehStatus(a, STATUS.Pronto))).sistema).toBeUndefined();

      // The panel's list read gave it e1 as its last event: `desde` resumes after it.
      const r = await abrir(`${PAINEL(1)}?desde=${e1.id}`, auth);
      await r.esperar(ehStatus(pendente, STATUS.Cancelado));
      expect(r.eventos().map((e) => [dadosDe(e).idpedido, dadosDe(e).para])).toEqual([
        [a, STATUS.Pronto],
        [pendente, STATUS.Cancelado],
      ]);
    });
  });

  it('a change made by the CLI (another process) reaches an open stream', async () => {
    const auth = await staff(1);
    const s = await abrir(PAINEL(1), auth);
    await s.esperar((e) => e.retry !== undefined);
    const a = await pedidoDe(null, 1);
    let url: string;
    if (dialect === 'sqlite') url = sqliteHandleOf(h.t.db)!.name;
    else {
      const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(h.t.db);
      url = `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${rows[0]!.s}`)}`;
    }
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'pedido-status', String(a), 'confirmar'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } },
    );
    const fim = Date.now();
    await s.esperar(ehStatus(a, STATUS.Confirmado), 2000);
    // SQLite: the 300 ms poll; PostgreSQL: the CLI's NOTIFY (the poll here is a minute).
    expect(Date.now() - fim).toBeLessThan(1000);
  }, 30_000);

  it.runIf(dialect === 'postgres')(
    'two instances on one database: a move on A reaches a stream on B within a second',
    async () => {
      const b = buildApp(testConfig({ eventos: { heartbeatMs: 15_000, pollMs: 60_000 } }), {
        db: h.t.reopen(),
      });
      try {
        const baseB = await b.listen({ port: 0, host: '127.0.0.1' });
        const maria = await novoCliente(h.app, h.t.db);
        const s = await abrirStream(`${baseB}${CLIENTE}`, bearer(maria));
        abertos.push(s);
        expect(s.status).toBe(200);
        await s.esperar((e) => e.retry !== undefined);
        const a = await pedidoDe(maria);
        for (const para of [STATUS.Confirmado, STATUS.Pronto]) {
          const inicio = Date.now();
          // On A: its bus sends the NOTIFY after the commit; B's LISTEN wakes B's bus.
          await moverPedido(h.t.db, a, para);
          await s.esperar(ehStatus(a, para), 2000);
          expect(Date.now() - inicio).toBeLessThan(1000);
        }
      } finally {
        await b.close();
      }
    },
  );

  it('closing the app ends every stream at once with a retry hint', async () => {
    const outra: FastifyInstance = buildApp(testConfig({ eventos: { heartbeatMs: 60_000 } }), {
      db: h.t.reopen(),
    });
    const baseOutra = await outra.listen({ port: 0, host: '127.0.0.1' });
    const maria = await novoCliente(h.app, h.t.db);
    const streams = await Promise.all(
      [1, 2, 3].map(() => abrirStream(`${baseOutra}${CLIENTE}`, bearer(maria))),
    );
    for (const s of streams) await s.esperar((e) => e.retry !== undefined);
    const inicio = Date.now();
    await outra.close();
    expect(Date.now() - inicio).toBeLessThan(1500);
    for (const s of streams) {
      await Promise.race([s.fim, pausa(1000)]);
      expect(s.terminou()).toBe(true);
      // The opening retry, then the parting one.
      expect(s.recebidos.filter((e) => e.retry !== undefined)).toHaveLength(2);
    }
  });
});
