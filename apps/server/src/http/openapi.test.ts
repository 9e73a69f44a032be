import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';

/**
 * Routes without a contract, each with its reason. Not an API a developer integrates with, or
 * not yet described: the second group is what is left to do, so this list only shrinks (an entry
 * that has a contract now, or no longer exists, fails the test).
 */
const SEM_CONTRATO: Record<string, string> = {
  // Not part of the API.
  'GET /healthz': "the load balancer's liveness probe",
  'GET /readyz': "the load balancer's readiness probe",
  'GET /metrics': 'Prometheus scrape, behind its own token',
  'GET /api/ead/health': 'the old health probe',
  'GET /api/docs/openapi.json': 'the document itself',
  'GET /api/docs': 'the page of the document',
  'POST /api/ead/pagamentos/notificacao/': "the payment provider's webhook (Cielo's contract, not ours)",
  'GET /api/ead/pagamentos/mercadopago/desafio/:chave/:assinatura/':
    "Mercado Pago's 3-D Secure challenge page (HTML framed by the order's page), not a JSON operation",
  'POST /api/ead/controle/cliente/social/facebook/remocao/':
    "Facebook's data deletion callback (a signed form of Facebook's contract, not ours)",
  'GET /api/ead/painel/mercadopago/retorno/':
    "Mercado Pago's OAuth redirect (a browser's navigation, answered with a redirect or a page)",
  'GET /api/ead/controle/eventos/': 'an SSE stream (text/event-stream), not a JSON operation',
  'GET /api/ead/painel/estabelecimento/:id/eventos/':
    'an SSE stream (text/event-stream), not a JSON operation',
  'GET /api/ead/sandbox/3ds/bpmpi.js': "the sandbox bank's script (development only)",
  'GET /api/ead/sandbox/3ds/banco.js': "the sandbox bank's script (development only)",
  'GET /api/ead/sandbox/3ds/banco.css': "the sandbox bank's style (development only)",
  'POST /api/ead/sandbox/3ds/autenticar': "the sandbox bank's 3DS page (development only)",
  'GET /api/ead/sandbox/3ds/desafio/:referenceid': "the sandbox bank's 3DS page (development only)",
  'POST /api/ead/sandbox/3ds/desafio/:referenceid': "the sandbox bank's 3DS page (development only)",
  'GET /api/ead/sandbox/3ds/resultado/:referenceid': "the sandbox bank's 3DS page (development only)",
  'POST /api/ead/sandbox/sop/card/': "the sandbox gateway's card tokenisation (development only)",
  'GET /api/ead/sandbox/banco/debito/:id': "the sandbox bank's debit page (development only)",
  'POST /api/ead/sandbox/banco/debito/:id': "the sandbox bank's debit page (development only)",
  'GET /api/ead/sandbox/banco/pix/:id': "the sandbox bank's Pix page (development only)",
  'POST /api/ead/sandbox/banco/pix/:id': "the sandbox bank's Pix page (development only)",
};

/** Still to describe (issue 24 part 1, continued): remove each line as its route gets a contract. */
const AINDA_SEM_CONTRATO: string[] = [];

/** A small JSON Schema check (the keywords zod emits for the coupon's body), enough for the test. */
function valido(schema: Record<string, unknown>, valor: unknown): boolean {
  const tipo = schema.type as string | undefined;
  if (tipo === 'object') {
    if (typeof valor !== 'object' || valor === null || Array.isArray(valor)) return false;
    const o = valor as Record<string, unknown>;
    if (((schema.required as string[] | undefined) ?? []).some((k) => !(k in o))) return false;
    const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
    return Object.entries(props).every(([k, s]) => !(k in o) || valido(s, o[k]));
  }
  if (tipo === 'string') return typeof valor === 'string';
  if (tipo === 'integer' || tipo === 'number') {
    if (typeof valor !== 'number' || (tipo === 'integer' && !Number.isInteger(valor))) return false;
    const n = schema as { minimum?: number; maximum?: number; exclusiveMinimum?: number };
    if (n.minimum !== undefined && valor < n.minimum) return false;
    if (n.exclusiveMinimum !== undefined && valor <= n.exclusiveMinimum) return false;
    return n.maximum === undefined || valor <= n.maximum;
  }
  return true;
}

interface Doc {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
  components?: { schemas?: Record<string, unknown> };
}

describe('the OpenAPI document of the routes (on sqlite)', () => {
  let h: TestApp;
  let doc: Doc;
  let etag: string;

  beforeAll(async () => {
    h = await openTestApp('sqlite');
    await h.app.ready();
    const r = await h.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    etag = String(r.headers.etag);
    doc = r.json();
  });
  afterAll(async () => h.close());

  it('has a contract for every route Fastify registered, but for the named exceptions', () => {
    const rotas = h.app.contratos.map((r) => ({ chave: `${r.metodo} ${r.url}`, contrato: r.contrato }));
    const chaves = new Set(rotas.map((r) => r.chave));
    const faltam = rotas
      .filter((r) => !r.contrato && !(r.chave in SEM_CONTRATO) && !AINDA_SEM_CONTRATO.includes(r.chave))
      .map((r) => r.chave);
    expect(
      faltam,
      'routes without a contract (declare config.contrato where the route is registered)',
    ).toEqual([]);
    const comContrato = new Set(rotas.filter((r) => r.contrato).map((r) => r.chave));
    const sobrando = [...Object.keys(SEM_CONTRATO), ...AINDA_SEM_CONTRATO].filter(
      (k) => comContrato.has(k) || !chaves.has(k),
    );
    expect(sobrando, 'exceptions that have a contract now or no longer exist: remove them').toEqual([]);
    expect(comContrato.size).toBeGreaterThan(0);
  });

  it('is structurally OpenAPI 3.1: operations with responses, every $ref resolving', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const operacoes = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operacoes.length).toBe(h.app.contratos.filter((r) => r.contrato).length);
    for (const [caminho, item] of Object.entries(doc.paths)) {
      for (const [metodo, op] of Object.entries(item)) {
        // Every operation says what it answers on success, and at least one refusal.
        const statuses = Object.keys(op.responses ?? {});
        expect(
          statuses.filter((s) => s.startsWith('2')),
          `${metodo} ${caminho}`,
        ).not.toEqual([]);
        expect(
          statuses.filter((s) => /^[45]/.test(s)),
          `${metodo} ${caminho}`,
        ).not.toEqual([]);
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\//);
      let alvo: unknown = doc;
      for (const parte of ref.slice(2).split('/'))
        alvo = (alvo as Record<string, unknown> | undefined)?.[parte];
      expect(alvo, ref).toBeDefined();
    }
  });

  it('answers an unchanged document with 304 and serves a readable page', async () => {
    const r = await h.app.inject({
      method: 'GET',
      url: '/api/docs/openapi.json',
      headers: { 'if-none-match': etag },
    });
    expect(r.statusCode).toBe(304);
    const p = await h.app.inject({ method: 'GET', url: '/api/docs' });
    expect(p.statusCode).toBe(200);
    expect(p.headers['content-type']).toMatch(/^text\/html/);
    expect(p.body).toContain('Documentação da API');
    expect(p.body).toContain('/api/ead/api/cupom/validar/');
    expect(p.body).not.toMatch(/<script/i);
  });

  it("refuses with 400 a coupon body the document's JSON Schema calls invalid, and takes one it allows", async () => {
    const op = doc.paths['/api/ead/api/cupom/validar/']!.post!;
    const corpo = (op.requestBody as { content: Record<string, { schema: Record<string, unknown> }> })
      .content['application/json']!.schema;
    const row = await h.t.db
      .insertInto('cliente')
      .values({
        uuid: randomUUID(),
        nomeourazaosocial: 'Maria',
        email: `${randomUUID()}@exemplo.com`,
        confirmado: 1,
        criado_em: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await h.app.accessTokens.sign(row.id);
    const post = (payload: object) =>
      h.app.inject({
        method: 'POST',
        url: '/api/ead/api/cupom/validar/',
        payload,
        headers: { authorization: `Bearer ${token}` },
      });
    const invalidos = [
      { cupom: 'BEMVINDO' },
      { cupom: 'BEMVINDO', deliveryestabelecimento: 'um' },
      { cupom: 'BEMVINDO', deliveryestabelecimento: 0 },
      { cupom: 12, deliveryestabelecimento: 1 },
    ];
    for (const body of invalidos) {
      expect(valido(corpo, body), JSON.stringify(body)).toBe(false);
      const r = await post(body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof r.json().error).toBe('string');
    }
    // A body the schema allows passes validar: the answer is about the coupon (not found), not its shape.
    const aceito = { cupom: 'NAOEXISTE', deliveryestabelecimento: 1 };
    expect(valido(corpo, aceito)).toBe(true);
    const r = await post(aceito);
    expect(r.json().error).not.toMatch(/Insira|inválido/i);
  });
});
