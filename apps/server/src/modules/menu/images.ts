import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { FORMATOS_IMAGEM, MAX_PIXELS_IMAGEM, MSG_CATALOGO as M } from '@rango/domain/painel/catalogo';
import type * as SharpModule from 'sharp';
import { HttpError } from '../../http/errors.ts';

/** Where product photos go: the local media folder by default (an object store is the production plan). */
export interface Armazenamento {
  /** Stores the bytes under `chave` ('produtos/ab12….webp'); the same key always holds the same bytes. */
  gravar(chave: string, bytes: Buffer, tipo: string): Promise<void>;
  /** The public path of a key, as the menu's `imagem`. */
  url(chave: string): string;
}

/** The media folder served at /api/ead/media/ (app.ts). Written through a temp name, so a reader never sees half a file. */
export function createLocalStorage(mediaDir: string, prefixo = '/api/ead/media/'): Armazenamento {
  return {
    async gravar(chave, bytes) {
      const destino = join(mediaDir, chave);
      await mkdir(dirname(destino), { recursive: true });
      const tmp = `${destino}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, destino);
    },
    url: (chave) => `${prefixo}${chave}`,
  };
}

export type TipoImagem = (typeof FORMATOS_IMAGEM)[number];

/** The image type from its first bytes (never from the name or the declared type); only the menu's formats. */
export function tipoDaImagem(b: Uint8Array): TipoImagem | undefined {
  const s = (i: number, ...bytes: number[]) => bytes.every((x, k) => b[i + k] === x);
  if (s(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (s(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (s(0, 0x52, 0x49, 0x46, 0x46) && s(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return undefined;
}

/** The sizes the menu uses: the drawer's photo and the list's thumbnail (square-ish, never enlarged). */
export const TAMANHOS_IMAGEM = { foto: 800, miniatura: 240 } as const;

/** The queue's waiting line is full: the instance is busy (the route answers 503 with Retry-After). */
export class FilaCheia extends Error {
  constructor() {
    super('fila de fotos cheia');
    this.name = 'FilaCheia';
  }
}

/**
 * Runs at most `n` tasks at a time, in arrival order; up to `espera` more wait their turn and any
 * beyond that is refused at once (FilaCheia). `pico` is the most ever run at once (tests read it).
 */
export function criarFila(n: number, espera: number) {
  let ativos = 0;
  let pico = 0;
  const esperando: (() => void)[] = [];
  return {
    async executar<T>(tarefa: () => Promise<T>): Promise<T> {
      if (ativos < n) ativos++;
      else if (esperando.length >= espera) {
        throw new FilaCheia();
      } else {
        // The slot is handed over by the task that ends (ativos stays counted for it).
        await new Promise<void>((r) => esperando.push(r));
      }
      pico = Math.max(pico, ativos);
      try {
        return await tarefa();
      } finally {
        const proxima = esperando.shift();
        if (proxima) proxima();
        else ativos--;
      }
    },
    get ativos() {
      return ativos;
    },
    get esperando() {
      return esperando.length;
    },
    get pico() {
      return pico;
    },
  };
}

/**
 * Photos are decoded one at a time per instance: one decode of a large photo costs tens of MB
 * outside the JS heap (ten at once took an instance from 115 to 398 MB RSS, kept by the
 * allocator afterwards; bench/src/photo-memory.ts) and a core. Sixteen more may wait (a
 * 50 MP photo takes ~0.4 s; a phone's usual 12 MP JPEG, decoded at a reduced scale, far less).
 */
export const filaImagens = criarFila(1, 16);

let sharpCarregado: Promise<typeof SharpModule> | undefined;
/**
 * libvips is loaded with the first photo: an instance that never receives one (most of them, and
 * every customer-facing one) does not carry its ~27 MB of RSS. Its operation cache is off (it
 * would keep decoded images around for a next call that never comes) and each photo gets one
 * thread (the queue above runs one photo at a time: one core, the other left to the requests).
 */
export function carregarSharp(): Promise<typeof SharpModule> {
  sharpCarregado ??= import('sharp').then((m) => {
    m.default.cache(false);
    m.default.concurrency(1);
    return m;
  });
  return sharpCarregado;
}

/** A refusal of libvips' own pixel limit (a backstop: the header was checked first). */
const excedePixels = (e: unknown) => e instanceof Error && /pixel limit/i.test(e.message);

/**
 * Checks and re-encodes an uploaded photo: the type sniffed from the bytes (an SVG, a GIF, an
 * executable renamed .jpg: 400), the dimensions read from the header before any decoding (over
 * MAX_PIXELS_IMAGEM: 400 with its own message, without waiting in line), then, in the instance's
 * queue, decoded once by libvips with the same pixel limit, orientation applied, metadata dropped,
 * resized to the drawer's size and the thumbnail made from that, both WebP. Answers the stored
 * keys, named by their content hash (so they can be cached for good).
 */
export async function gravarImagemProduto(
  armazenamento: Armazenamento,
  bytes: Buffer,
): Promise<{ foto: string; miniatura: string }> {
  if (!tipoDaImagem(bytes)) throw new HttpError(400, { imagem: [M.imagemTipo] });
  const { default: sharp } = await carregarSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only (no pixel is decoded here), so no limit: the check is ours, with its message.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, { imagem: [M.imagemInvalida] });
  }
  if (!(FORMATOS_IMAGEM as readonly string[]).includes(meta.format ?? ''))
    throw new HttpError(400, { imagem: [M.imagemTipo] });
  if (!meta.width || !meta.height) throw new HttpError(400, { imagem: [M.imagemInvalida] });
  if (meta.width * meta.height > MAX_PIXELS_IMAGEM) throw new HttpError(400, { imagem: [M.imagemDimensoes] });

  const { foto, miniatura } = await filaImagens.executar(async () => {
    try {
      const lado = (n: number) => ({ width: n, height: n, fit: 'inside' as const, withoutEnlargement: true });
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS_IMAGEM, failOn: 'error' })
        .timeout({ seconds: 20 })
        .rotate()
        .resize(lado(TAMANHOS_IMAGEM.foto))
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      const cru = () =>
        sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
      return {
        foto: await cru().webp({ quality: 80 }).toBuffer(),
        miniatura: await cru().resize(lado(TAMANHOS_IMAGEM.miniatura)).webp({ quality: 75 }).toBuffer(),
      };
    } catch (e) {
      if (excedePixels(e)) throw new HttpError(400, { imagem: [M.imagemDimensoes] });
      throw new HttpError(400, { imagem: [M.imagemInvalida] });
    }
  });
  const hash = createHash('sha256').update(foto).digest('hex').slice(0, 20);
  const chaves = {
    foto: `produtos/${hash}.webp`,
    miniatura: `produtos/${hash}-${TAMANHOS_IMAGEM.miniatura}.webp`,
  };
  await armazenamento.gravar(chaves.miniatura, miniatura, 'image/webp');
  await armazenamento.gravar(chaves.foto, foto, 'image/webp');
  return { foto: armazenamento.url(chaves.foto), miniatura: armazenamento.url(chaves.miniatura) };
}
