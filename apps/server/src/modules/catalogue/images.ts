import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MSG_CATALOGO as M } from '@rango/domain/painel/catalogo';
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

export type TipoImagem = 'jpeg' | 'png' | 'webp' | 'gif';

/** The image type from its first bytes (never from the name or the declared type). */
export function tipoDaImagem(b: Uint8Array): TipoImagem | undefined {
  const s = (i: number, ...bytes: number[]) => bytes.every((x, k) => b[i + k] === x);
  if (s(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (s(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (s(0, 0x52, 0x49, 0x46, 0x46) && s(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (s(0, 0x47, 0x49, 0x46, 0x38)) return 'gif';
  return undefined;
}

/** The sizes the menu uses: the drawer's photo and the list's thumbnail (square-ish, never enlarged). */
export const TAMANHOS_IMAGEM = { foto: 800, miniatura: 240 } as const;
const MAX_PIXELS = 40_000_000;

/**
 * Checks and re-encodes an uploaded photo: the type sniffed from the bytes (an SVG, an executable
 * renamed .jpg, anything else: 400), decoded by libvips with a pixel limit (a decompression bomb:
 * 400), orientation applied, metadata dropped, resized to each menu size as WebP. Answers the
 * stored keys, named by their content hash (so they can be cached for good).
 */
export async function gravarImagemProduto(
  armazenamento: Armazenamento,
  bytes: Buffer,
): Promise<{ foto: string; miniatura: string }> {
  if (!tipoDaImagem(bytes)) throw new HttpError(400, { imagem: [M.imagemTipo] });
  let foto: Buffer;
  let miniatura: Buffer;
  // libvips is loaded with the first photo: an instance that never receives one (most of them,
  // and every customer-facing one) does not carry its ~27 MB of RSS.
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS)
      throw new HttpError(400, { imagem: [M.imagemDimensoes] });
    const base = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const lado = (n: number) => ({ width: n, height: n, fit: 'inside' as const, withoutEnlargement: true });
    [foto, miniatura] = await Promise.all([
      base().resize(lado(TAMANHOS_IMAGEM.foto)).webp({ quality: 80 }).toBuffer(),
      base().resize(lado(TAMANHOS_IMAGEM.miniatura)).webp({ quality: 75 }).toBuffer(),
    ]);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw new HttpError(400, { imagem: [M.imagemInvalida] });
  }
  const hash = createHash('sha256').update(foto).digest('hex').slice(0, 20);
  const chaves = {
    foto: `produtos/${hash}.webp`,
    miniatura: `produtos/${hash}-${TAMANHOS_IMAGEM.miniatura}.webp`,
  };
  await armazenamento.gravar(chaves.miniatura, miniatura, 'image/webp');
  await armazenamento.gravar(chaves.foto, foto, 'image/webp');
  return { foto: armazenamento.url(chaves.foto), miniatura: armazenamento.url(chaves.miniatura) };
}
