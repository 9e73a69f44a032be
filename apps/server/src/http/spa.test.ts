import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSpaShell } from './spa.ts';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-a.js"></script></head><body></body></html>';
const dirs: string[] = [];
function dist(manifest?: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'rango-spa-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (manifest) {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
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
    // Already preloaded by the entry.
    expect(html).not.toContain('react-b.js');
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves index.html unchanged elsewhere and without a manifest', () => {
    const shell = createSpaShell(dist(manifest), '/api/ead');
    expect(shell.html('/')).toBe(INDEX);
    expect(shell.html('/estabelecimento/abc')).toBe(INDEX);
    expect(createSpaShell(dist(), '/api/ead').html('/estabelecimento/1')).toBe(INDEX);
  });
});
