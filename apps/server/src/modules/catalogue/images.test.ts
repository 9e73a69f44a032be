import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { menuSchema } from '@rango/domain';
import { MSG_CATALOGO as M, produtoPainelSchema } from '@rango/domain/painel/catalogo';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { tipoDaImagem } from './images.ts';

const url = (id: number) => `${API}/painel/estabelecimento/1/produtos/${id}/imagem/`;

describe('tipoDaImagem', () => {
  it('reads the type from the bytes only', () => {
    expect(tipoDaImagem(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(tipoDaImagem(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(tipoDaImagem(Buffer.from('GIF89a'))).toBe('gif');
    expect(tipoDaImagem(Buffer.from('MZ\x90\0'))).toBeUndefined();
    expect(
      tipoDaImagem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeUndefined();
  });
});

describe.each(DIALECTS)('product photos on %s', (dialect) => {
  let ta: TestApp;
  let dono: { authorization: string };
  let atendente: { authorization: string };
  let media: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'rango-media-'));
    ta = await openTestApp(dialect, { rateLimit: false, mediaDir: media });
    await ta.app.ready();
    dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    atendente = await staffBearer(ta.app, ta.t.db, 1, 'atendente@pizzaria.test', 'atendente');
  });
  afterAll(async () => {
    await ta?.close();
    rmSync(media, { recursive: true, force: true });
  });

  const enviar = (id: number, body: Buffer, tipo = 'image/jpeg', headers = dono) =>
    ta.app.inject({
      method: 'PUT',
      url: url(id),
      payload: body,
      headers: { ...headers, 'content-type': tipo },
    });
  const imagemAtual = async (id: number) =>
    (
      await ta.t.db
        .selectFrom('produto')
        .select('imagem')
        .where('idproduto', '=', id)
        .executeTakeFirstOrThrow()
    ).imagem;

  it('a photo is re-encoded to the menu sizes as WebP, named by its content, served with long cache', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    // Declared as JPEG: the bytes decide.
    const res = await enviar(311, png);
    expect(res.statusCode, res.body).toBe(200);
    const p = produtoPainelSchema.parse(res.json());
    expect(p.imagem).toMatch(/^\/api\/ead\/media\/produtos\/[0-9a-f]{20}\.webp$/);
    const foto = await ta.app.inject({ url: p.imagem! });
    expect(foto.statusCode).toBe(200);
    expect(foto.headers['content-type']).toBe('image/webp');
    expect(foto.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(await sharp(foto.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    const mini = await ta.app.inject({ url: p.imagem!.replace('.webp', '-240.webp') });
    expect(await sharp(mini.rawPayload).metadata()).toMatchObject({ width: 240, height: 180 });
    const menu = menuSchema.parse(
      (await ta.app.inject({ url: `${API}/api/estabelecimento/1/menu/` })).json(),
    );
    expect(menu.grupos.flatMap((g) => g.produtos).find((x) => x.idproduto === 311)?.imagem).toBe(p.imagem);
    // The same photo again: the same name.
    expect((await enviar(311, png, 'image/png')).json<{ imagem: string }>().imagem).toBe(p.imagem);
  });

  it('refuses an executable renamed .jpg, an SVG with script, a broken image and a 50 MB upload; nothing changes', async () => {
    const antes = await imagemAtual(310);
    const arquivos = readdirSync(join(media, 'produtos')).length;
    const exe = await enviar(310, Buffer.concat([Buffer.from('MZ\x90\0'), Buffer.alloc(1000)]));
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toEqual({ imagem: [M.imagemTipo] });
    const svg = await enviar(
      310,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
    );
    expect(svg.json()).toEqual({ imagem: [M.imagemTipo] });
    const quebrada = await enviar(
      310,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
      'image/png',
    );
    expect(quebrada.statusCode).toBe(400);
    expect(quebrada.json()).toEqual({ imagem: [M.imagemInvalida] });
    const grande = await enviar(310, Buffer.alloc(50 * 1024 * 1024, 0xff));
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toEqual({ imagem: [M.imagemGrande] });
    expect(await imagemAtual(310)).toBe(antes);
    expect(readdirSync(join(media, 'produtos')).length).toBe(arquivos);
  });

  it('owner only; another product 404; removing the photo', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    expect((await enviar(311, png, 'image/png', atendente)).statusCode).toBe(403);
    expect((await enviar(999_999, png, 'image/png')).statusCode).toBe(404);
    const del = await ta.app.inject({ method: 'DELETE', url: url(311), headers: dono });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toMatchObject({ imagem: null });
    expect(await imagemAtual(311)).toBeNull();
  });
});
