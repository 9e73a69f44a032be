import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from './test/app.ts';
import type { TestApp } from './test/app.ts';
import { DIALECTS } from './test/db.ts';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self'";

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

describe.each(DIALECTS)('app on %s', (dialect) => {
  let ta: TestApp;
  let dir: string;
  let logs: string[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rango-app-'));
    const webDist = join(dir, 'dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(
      join(webDist, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(3000))});`,
    );
    mkdirSync(join(webDist, '.vite'));
    // Not manifest.json: that one switches the route hints on, which this suite does not test.
    writeFileSync(join(webDist, '.vite', 'build-info.json'), '{"segredo":"interno"}');
    const mediaDir = join(dir, 'media');
    mkdirSync(join(mediaDir, 'produtos'), { recursive: true });
    writeFileSync(join(mediaDir, 'produtos', 'pizza.svg'), SVG);
    ta = await openTestApp(dialect, { webDist, mediaDir, logLevel: 'silent' });
    logs = [];
    // Capture what the server logs, to check a 500's cause goes there and nowhere else.
    ta.app.addHook('onError', async (_req, _reply, error) => {
      logs.push(error.message);
    });
    ta.app.get('/api/ead/test/quebra', async () => {
      throw new Error('SELECT * FROM segredo WHERE senha = 123');
    });
    // Inside a plugin, so it loads after the compress plugin like the real routes do.
    ta.app.register(async (api) => {
      api.get('/api/ead/test/grande', async () => ({
        itens: Array.from({ length: 200 }, (_, i) => ({ i })),
      }));
    });
    ta.app.post('/api/ead/test/corpo', async (req) => {
      return z.object({ nome: z.string().min(1, 'Seu nome é obrigatório.') }).parse(req.body);
    });
  });
  afterAll(async () => {
    await ta.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('GET /api/ead/health answers ok after a database ping', async () => {
    const res = await ta.app.inject('/api/ead/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers an unknown API route with 404 and the spec text, for any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/ead/nao/existe/'],
      ['POST', '/api/ead/nao/existe/'],
      ['GET', '/api/outra'],
      ['DELETE', '/api/ead/controle/estabelecimento/1/'],
    ] as const) {
      const res = await ta.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Rota não encontrada' });
    }
  });

  it('answers an unexpected error with a 500 that leaks nothing, and logs the cause', async () => {
    const res = await ta.app.inject('/api/ead/test/quebra');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Tivemos um probleminha, tente novamente depois.' });
    expect(res.body).not.toMatch(/SELECT|segredo|stack|at /);
    expect(logs.some((l) => l.includes('segredo'))).toBe(true);
  });

  it('answers a zod validation error with 400 and field errors', async () => {
    const res = await ta.app.inject({ method: 'POST', url: '/api/ead/test/corpo', payload: { nome: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ nome: ['Seu nome é obrigatório.'] });
    const malformed = await ta.app.inject({
      method: 'POST',
      url: '/api/ead/test/corpo',
      headers: { 'content-type': 'application/json' },
      payload: '{"nome":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: 'Requisição mal formada' });
  });

  it('sets security headers and the strict CSP on API answers and SPA routes', async () => {
    for (const url of ['/api/ead/api/estabelecimento/1/formapgto/', '/estabelecimento/1?item=3', '/']) {
      const res = await ta.app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('falls back to index.html (no-cache) for client-side routes, never for /api/', async () => {
    for (const url of ['/', '/estabelecimento/1?item=3', '/privacy', '/pedido/5/']) {
      const res = await ta.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    }
    const api = await ta.app.inject('/api/ead/nao-existe');
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    const post = await ta.app.inject({ method: 'POST', url: '/estabelecimento/1' });
    expect(post.statusCode).toBe(404);
  });

  it("never serves the build's dot-folders (.vite/manifest.json is for the server only)", async () => {
    for (const url of ['/.vite/build-info.json', '/.vite/', '/assets/../.vite/build-info.json']) {
      const res = await ta.app.inject(url);
      expect(res.body, url).not.toContain('segredo');
    }
  });

  it('serves hashed assets as immutable, compressed when asked', async () => {
    const res = await ta.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('gzip');
    const missing = await ta.app.inject('/assets/nao-existe.js');
    // A missing asset gets the SPA shell like any client route; it is never a 500.
    expect(missing.statusCode).toBe(200);
  });

  it('serves media files with their content type and long cache headers', async () => {
    const res = await ta.app.inject('/api/ead/media/produtos/pizza.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=2592000');
    expect(res.body).toBe(SVG);
    const missing = await ta.app.inject('/api/ead/media/produtos/nada.svg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Rota não encontrada' });
    for (const url of [
      '/api/ead/media/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/api/ead/media/%2e%2e/%2e%2e/package.json',
    ]) {
      const escape = await ta.app.inject(url);
      expect(escape.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(escape.body).not.toMatch(/root:|"name"/);
    }
  });

  it('compresses larger JSON answers', async () => {
    const res = await ta.app.inject({
      url: '/api/ead/test/grande',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
