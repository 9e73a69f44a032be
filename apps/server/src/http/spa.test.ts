import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpaShell, hasConsent } from './spa.ts';

const ENTRY_TAG = '<script type="module" crossorigin src="/assets/index-a.js"></script>';
const INDEX = `<!doctype html><html><head>${ENTRY_TAG}<link rel="modulepreload" crossorigin href="/assets/react-b.js"></head><body><div id="root"></div></body></html>`;
const SHELL = {
  consentCookie: 'is_cookies_aceitos',
  banner: '<header>Rango</header><section aria-label="Aviso de cookies">Usamos cookies</section>',
  noBanner: '<header>Rango</header>',
  back: {
    banner: '<header>Voltar</header><section aria-label="Aviso de cookies">Usamos cookies</section>',
    noBanner: '<header>Voltar</header>',
  },
};
const dirs: string[] = [];
function dist(manifest?: unknown, shell?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'rango-spa-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    if (shell) writeFileSync(join(dir, '.vite', 'shell.json'), JSON.stringify(shell));
  }
  return dir;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('createSpaShell', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-b.js' },
    '_box.js': { file: 'assets/box-c.js', imports: ['_react.js'] },
    'src/features/estabelecimento/index.ts': {
      file: 'assets/estabelecimento-d.js',
      imports: ['_react.js', '_box.js'],
    },
  };

  it('preloads the menu data and the route chunk on /estabelecimento/:id', () => {
    const html = createSpaShell(dist(manifest), '/api/ead').html('/estabelecimento/7/');
    for (const u of [
      '/api/ead/controle/estabelecimento/7/',
      '/api/ead/api/estabelecimento/7/menu/',
      '/api/ead/api/estabelecimento/7/formapgto/',
    ]) {
      expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${u}">`);
    }
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/estabelecimento-d.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/box-c.js">');
    // Already preloaded by index.html for the entry: not twice.
    expect(html.match(/react-b\.js/g)).toHaveLength(1);
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves index.html unchanged elsewhere and without a manifest', () => {
    const shell = createSpaShell(dist(manifest), '/api/ead');
    expect(shell.html('/')).toBe(INDEX);
    expect(shell.html('/estabelecimento/abc')).toBe(INDEX);
    expect(createSpaShell(dist(), '/api/ead').html('/estabelecimento/1')).toBe(INDEX);
  });

  it('puts the static shell inside #root, inert, with the cookie banner only without consent', () => {
    const shell = createSpaShell(dist(manifest, SHELL), '/api/ead');
    const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    const fresh = shell.html('/estabelecimento/1');
    expect(root(fresh)).toBe(`<div id="root"><div inert>${SHELL.banner}</div></div>`);
    for (const cookie of ['is_cookies_aceitos=true', 'a=1; is_cookies_aceitos=true; b=2']) {
      expect(root(shell.html('/estabelecimento/1', cookie))).toBe(
        `<div id="root"><div inert>${SHELL.noBanner}</div></div>`,
      );
    }
    for (const cookie of ['is_cookies_aceitos=false', 'x_is_cookies_aceitos=true', '']) {
      expect(shell.html('/estabelecimento/1', cookie)).toContain('Aviso de cookies');
    }
    // The payment iframe's standalone page: index.html as is, React draws everything.
    expect(shell.html('/aguardando-pagamento')).toBe(INDEX);
    expect(shell.html('/aguardando-pagamento/')).toBe(INDEX);
    // Nothing but HTML and CSS before the first paint: no module tag, no modulepreload; the
    // loader starts the entry afterwards and preloads the entry's imports and the route's chunk.
    expect(fresh).not.toContain(ENTRY_TAG);
    expect(fresh).not.toContain('type="module"');
    expect(fresh).not.toContain('rel="modulepreload"');
    expect(fresh).toContain(
      '<script src="/start-after-paint.js" data-entry="/assets/index-a.js" ' +
        'data-preload="/assets/react-b.js /assets/estabelecimento-d.js /assets/box-c.js" defer></script>',
    );
    expect(fresh.indexOf('start-after-paint.js')).toBeLessThan(fresh.indexOf('</head>'));
    // Still one #root, and the hints stay in <head>.
    expect(fresh.match(/id="root"/g)).toHaveLength(1);
    expect(fresh.indexOf('rel="preload"')).toBeLessThan(fresh.indexOf('</head>'));
  });

  it('paints every other page of the shell first too, with its header, without the menu preloads', () => {
    const shell = createSpaShell(dist(manifest, SHELL), '/api/ead');
    const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    for (const path of ['/login', '/cadastro', '/privacy', '/pedido/5', '/cliente', '/qualquer']) {
      const html = shell.html(path);
      expect(root(html), path).toBe(`<div id="root"><div inert>${SHELL.back.banner}</div></div>`);
      expect(root(shell.html(path, 'is_cookies_aceitos=true'))).toBe(
        `<div id="root"><div inert>${SHELL.back.noBanner}</div></div>`,
      );
      expect(html).not.toContain(ENTRY_TAG);
      expect(html).not.toContain('rel="preload"');
      expect(html).toContain(
        '<script src="/start-after-paint.js" data-entry="/assets/index-a.js" data-preload="/assets/react-b.js" defer></script>',
      );
    }
    // The logo's pages: home and an establishment path that is not an id (its 'not found').
    for (const path of ['/', '/estabelecimento/abc']) {
      expect(root(shell.html(path))).toBe(`<div id="root"><div inert>${SHELL.banner}</div></div>`);
      expect(shell.html(path)).not.toContain('estabelecimento-d.js');
    }
    // A build whose shell has no back variant: index.html as is there.
    const { back: _sem, ...logoOnly } = SHELL;
    expect(createSpaShell(dist(manifest, logoOnly), '/api/ead').html('/login')).toBe(INDEX);
  });

  it("preloads a public page's own chunk with the entry, nothing of it before the first paint", () => {
    const pages = {
      ...manifest,
      'src/features/conta/routes/login-page.tsx': {
        file: 'assets/login-page-e.js',
        imports: ['index.html', '_react.js', '_box.js'],
      },
      'src/features/institucional/routes/home-page.tsx': {
        file: 'assets/home-page-f.js',
        imports: ['_react.js'],
      },
    };
    const shell = createSpaShell(dist(pages, SHELL), '/api/ead');
    const loader = (preload: string) =>
      `<script src="/start-after-paint.js" data-entry="/assets/index-a.js" data-preload="${preload}" defer></script>`;
    for (const path of ['/login', '/login/']) {
      const html = shell.html(path);
      expect(html, path).toContain(loader('/assets/react-b.js /assets/login-page-e.js /assets/box-c.js'));
      expect(html, path).not.toContain('rel="modulepreload"');
    }
    expect(shell.html('/')).toContain(loader('/assets/react-b.js /assets/home-page-f.js'));
    // Other pages (and a page whose chunk this build lacks): the entry's imports only.
    for (const path of ['/login/x', '/cadastro', '/pedido', '/qualquer']) {
      expect(shell.html(path), path).toContain(loader('/assets/react-b.js'));
    }
  });

  it("draws a page whole when the shell has it, with its chunk's CSS in the head", () => {
    const pages = {
      ...manifest,
      'src/features/institucional/routes/privacy-page.tsx': {
        file: 'assets/privacy-page-g.js',
        imports: ['_react.js', '_tabs.js'],
      },
      '_tabs.js': { file: 'assets/tabs-h.js', css: ['assets/tabs-i.css'] },
    };
    const privacy = {
      banner: '<header>Voltar</header><h1>Privacy</h1><aside>cookies</aside>',
      noBanner: '<h1>Privacy</h1>',
    };
    const shell = createSpaShell(
      dist(pages, { ...SHELL, pages: { '/privacy': privacy, '/constructor': 'x' } }),
      '/api/ead',
    );
    const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
    for (const path of ['/privacy', '/privacy/']) {
      const html = shell.html(path);
      expect(root(html), path).toBe(`<div id="root"><div inert>${privacy.banner}</div></div>`);
      expect(root(shell.html(path, 'is_cookies_aceitos=true'))).toBe(
        `<div id="root"><div inert>${privacy.noBanner}</div></div>`,
      );
      const css = html.indexOf('<link rel="stylesheet" crossorigin href="/assets/tabs-i.css">');
      expect(css, path).toBeGreaterThan(-1);
      expect(css).toBeLessThan(html.indexOf('</head>'));
      expect(html).toContain('data-preload="/assets/react-b.js /assets/privacy-page-g.js /assets/tabs-h.js"');
    }
    // With a query the page may differ (the home page's ?origem=app redirects): its frame alone.
    expect(root(shell.html('/privacy', undefined, false))).toBe(
      `<div id="root"><div inert>${SHELL.back.banner}</div></div>`,
    );
    expect(shell.html('/privacy', undefined, false)).not.toContain('tabs-i.css');
    // Not drawn: the frame alone, no page CSS; a malformed entry or an Object key is no page.
    for (const path of ['/terms', '/constructor', '/toString', '/privacy/x']) {
      expect(root(shell.html(path)), path).toBe(`<div id="root"><div inert>${SHELL.back.banner}</div></div>`);
      expect(shell.html(path), path).not.toContain('tabs-i.css');
    }
  });

  it('writes a page drawn whole its small CSS inline (no request before its first paint), a large one linked', () => {
    const pages = {
      ...manifest,
      'src/features/institucional/routes/privacy-page.tsx': {
        file: 'assets/privacy-page-g.js',
        imports: ['_react.js', '_tabs.js', '_grande.js', '_fecha.js'],
      },
      '_tabs.js': { file: 'assets/tabs-h.js', css: ['assets/tabs-i.css'] },
      '_grande.js': { file: 'assets/grande-h.js', css: ['assets/grande-i.css'] },
      '_fecha.js': { file: 'assets/fecha-h.js', css: ['assets/fecha-i.css'] },
    };
    const dir = dist(pages, {
      ...SHELL,
      pages: { '/privacy': { banner: '<h1>P</h1>', noBanner: '<h1>P</h1>' } },
    });
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'tabs-i.css'), '.tabs{color:red}');
    writeFileSync(join(dir, 'assets', 'grande-i.css'), `.g{content:"${'x'.repeat(5000)}"}`);
    writeFileSync(join(dir, 'assets', 'fecha-i.css'), '.f{content:"</style><script>"}');
    const html = createSpaShell(dir, '/api/ead').html('/privacy');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style>.tabs{color:red}</style>');
    expect(head).not.toContain('tabs-i.css');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/grande-i.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/fecha-i.css">');
    expect(html).not.toContain('</style><script>');
  });

  it('serves no static shell when the build has none or it is malformed', () => {
    const html = createSpaShell(dist(manifest), '/api/ead').html('/estabelecimento/1');
    expect(html).toContain('<div id="root"></div>');
    // Nothing to paint first: the entry's own tag.
    expect(html).toContain(ENTRY_TAG);
    expect(html).not.toContain('start-after-paint.js');
    expect(createSpaShell(dist(manifest, { banner: 1 }), '/api/ead').html('/estabelecimento/1')).toContain(
      '<div id="root"></div>',
    );
  });
});

describe('hasConsent', () => {
  it('reads the consent cookie from the Cookie header', () => {
    expect(hasConsent('is_cookies_aceitos=true', 'is_cookies_aceitos')).toBe(true);
    expect(hasConsent(' foo=1;is_cookies_aceitos=true ', 'is_cookies_aceitos')).toBe(true);
    expect(hasConsent(undefined, 'is_cookies_aceitos')).toBe(false);
    expect(hasConsent('is_cookies_aceitos=1', 'is_cookies_aceitos')).toBe(false);
  });
});
