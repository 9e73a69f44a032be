import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { menuSchema } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS, testConfig } from '../../test/db.ts';
import { marcarMenuMudado } from '../establishments/service.ts';
import { menuRepository } from './repository.ts';
import { etagMatches, pickEncoding } from './routes.ts';

const MENU = '/api/ead/api/estabelecimento/1/menu/';

describe.each(DIALECTS)('menu route on %s', (dialect) => {
  let ta: TestApp;
  beforeAll(async () => {
    ta = await openTestApp(dialect);
  });
  afterAll(async () => {
    await ta.close();
  });

  const getMenu = async (headers: Record<string, string> = {}) => {
    const res = await ta.app.inject({ url: MENU, headers });
    expect(res.statusCode).toBe(200);
    return { res, menu: menuSchema.parse(res.json()) };
  };

  it.runIf(dialect === 'sqlite')(
    'answers the committed menu at once while a transaction is open on the one connection (an import written in slices)',
    async () => {
      const antes = (await getMenu()).res.headers.etag;
      const versao = menuRepository.getMenuVersionNow(ta.t.db, 1)?.versao;
      let terminar!: () => void;
      const segura = new Promise<void>((r) => (terminar = r));
      let aberta = false;
      const trx = ta.t.db.transaction().execute(async (t) => {
        await marcarMenuMudado(t, 1);
        aberta = true;
        await segura;
      });
      while (!aberta) await new Promise((r) => setImmediate(r));
      // The committed version, not the transaction's bump.
      expect(menuRepository.getMenuVersionNow(ta.t.db, 1)?.versao).toBe(versao);
      const espera = new Promise<'esperou'>((r) => setTimeout(() => r('esperou'), 2000));
      const res = await Promise.race([ta.app.inject({ url: MENU }), espera]);
      terminar();
      await trx;
      // Before: the version read went through Kysely and waited for the whole transaction.
      expect(res).not.toBe('esperou');
      if (res === 'esperou') return;
      expect(res.statusCode).toBe(200);
      // The uncommitted bump is not read: the same menu, the same ETag.
      expect(res.headers.etag).toBe(antes);
      // Once committed, the next read sees the new version.
      expect(menuRepository.getMenuVersionNow(ta.t.db, 1)?.versao).toBe(versao! + 1);
    },
  );

  it('answers every group, product, option group and option in their display order', async () => {
    const { res, menu } = await getMenu();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(menu.grupos.map((g) => g.idgrupo)).toEqual([20, 10]);
    const pizzas = menu.grupos[0]!.produtos;
    // Unavailable (1) and hidden (2) products are sent: the app applies the availability rules.
    expect(pizzas.map((p) => [p.idproduto, p.stindisponivel])).toEqual([
      [302, 0],
      [301, 1],
      [303, 2],
    ]);
    expect(menu.grupos[1]!.produtos.map((p) => p.idproduto)).toEqual([311, 310]);
    const calabresa = pizzas[0]!;
    expect(calabresa).toMatchObject({
      preco: 39.9,
      precooferta: 34.9,
      imagem: '/api/ead/media/produtos/calabresa.svg',
    });
    expect(calabresa.grupoopcoes.map((g) => g.idgrupoopcao)).toEqual([501, 502]);
    expect(calabresa.grupoopcoes[0]).toMatchObject({
      multiplo: true,
      stprecopraticado: 3,
      qtdmultiplomax: 2,
    });
    expect(calabresa.grupoopcoes[0]!.opcoes.map((o) => [o.idopcao, o.preco, o.qtdpadrao])).toEqual([
      [9102, 3990, 1],
      [9101, 4490, 0],
    ]);
    expect(calabresa.grupoopcoes[0]!.opcoes[1]).toMatchObject({
      valorafetaopcao: 12.5,
      stpercentualafetaopcao: 1,
    });
    // The shared group appears under both products, options in order, cents kept.
    const margherita = pizzas[1]!;
    expect(margherita.grupoopcoes).toEqual([calabresa.grupoopcoes[1]]);
    expect(margherita.grupoopcoes[0]!.opcoes.map((o) => [o.idopcao, o.preco, o.stindisponivel])).toEqual([
      [9003, 800, 0],
      [9001, 700, 1],
    ]);
  });

  it('answers an establishment without a menu with no groups', async () => {
    const res = await ta.app.inject('/api/ead/api/estabelecimento/2/menu');
    expect(res.statusCode).toBe(200);
    expect(menuSchema.parse(res.json())).toEqual({ grupos: [] });
  });

  it('answers 304 to a matching If-None-Match and the full menu to a stale one', async () => {
    const { res } = await getMenu();
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const notModified = await ta.app.inject({ url: MENU, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    const listed = await ta.app.inject({ url: MENU, headers: { 'if-none-match': `"outro", ${etag}` } });
    expect(listed.statusCode).toBe(304);
    const stale = await ta.app.inject({ url: MENU, headers: { 'if-none-match': 'W/"velho"' } });
    expect(stale.statusCode).toBe(200);
  });

  it('serves brotli and gzip bodies that decode to the same JSON', async () => {
    const plain = (await getMenu()).res.body;
    const br = await ta.app.inject({ url: MENU, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await ta.app.inject({ url: MENU, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    const none = await ta.app.inject({ url: MENU, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('shows a product price change on the next request, with a new ETag', async () => {
    const before = await getMenu();
    expect(await menuRepository.updateProduto(ta.t.db, 311, { preco: 750 })).toBe(true);
    const after = await getMenu();
    const lata = after.menu.grupos[1]!.produtos.find((p) => p.idproduto === 311);
    expect(lata?.preco).toBe(7.5);
    expect(after.res.headers.etag).not.toBe(before.res.headers.etag);
    const revalidated = await ta.app.inject({
      url: MENU,
      headers: { 'if-none-match': before.res.headers.etag! },
    });
    expect(revalidated.statusCode).toBe(200);
  });

  it('sees a change written by another instance (another connection) after it bumps the version', async () => {
    await getMenu();
    const other = ta.t.reopen();
    await other.updateTable('opcao').set({ preco: 999 }).where('idopcao', '=', 9003).execute();
    await marcarMenuMudado(other, 1);
    const { menu } = await getMenu();
    expect(menu.grupos[0]!.produtos[0]!.grupoopcoes[1]!.opcoes[0]!.preco).toBe(999);
  });

  it('serves the cache from a second app on the same database consistently', async () => {
    const second = buildApp(testConfig(), { db: ta.t.db });
    const a = await ta.app.inject(MENU);
    const b = await second.inject(MENU);
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    await second.close();
  });
});

describe.each(DIALECTS)('menu over a real socket (node:http fast path) on %s', (dialect) => {
  let ta: TestApp;
  let base: string;
  beforeAll(async () => {
    ta = await openTestApp(dialect);
    await ta.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ta.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await ta.close();
  });

  const SECURITY = [
    'content-security-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
  ];

  it('answers the same bytes and headers as the Fastify route, security headers included', async () => {
    const first = await fetch(`${base}${MENU}`); // a miss: built through the Fastify route
    const second = await fetch(`${base}${MENU}`); // a hit: the fast path on SQLite
    const injected = await ta.app.inject(MENU);
    const health = await ta.app.inject('/api/ead/health');
    const body = await second.text();
    expect(await first.text()).toBe(body);
    expect(injected.body).toBe(body);
    menuSchema.parse(JSON.parse(body));
    for (const name of [...SECURITY, 'etag', 'content-type', 'cache-control']) {
      expect(second.headers.get(name), name).toBe(String(injected.headers[name]));
    }
    for (const name of SECURITY)
      expect(String(injected.headers[name]), name).toBe(String(health.headers[name]));
    const notFound = await fetch(`${base}/api/ead/api/estabelecimento/abc/menu/`);
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-security-policy')).toBe(
      String(health.headers['content-security-policy']),
    );
    expect(await notFound.json()).toEqual({ detail: 'Estabelecimento não encontrado.' });
  });

  it('answers 304, HEAD and a price change on the next request', async () => {
    const a = await fetch(`${base}${MENU}`);
    await a.arrayBuffer();
    const etag = a.headers.get('etag')!;
    const notModified = await fetch(`${base}${MENU}`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    const head = await fetch(`${base}${MENU}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    await menuRepository.updateProduto(ta.t.db, 310, { preco: 420 });
    const b = await fetch(`${base}/api/ead/api/estabelecimento/1/menu`);
    const menu = menuSchema.parse(await b.json());
    expect(menu.grupos[1]!.produtos.find((p) => p.idproduto === 310)?.preco).toBe(4.2);
    expect(b.headers.get('etag')).not.toBe(etag);
  });
});

describe('menu helpers', () => {
  it('picks the encoding by preference and q-values', () => {
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*;q=0.1, br;q=0')).toBe('gzip');
  });
  it('compares ETags weakly', () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', 'W/"a"')).toBe(true);
    expect(etagMatches('"b", "c"', 'W/"a"')).toBe(false);
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
  });
});
