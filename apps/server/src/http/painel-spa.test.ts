import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../test/app.ts';
import type { TestApp } from '../test/app.ts';
import { DIALECTS } from '../test/db.ts';

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
  "font-src 'self' data:;connect-src 'self';frame-src 'self';frame-ancestors 'self';object-src 'none';" +
  "base-uri 'self';form-action 'self'";
const CLIENTE_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
const PAINEL_HTML =
  '<!doctype html><html><head><title>Painel | Rango</title><script type="module" src="/painel/assets/painel-def456.js"></script></head><body><div id="root"></div></body></html>';

describe.each(DIALECTS)('the panel page and files on %s', (dialect) => {
  let ta: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rango-painel-'));
    const webDist = join(dir, 'dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(join(webDist, 'index.html'), CLIENTE_HTML);
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("cliente");');
    mkdirSync(join(webDist, 'painel', 'assets'), { recursive: true });
    mkdirSync(join(webDist, 'painel', '.vite'));
    writeFileSync(join(webDist, 'painel', 'painel.html'), PAINEL_HTML);
    writeFileSync(join(webDist, 'painel', 'assets', 'painel-def456.js'), 'console.log("painel");');
    writeFileSync(join(webDist, 'painel', '.vite', 'manifest.json'), '{"segredo":"interno"}');
    ta = await openTestApp(dialect, { webDist, logLevel: 'silent' });
  });
  afterAll(async () => {
    await ta.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers /painel and every /painel/* route with the panel page (no-cache, strict CSP)', async () => {
    for (const url of ['/painel', '/painel/', '/painel/x', '/painel/login?de=/12', '/painel/12/equipe']) {
      const res = await ta.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      expect(res.body, url).toBe(PAINEL_HTML);
    }
  });

  it("keeps the customer's page on the customer's routes", async () => {
    for (const url of ['/estabelecimento/1', '/', '/pedido/5/', '/painelx', '/login']) {
      const res = await ta.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CLIENTE_HTML);
    }
  });

  it("serves the panel's hashed files as immutable; a missing one is a 404, not the page", async () => {
    const res = await ta.app.inject('/painel/assets/painel-def456.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("painel");');
    const missing = await ta.app.inject('/painel/assets/velho-000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
  });

  it("never serves the panel build's manifest", async () => {
    const res = await ta.app.inject('/painel/.vite/manifest.json');
    expect(res.body).not.toContain('segredo');
  });

  it('answers a POST to a panel route with a 404, not the page', async () => {
    const res = await ta.app.inject({ method: 'POST', url: '/painel/login' });
    expect(res.statusCode).toBe(404);
  });
});
