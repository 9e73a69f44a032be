import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREDITO,
  definirHorarios,
  montarPedido,
  novoCliente,
  pedidoUrl,
  produtosDoMenu,
} from '../modules/orders/testing.ts';
import { openTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { DIALECTS } from '../test/db.ts';
import { HttpError } from './errors.ts';
import { codigoDaRecusa, contarTarefa, metricas } from './metrics.ts';

/** One series' value in the exposition text (0 when absent): `name{a="x",b="y"} 12`. */
function valor(texto: string, nome: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of texto.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== nome) continue;
    const have = (m[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean);
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  return 0;
}

const MENU = '/api/ead/api/estabelecimento/1/menu/';
const PEDIDO = '/api/ead/controle/pedido/:id/';

describe.each(DIALECTS)('GET /metrics on %s', (dialect) => {
  let h: TestApp;
  const scrape = async () => {
    const res = await h.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  beforeAll(async () => {
    h = await openTestApp(dialect, { rateLimit: false });
    await h.app.ready();
  });
  afterAll(async () => {
    await h.close();
  });

  it('Prometheus text: process, event-loop lag and pool metrics, never cached', async () => {
    const res = await h.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const nome of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'rango_streams_abertos',
      'rango_menu_fast_path_responses_total',
    ]) {
      expect(res.body, nome).toMatch(new RegExp(`^${nome} `, 'm'));
    }
    if (dialect === 'postgres') {
      // The test's own pool has served the fixture's queries.
      expect(valor(res.body, 'rango_db_pool_conexoes', { estado: 'total' })).toBeGreaterThanOrEqual(1);
    } else {
      expect(valor(res.body, 'rango_db_pool_conexoes', { estado: 'total' })).toBe(0);
    }
  });

  it('requests by route pattern and status, never the raw URL', async () => {
    const labels = { method: 'GET', route: PEDIDO, status: '401' };
    const antes = valor(await scrape(), 'rango_http_request_duration_seconds_count', labels);
    for (const id of [123456, 654321]) {
      expect((await h.app.inject({ url: `/api/ead/controle/pedido/${id}/` })).statusCode).toBe(401);
    }
    await h.app.inject({ url: '/api/ead/rota/que/nao/existe/987654' });
    const depois = await scrape();
    expect(valor(depois, 'rango_http_request_duration_seconds_count', labels)).toBe(antes + 2);
    expect(depois).toMatch(/route="nao-encontrada"/);
    expect(depois).not.toMatch(/123456|654321|987654|rota\/que/);
    // The histogram's buckets for the same series.
    expect(
      valor(depois, 'rango_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('the menu fast path is counted apart, the others in the histogram: every answer once', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const labels = { method: 'GET', route: '/api/ead/api/estabelecimento/:id/menu/', status: '200' };
    const antes = await scrape();
    for (let i = 0; i < 3; i++) expect((await fetch(`http://127.0.0.1:${port}${MENU}`)).status).toBe(200);
    const depois = await scrape();
    const rapido =
      valor(depois, 'rango_menu_fast_path_responses_total') -
      valor(antes, 'rango_menu_fast_path_responses_total');
    const lento =
      valor(depois, 'rango_http_request_duration_seconds_count', labels) -
      valor(antes, 'rango_http_request_duration_seconds_count', labels);
    expect(rapido + lento).toBe(3);
    // SQLite serves a warm menu from the cache before Fastify.
    if (dialect === 'sqlite') expect(rapido).toBeGreaterThanOrEqual(1);
  });

  it('orders accepted, and refused by their code', async () => {
    await definirHorarios(h.t.db, 1);
    const produtos = await produtosDoMenu(h.app, 1);
    const maria = await novoCliente(h.app, h.t.db);
    const post = (payload: object) =>
      h.app.inject({ method: 'POST', url: pedidoUrl(1), payload, headers: maria.headers });
    const antes = await scrape();
    const pedido = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }] });
    expect((await post(pedido)).statusCode).toBe(201);
    // The same pedido_id again (codigo 105), and change for less than the total (a field).
    expect((await post(pedido)).statusCode).toBe(400);
    const semTroco = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }], troco_para: 100 });
    expect((await post(semTroco)).statusCode).toBe(400);
    const depois = await scrape();
    const delta = (labels: Record<string, string>) =>
      valor(depois, 'rango_pedidos_total', labels) - valor(antes, 'rango_pedidos_total', labels);
    expect(delta({ resultado: 'aceito', codigo: '' })).toBe(1);
    expect(delta({ resultado: 'recusado', codigo: '105' })).toBe(1);
    expect(delta({ resultado: 'recusado', codigo: 'campo:troco_para' })).toBe(1);
  });

  it('online payments by outcome: a paid card and one the gateway refuses (and its order, 106/500)', async () => {
    const produtos = await produtosDoMenu(h.app, 1);
    const joao = await novoCliente(h.app, h.t.db, { nome: 'João' });
    const cartao = (expiracao: string) => {
      const p = montarPedido(produtos, { itens: [{ produto: 311, quantidade: 5 }], formapgto: CREDITO });
      Object.assign(p.pagamentos[0]!, {
        pre_pago: true,
        tipo: 'CARTAO',
        troco_para: null,
        cartao: {
          token: null,
          numero: '4111111111111111',
          cvv: '123',
          bandeira: 'Visa',
          titular: 'JOAO C',
          cnpjoucpf: '12345678909',
          expiracao,
          tipo: 'CREDITO',
          salvar: false,
          external_authentication: null,
        },
      });
      return h.app.inject({ method: 'POST', url: pedidoUrl(1), payload: p, headers: joao.headers });
    };
    const antes = await scrape();
    expect((await cartao(`12/${new Date().getUTCFullYear() + 2}`)).statusCode).toBe(201);
    expect((await cartao('01/2020')).statusCode).toBe(400);
    const depois = await scrape();
    const delta = (nome: string, labels: Record<string, string>) =>
      valor(depois, nome, labels) - valor(antes, nome, labels);
    expect(delta('rango_pagamentos_total', { estado: 'pago' })).toBe(1);
    expect(delta('rango_pagamentos_total', { estado: 'negado' })).toBe(1);
    expect(delta('rango_pedidos_total', { resultado: 'recusado', codigo: '106/500' })).toBe(1);
  });
});

describe('who may read /metrics', () => {
  let h: TestApp;
  const TOKEN = 'token-do-prometheus-0123456789';
  beforeAll(async () => {
    h = await openTestApp('sqlite', { metrics: { allow: ['loopback', '10.1.0.0/16'], token: TOKEN } });
  });
  afterAll(async () => {
    await h.close();
  });
  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    h.app.inject({ url: '/metrics', remoteAddress, headers }).then((r) => r.statusCode);

  it('loopback and the allowed networks; others 403 unless they bring the token', async () => {
    expect(await get('127.0.0.1')).toBe(200);
    expect(await get('::1')).toBe(200);
    expect(await get('::ffff:127.0.0.1')).toBe(200);
    expect(await get('10.1.200.3')).toBe(200);
    expect(await get('10.2.0.1')).toBe(403);
    expect(await get('203.0.113.9')).toBe(403);
    expect(await get('203.0.113.9', { authorization: `Bearer ${TOKEN}` })).toBe(200);
    expect(await get('203.0.113.9', { authorization: `Bearer ${TOKEN}x` })).toBe(403);
    expect(await get('203.0.113.9', { authorization: TOKEN })).toBe(403);
  });

  it('through a proxy that is not trusted, even from loopback, only with the token', async () => {
    // A balancer on the same host: the socket is loopback, the client is anyone.
    expect(await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(403);
    expect(await get('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).toBe(403);
    expect(await get('127.0.0.1', { forwarded: 'for=127.0.0.1' })).toBe(403);
    expect(
      await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` }),
    ).toBe(200);
  });

  it('through a trusted proxy, the client it names is judged', async () => {
    const behind = await openTestApp('sqlite', { trustProxy: 1 });
    try {
      const get2 = (xff: string) =>
        behind.app
          .inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } })
          .then((r) => r.statusCode);
      expect(await get2('203.0.113.9')).toBe(403);
      // The balancer appends the real client last; what the client wrote before it counts for nothing.
      expect(await get2('127.0.0.1, 203.0.113.9')).toBe(403);
      expect(await get2('127.0.0.1')).toBe(200);
    } finally {
      await behind.close();
    }
  });
});

describe('job counters and refusal codes', () => {
  it('contarTarefa counts ok and failed runs and passes the outcome on', async () => {
    const ok = () => metricas.tarefas.get().then((m) => m.values);
    const count = async (tarefa: string, resultado: string) =>
      (await ok()).find((v) => v.labels.tarefa === tarefa && v.labels.resultado === resultado)?.value ?? 0;
    await expect(contarTarefa('teste', Promise.resolve(7))).resolves.toBe(7);
    await expect(contarTarefa('teste', Promise.reject(new Error('falhou')))).rejects.toThrow('falhou');
    await expect(contarTarefa('teste', Promise.resolve(8))).resolves.toBe(8);
    expect(await count('teste', 'ok')).toBe(2);
    expect(await count('teste', 'falha')).toBe(1);
  });

  it('refusal codes come from closed sets', () => {
    expect(codigoDaRecusa(new HttpError(400, { codigo: 105, msg: 'x' }))).toBe('105');
    expect(codigoDaRecusa(new HttpError(400, { codigo: 106, msg: 'x', extra: { codigo: 501 } }))).toBe(
      '106/501',
    );
    expect(codigoDaRecusa(new HttpError(400, { troco_para: ['x'] }))).toBe('campo:troco_para');
    expect(codigoDaRecusa(new HttpError(400, { 'Campo Estranho!': ['x'] }))).toBe('http-400');
    expect(codigoDaRecusa(new HttpError(422, { detail: 'fechado' }))).toBe('http-422');
    expect(codigoDaRecusa(new Error('boom'))).toBe('erro');
  });
});
