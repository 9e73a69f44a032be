import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG_PAINEL } from '@rango/domain/painel';
import {
  FUNDO_CINZA,
  MSG_MARCA,
  contraste,
  corDosLinks,
  cssDaMarca,
  marcaSchema,
  paleta,
} from '@rango/domain/painel/marca';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { est } from '../../test/painel.ts';
import type { Bearer } from '../../test/painel.ts';
import { staffBearer } from '../staff/testing.ts';

/** A static shell like the build's: Rango's manifest link and theme colour. */
const INDEX = `<!doctype html><html lang="pt-BR" data-mantine-color-scheme="light"><head><meta name="theme-color" content="#c73a0b" /><link rel="manifest" href="/manifest.webmanifest"><title>Rango</title></head><body><div id="root"></div></body></html>`;

/** A 300 × 150 logo: an opaque blue rectangle on transparency, with a margin. */
const logoPng = () =>
  sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: { create: { width: 200, height: 100, channels: 4, background: '#1030c0' } },
        left: 50,
        top: 25,
      },
    ])
    .png()
    .toBuffer();

const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 4;
  return [data[i], data[i + 1], data[i + 2], data[i + 3]];
};

describe('the brand colour palette', () => {
  it('keeps AA for the pairs the pages draw, for any colour that passes', () => {
    for (const cor of [
      '#c73a0b',
      '#0b6e4f',
      '#595959',
      '#1d4ed8',
      '#7a00cc',
      '#d1006b',
      '#b35c00',
      '#767676',
    ]) {
      const t = paleta(cor);
      expect(t).toHaveLength(10);
      expect(contraste('#ffffff', t[7]!)).toBeGreaterThanOrEqual(4.5);
      expect(contraste(t[7]!, t[0]!), cor).toBeGreaterThanOrEqual(4.5);
      expect(contraste(t[8]!, t[0]!), cor).toBeGreaterThanOrEqual(4.5);
      expect(contraste('#ffffff', t[9]!)).toBeGreaterThan(contraste('#ffffff', t[8]!));
      // Links are text on the footer's grey too.
      expect(contraste(corDosLinks(t), FUNDO_CINZA), cor).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('darkens the links of a colour that passes on white but not on the footer’s grey', () => {
    // An amber that just passes on white (4,7:1) is 4,47:1 on #f8f9fa: its links take shade 8.
    const ambar = '#b35c00';
    expect(contraste(ambar, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contraste(ambar, FUNDO_CINZA)).toBeLessThan(4.5);
    const t = paleta(ambar);
    expect(corDosLinks(t)).toBe(t[8]);
    expect(cssDaMarca(ambar)).toContain(`--mantine-color-anchor:${t[8]}`);
    // A darker one keeps its own colour for links.
    expect(cssDaMarca('#0b6e4f')).toContain('--mantine-color-anchor:#0b6e4f');
  });
});

describe.each(DIALECTS)('the brand on %s', (dialect) => {
  let ta: TestApp;
  let dono: Bearer;
  let atendente: Bearer;
  let outroDono: Bearer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'rango-marca-'));
    writeFileSync(join(webDist, 'index.html'), INDEX);
    ta = await openTestApp(dialect, { rateLimit: false, webDist });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
    outroDono = await staffBearer(ta.app, ta.t.db, 2, 'dono@lanchonete.test', 'dono');
  });
  afterAll(async () => {
    await ta?.close();
    rmSync(webDist, { recursive: true, force: true });
  });
  const call = (opts: InjectOptions, headers: Bearer = dono) => ta.app.inject({ ...opts, headers });
  const putLogo = (bytes: Buffer, id = 1, type = 'image/png', headers: Bearer = dono) =>
    ta.app.inject({
      method: 'PUT',
      url: `${est(id)}/marca/logo/`,
      payload: bytes,
      headers: { ...headers, 'content-type': type },
    });
  const manifesto = (id = 1) => ta.app.inject({ url: `/estabelecimento/${id}/manifest.webmanifest` });

  it('is the owner’s only: none 401, an attendant 403, another establishment 404', async () => {
    const url = `${est(1)}/marca/`;
    expect((await ta.app.inject({ url })).statusCode).toBe(401);
    expect((await call({ url }, atendente)).statusCode).toBe(403);
    const outro = await call({ method: 'PUT', url, payload: { cor: '#0b6e4f' } }, outroDono);
    expect(outro.statusCode).toBe(404);
    expect(outro.json()).toEqual({ detail: MSG_PAINEL.semAcesso });
    expect((await putLogo(await logoPng(), 1, 'image/png', outroDono)).statusCode).toBe(404);
    const row = await ta.t.db.selectFrom('marca').selectAll().where('idestabelecimento', '=', 1).execute();
    expect(row).toEqual([]);
  });

  it('starts as Rango’s; saves a colour and reads it back', async () => {
    const vazio = await call({ url: `${est(1)}/marca/` });
    expect(vazio.statusCode).toBe(200);
    expect(vazio.json()).toEqual({
      cor: null,
      logo: null,
      manifesto: '/estabelecimento/1/manifest.webmanifest',
    });
    const res = await call({ method: 'PUT', url: `${est(1)}/marca/`, payload: { cor: '#0B6E4F' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(marcaSchema.parse(res.json()).cor).toBe('#0b6e4f');
    expect((await call({ url: `${est(1)}/marca/` })).json()).toMatchObject({ cor: '#0b6e4f' });
    // Establishment 2's brand is its own.
    expect((await call({ url: `${est(2)}/marca/` }, outroDono)).json()).toMatchObject({ cor: null });
  });

  it('refuses a colour white text cannot be read on, with the ratio, and keeps the old one', async () => {
    const claro = await call({ method: 'PUT', url: `${est(1)}/marca/`, payload: { cor: '#ffcc00' } });
    expect(claro.statusCode).toBe(400);
    const msg = claro.json<{ cor: string[] }>().cor[0]!;
    expect(msg).toMatch(/pouco contraste com o branco \(1,5:1; o mínimo é 4,5:1\)/);
    // Just under AA (4.48:1) is refused too; just over passes.
    expect(contraste('#7a7a7a', '#ffffff')).toBeLessThan(4.5);
    expect(
      (await call({ method: 'PUT', url: `${est(1)}/marca/`, payload: { cor: '#7a7a7a' } })).statusCode,
    ).toBe(400);
    const mal = await call({ method: 'PUT', url: `${est(1)}/marca/`, payload: { cor: 'red' } });
    expect(mal.statusCode).toBe(400);
    expect(mal.json()).toEqual({ cor: [MSG_MARCA.corInvalida] });
    expect((await call({ url: `${est(1)}/marca/` })).json()).toMatchObject({ cor: '#0b6e4f' });
  });

  it('refuses a logo that is not an image, is not one of the formats, is too small or too large', async () => {
    const texto = await putLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 1, 'image/svg+xml');
    expect(texto.statusCode).toBe(400);
    expect(texto.json()).toEqual({ logo: [MSG_MARCA.logoTipo] });
    const exe = await putLogo(Buffer.from('MZ\x90\x00 not a png'), 1, 'application/octet-stream');
    expect(exe.json()).toEqual({ logo: [MSG_MARCA.logoTipo] });
    const gif = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await putLogo(gif, 1, 'image/gif')).json()).toEqual({ logo: [MSG_MARCA.logoTipo] });
    // A PNG header over a broken body.
    const quebrado = Buffer.concat([(await logoPng()).subarray(0, 40), Buffer.alloc(64)]);
    expect((await putLogo(quebrado)).json()).toEqual({ logo: [MSG_MARCA.logoInvalido] });
    const pequeno = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await putLogo(pequeno)).json()).toEqual({ logo: [MSG_MARCA.logoPequeno] });
    const grande = await putLogo(Buffer.alloc(6 * 1024 * 1024, 1), 1, 'image/png');
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toEqual({ logo: [MSG_MARCA.logoGrande] });
    expect((await call({ url: `${est(1)}/marca/` })).json()).toMatchObject({ logo: null });
  });

  it('names the installed app after the restaurant, on its menu; Rango’s icons without a logo', async () => {
    const res = await manifesto(1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const m = res.json();
    expect(m).toMatchObject({
      id: '/estabelecimento/1/',
      name: 'Pizzaria Teste',
      short_name: 'Pizzaria Teste',
      start_url: '/estabelecimento/1/',
      scope: '/estabelecimento/1/',
      display: 'standalone',
      theme_color: '#0b6e4f',
    });
    expect(m.icons.map((i: { src: string }) => i.src)).toContain('/icons/rango-512.png');
    expect((await manifesto(2)).json()).toMatchObject({ name: 'Lanchonete Vazia', theme_color: '#c73a0b' });
    expect((await manifesto(999)).statusCode).toBe(404);
    expect((await ta.app.inject({ url: '/estabelecimento/x/manifest.webmanifest' })).statusCode).toBe(404);
    // An establishment awaiting approval has no app.
    await ta.t.db.updateTable('estabelecimento').set({ aprovado: 0 }).where('id', '=', 2).execute();
    expect((await manifesto(2)).statusCode).toBe(404);
    await ta.t.db.updateTable('estabelecimento').set({ aprovado: 1 }).where('id', '=', 2).execute();
  });

  it('makes the icons from the logo: 192, 512 and a maskable 512 on the colour, cached for good', async () => {
    const res = await putLogo(await logoPng());
    expect(res.statusCode, res.body).toBe(200);
    const logo = marcaSchema.parse(res.json()).logo!;
    expect(logo).toMatch(/^\/estabelecimento\/1\/marca\/[0-9a-f]{16}\/logo\.png$/);
    const icons = (await manifesto(1)).json<{ icons: { src: string; sizes: string; purpose: string }[] }>()
      .icons;
    expect(icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    const pngs: Buffer[] = [];
    for (const i of icons) {
      const r = await ta.app.inject({ url: i.src });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/png');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(r.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(`${meta.width}x${meta.height}`).toBe(i.sizes);
      pngs.push(r.rawPayload);
    }
    const [, any512, mascara] = pngs as [Buffer, Buffer, Buffer];
    // "any": the logo on transparency; maskable: the brand colour to the corners, the logo in the
    // middle, nothing of it outside the safe zone's circle (radius 40% of the side).
    expect((await pixel(any512, 0, 0))[3]).toBe(0);
    expect(await pixel(mascara, 0, 0)).toEqual([0x0b, 0x6e, 0x4f, 255]);
    expect(await pixel(mascara, 256, 256)).toEqual([0x10, 0x30, 0xc0, 255]);
    const raio = 512 * 0.4;
    for (const [x, y] of [
      [256 - raio - 2, 256],
      [256, 256 - raio - 2],
      [256 + (raio + 2) * Math.SQRT1_2, 256 + (raio + 2) * Math.SQRT1_2],
    ] as const)
      expect(await pixel(mascara, Math.round(x), Math.round(y))).toEqual([0x0b, 0x6e, 0x4f, 255]);
    // A new colour makes a new maskable icon, under a new URL; the old URL is no longer for good.
    await call({ method: 'PUT', url: `${est(1)}/marca/`, payload: { cor: '#7a00cc' } });
    const novos = (await manifesto(1)).json<{ icons: { src: string }[] }>().icons;
    expect(novos[2]!.src).not.toBe(icons[2]!.src);
    const nova = await ta.app.inject({ url: novos[2]!.src });
    expect(await pixel(nova.rawPayload, 0, 0)).toEqual([0x7a, 0x00, 0xcc, 255]);
    expect((await ta.app.inject({ url: icons[2]!.src })).headers['cache-control']).toBe('no-cache');
    expect((await ta.app.inject({ url: '/estabelecimento/1/marca/x/outro.png' })).statusCode).toBe(404);
    // Establishment 2 has no logo: its image URLs answer 404, never establishment 1's.
    const v = novos[2]!.src.split('/')[4]!;
    expect((await ta.app.inject({ url: `/estabelecimento/2/marca/${v}/icone-512.png` })).statusCode).toBe(
      404,
    );
  });

  it('tells the customer’s pages the brand, without a session: colour, logo and manifest', async () => {
    const marca = (id: number | string) =>
      ta.app.inject({ url: `/api/ead/api/estabelecimento/${id}/marca/` });
    const res = await marca(1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const m = marcaSchema.parse(res.json());
    expect(m.cor).toBe('#7a00cc');
    expect(m.manifesto).toBe('/estabelecimento/1/manifest.webmanifest');
    expect(m.logo).toMatch(/^\/estabelecimento\/1\/marca\/[0-9a-f]{16}\/logo\.png$/);
    // The menu's header shows it too (the establishment's detail), and 2 keeps its own.
    const detalhe = (id: number) => ta.app.inject({ url: `/api/ead/controle/estabelecimento/${id}/` });
    expect((await detalhe(1)).json()).toMatchObject({ logo: m.logo });
    const semMarca = await ta.t.db
      .selectFrom('estabelecimento')
      .select('logo')
      .where('id', '=', 2)
      .executeTakeFirst();
    expect((await detalhe(2)).json()).toMatchObject({ logo: semMarca!.logo });
    const logo = await ta.app.inject({ url: m.logo! });
    expect(logo.statusCode).toBe(200);
    expect((await sharp(logo.rawPayload).metadata()).format).toBe('png');
    // Establishment 2's own (none set); an unknown, a malformed or an unapproved one is not found.
    expect((await marca(2)).json()).toEqual({
      cor: null,
      logo: null,
      manifesto: '/estabelecimento/2/manifest.webmanifest',
    });
    for (const id of [999, 'x', 0]) {
      const r = await marca(id);
      expect(r.statusCode, String(id)).toBe(404);
      expect(r.json()).toEqual({ detail: MSG_MARCA.estabelecimentoNaoEncontrado });
    }
    await ta.t.db.updateTable('estabelecimento').set({ aprovado: 0 }).where('id', '=', 2).execute();
    expect((await marca(2)).statusCode).toBe(404);
    await ta.t.db.updateTable('estabelecimento').set({ aprovado: 1 }).where('id', '=', 2).execute();
  });

  it('writes the menu page in the brand: its manifest, theme colour and CSS variables', async () => {
    const res = await ta.app.inject({ url: '/estabelecimento/1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<link rel="manifest" href="/estabelecimento/1/manifest.webmanifest">');
    expect(html).not.toContain('href="/manifest.webmanifest"');
    expect(html).toContain('<meta name="theme-color" content="#7a00cc">');
    expect(html).toMatch(
      /<style id="rango-marca">html:root\[data-mantine-color-scheme\]\{--rango-marca:#7a00cc;/,
    );
    expect(html).toContain('--mantine-color-brasa-7:#7a00cc');
    // Without a colour: its own manifest, Rango's colour, no style.
    const dois = (await ta.app.inject({ url: '/estabelecimento/2/' })).body;
    expect(dois).toContain('href="/estabelecimento/2/manifest.webmanifest"');
    expect(dois).toContain('<meta name="theme-color" content="#c73a0b">');
    expect(dois).not.toContain('rango-marca');
    // Other pages keep Rango's manifest.
    expect((await ta.app.inject({ url: '/login' })).body).toContain('href="/manifest.webmanifest"');
  });

  it('removes the logo: back to Rango’s icons', async () => {
    const res = await call({ method: 'DELETE', url: `${est(1)}/marca/logo/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo: null, cor: '#7a00cc' });
    const m = (await manifesto(1)).json<{ icons: { src: string }[] }>();
    expect(m.icons[0]!.src).toBe('/icons/rango-192.png');
    // The menu's header goes back to the logo the data came with.
    const proprio = await ta.t.db
      .selectFrom('estabelecimento')
      .select('logo')
      .where('id', '=', 1)
      .executeTakeFirst();
    expect((await ta.app.inject({ url: '/api/ead/controle/estabelecimento/1/' })).json()).toMatchObject({
      logo: proprio!.logo,
    });
  });
});
