import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { menuSchema } from '@rango/domain';
import { MAX_PIXELS_IMAGEM, MSG_CATALOGO as M, produtoPainelSchema } from '@rango/domain/painel/catalogo';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { PNG_PRETO_E_BRANCO, pngDeLinhas } from '../../test/png.ts';
import { API, staffBearer } from '../staff/testing.ts';
import { criarFila, FilaCheia, filaImagens, tipoDaImagem } from './images.ts';
import { FOTO_LIMITS } from './painel-routes.ts';
import { novoEstabelecimento } from '../../test/catalogo.ts';

const url = (id: number) => `${API}/painel/estabelecimento/1/produtos/${id}/imagem/`;

describe('tipoDaImagem', () => {
  it('reads the type from the bytes only', () => {
    expect(tipoDaImagem(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(tipoDaImagem(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    // Not one of the menu's formats (FORMATOS_IMAGEM: the panel's input and the README say the same).
    expect(tipoDaImagem(Buffer.from('GIF89a'))).toBeUndefined();
    expect(tipoDaImagem(Buffer.from('MZ\x90\0'))).toBeUndefined();
    expect(
      tipoDaImagem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeUndefined();
  });
});

/** A black-and-white PNG of largura × altura px (pngDeLinhas: small as a file, big decoded). */
const pngPretoEBranco = (largura: number, altura: number): Buffer =>
  pngDeLinhas(largura, altura, PNG_PRETO_E_BRANCO, Buffer.alloc(Math.ceil(largura / 8), 0xaa));

describe('criarFila', () => {
  it('runs at most n at a time, in arrival order; past the waiting line, refuses at once', async () => {
    const fila = criarFila(2, 3);
    let agora = 0;
    let maximo = 0;
    const ordem: number[] = [];
    const liberar: (() => void)[] = [];
    const tarefa = (i: number) =>
      fila.executar(async () => {
        agora++;
        maximo = Math.max(maximo, agora);
        ordem.push(i);
        await new Promise<void>((r) => liberar.push(r));
        agora--;
        return i;
      });
    const todas = [0, 1, 2, 3, 4].map(tarefa);
    await expect(tarefa(5)).rejects.toBeInstanceOf(FilaCheia);
    await vi.waitFor(() => expect(liberar).toHaveLength(2));
    expect({ ativos: fila.ativos, esperando: fila.esperando }).toEqual({ ativos: 2, esperando: 3 });
    // Each one that ends lets the next one in, never a third at once.
    for (let fim = 0; fim < 5; fim++) {
      liberar[fim]!();
      await vi.waitFor(() => expect(liberar.length).toBe(Math.min(5, fim + 3)));
    }
    expect(await Promise.all(todas)).toEqual([0, 1, 2, 3, 4]);
    expect(ordem).toEqual([0, 1, 2, 3, 4]);
    expect(maximo).toBe(2);
    expect(fila.pico).toBe(2);
    expect({ ativos: fila.ativos, esperando: fila.esperando }).toEqual({ ativos: 0, esperando: 0 });
    // A task that throws frees its place too.
    await expect(fila.executar(() => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(fila.ativos).toBe(0);
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
  afterEach(() => {
    vi.restoreAllMocks();
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

  it('a photo over the pixel cap gets the cap message, read from its header before any decoding', async () => {
    const executar = vi.spyOn(filaImagens, 'executar');
    const antes = await imagemAtual(310);
    // 81 MP in 27 kB: what a phone never makes, and what would cost ~250 MB to decode.
    const bomba = pngPretoEBranco(9000, 9000);
    expect(bomba.length).toBeLessThan(40_000);
    const res = await enviar(310, bomba, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ imagem: [M.imagemDimensoes] });
    // Just over the cap (8192 × 6145), and just under it (a 1-px-tall strip of the same width: fine).
    const acima = await enviar(310, pngPretoEBranco(8192, 6145), 'image/png');
    expect(acima.json()).toEqual({ imagem: [M.imagemDimensoes] });
    expect(executar).not.toHaveBeenCalled();
    expect(8192 * 6145).toBeGreaterThan(MAX_PIXELS_IMAGEM);
    expect(await imagemAtual(310)).toBe(antes);
    expect((await enviar(310, pngPretoEBranco(8192, 1), 'image/png')).statusCode).toBe(200);
    expect(executar).toHaveBeenCalledTimes(1);
  });

  it('a GIF is refused as the panel and the README say (JPEG, PNG or WebP)', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#0f0' } })
      .gif()
      .toBuffer();
    const res = await enviar(310, gif, 'image/gif');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ imagem: [M.imagemTipo] });
    expect(M.imagemTipo).toBe('Envie uma foto JPEG, PNG ou WebP.');
  });

  it('uploads at the same time are decoded one at a time, all kept', async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 4, background: '#36c8' } })
      .png()
      .toBuffer();
    const executar = vi.spyOn(filaImagens, 'executar');
    const picoAntes = filaImagens.pico;
    const respostas = await Promise.all(
      [311, 310, 311, 310, 311, 310].map((id) => enviar(id, png, 'image/png')),
    );
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(executar).toHaveBeenCalledTimes(6);
    expect(Math.max(picoAntes, filaImagens.pico)).toBe(1);
    expect({ ativos: filaImagens.ativos, esperando: filaImagens.esperando }).toEqual({
      ativos: 0,
      esperando: 0,
    });
    // The alpha channel went through the single decode: the thumbnail still has it.
    const { imagem } = respostas[0]!.json<{ imagem: string }>();
    const mini = await ta.app.inject({ url: imagem.replace('.webp', '-240.webp') });
    expect(await sharp(mini.rawPayload).metadata()).toMatchObject({
      width: 240,
      height: 180,
      hasAlpha: true,
    });
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

describe.each(DIALECTS)('photo uploads rate-limited per establishment on %s', (dialect) => {
  let ta: TestApp;
  let media: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'rango-media-'));
    ta = await openTestApp(dialect, { rateLimit: true, mediaDir: media });
    await ta.app.ready();
  });
  afterAll(async () => {
    await ta?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it(`past ${FOTO_LIMITS.minuto.max} a minute: 429 with its message; another establishment is not counted`, async () => {
    const dono = await staffBearer(ta.app, ta.t.db, 1, 'dono@pizzaria.test', 'dono');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#f80' } })
      .png()
      .toBuffer();
    const enviar = (idest: number, id: number) =>
      ta.app.inject({
        method: 'PUT',
        url: `${API}/painel/estabelecimento/${idest}/produtos/${id}/imagem/`,
        payload: png,
        headers: { ...dono, 'content-type': 'image/png' },
      });
    // A new establishment of the same owner, before establishment 1's uploads start.
    const outro = await ta.app.inject({
      method: 'POST',
      url: `${API}/painel/estabelecimentos/`,
      payload: novoEstabelecimento('Outra Casa'),
      headers: dono,
    });
    expect(outro.statusCode, outro.body).toBe(201);
    const idOutro = outro.json<{ id: number }>().id;
    // Refused attempts count too (here not images at all: no decoding, so the loop is quick).
    const lixo = () =>
      ta.app.inject({
        method: 'PUT',
        url: `${API}/painel/estabelecimento/1/produtos/311/imagem/`,
        payload: Buffer.from('não é uma foto'),
        headers: { ...dono, 'content-type': 'image/png' },
      });
    let demais = await enviar(1, 311);
    expect(demais.statusCode).toBe(200);
    for (let i = 1; i < FOTO_LIMITS.minuto.max; i++) {
      const r = await lixo();
      // The minute's window may turn mid-loop: then the count starts over, still never a 429 here.
      expect(r.json()).toEqual({ imagem: [M.imagemTipo] });
    }
    demais = await enviar(1, 311);
    // The loop crossed a minute boundary: fill the new window.
    for (let i = 0; i < FOTO_LIMITS.minuto.max && demais.statusCode !== 429; i++)
      demais = await enviar(1, 311);
    expect(demais.statusCode).toBe(429);
    expect(demais.json()).toEqual({ detail: M.imagemMuitas });
    expect(Number(demais.headers['retry-after'])).toBeGreaterThan(0);
    // Another establishment's uploads have their own count (an unknown product: 404, not 429).
    expect((await enviar(idOutro, 999_999)).statusCode).toBe(404);
  });
});
