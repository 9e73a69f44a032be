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
const ENTRY_TAG = '<script type="module" crossorigin src="/assets/index-a.js"></script>';
const INDEX = `<!doctype html><html><head>${ENTRY_TAG}</head><body><div id="root"></div></body></html>`;
const SHELL = {
  consentCookie: 'is_cookies_aceitos',
  banner: '<header>Logo</header><section aria-label="Aviso de cookies">Usamos cookies</section>',
  noBanner: '<header>Logo</header>',
  back: {
    banner: '<header>Voltar</header><section>Usamos cookies</section>',
    noBanner: '<header>Voltar</header>',
  },
  pages: {
    '/': {
      banner: '<header>Logo</header><h1>Esta página mudou</h1><section>cookies</section>',
      noBanner: '<h1>x</h1>',
    },
  },
};

// Issue 14: the home page is served by the SPA handler with its static first paint, like every
// other shell route, not by the static files' index.html.
describe.each(DIALECTS)('the home page on %s', (dialect) => {
  let ta: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rango-raiz-'));
    const webDist = join(dir, 'dist');
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    mkdirSync(join(webDist, 'icons'));
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    writeFileSync(join(webDist, 'assets', 'index-a.js'), 'console.log("app");');
    writeFileSync(join(webDist, 'icons', 'rango-192.png'), 'png');
    writeFileSync(
      join(webDist, '.vite', 'manifest.json'),
      JSON.stringify({ 'index.html': { file: 'assets/index-a.js', isEntry: true } }),
    );
    writeFileSync(join(webDist, '.vite', 'shell.json'), JSON.stringify(SHELL));
    ta = await openTestApp(dialect, { webDist, logLevel: 'silent' });
  });
  afterAll(async () => {
    await ta.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers / with the logo shell, painted before the JS, under the strict CSP', async () => {
    const home = await ta.app.inject('/');
    expect(home.body).toContain(`<div id="root"><div inert>${SHELL.pages['/'].banner}</div></div>`);
    // With a query (the installed app's ?origem=app redirects) the frame alone, not the page.
    for (const url of ['/', '/?origem=app']) {
      const res = await ta.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      if (url !== '/')
        expect(res.body, url).toContain(`<div id="root"><div inert>${SHELL.banner}</div></div>`);
      expect(res.body, url).not.toContain(ENTRY_TAG);
      expect(res.body, url).toContain('<script src="/start-after-paint.js" data-entry="/assets/index-a.js"');
    }
    const aceito = await ta.app.inject({ url: '/?a=1', headers: { cookie: 'is_cookies_aceitos=true' } });
    expect(aceito.body).toContain(`<div id="root"><div inert>${SHELL.noBanner}</div></div>`);
    expect(aceito.headers.vary).toMatch(/cookie/i);
    const head = await ta.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('still serves the files and the other routes', async () => {
    expect((await ta.app.inject('/assets/index-a.js')).body).toBe('console.log("app");');
    expect((await ta.app.inject('/icons/rango-192.png')).statusCode).toBe(200);
    const login = await ta.app.inject('/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(SHELL.back.banner);
    expect((await ta.app.inject({ method: 'POST', url: '/' })).statusCode).toBe(404);
  });
});
