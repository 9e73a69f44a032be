import { MAX_PIXELS_IMAGEM } from '@rango/domain/painel/catalogo';
import { MSG_MARCA } from '@rango/domain/painel/marca';
import { HttpError } from '../../http/errors.ts';
import type { Icones, ImagensMarca } from '../establishments/marca.ts';
import { carregarSharp, FilaCheia, filaImagens, tipoDaImagem } from './images.ts';

/** The side of the stored logo and of the largest icon. */
export const LADO_LOGO = 512;
/** A logo whose longer side is below this would be a blur on a home screen. */
export const LADO_MINIMO_LOGO = 64;
/**
 * The maskable icon's safe zone: a circle of 80% of the icon's side, centred (W3C's "Icon masks":
 * launchers may cut anything outside it). The logo fits inside that circle, its diagonal at most
 * the circle's diameter, whatever its proportions.
 */
export const ZONA_SEGURA = 0.8;

const recusa = (msg: string) => new HttpError(400, { logo: [msg] });
const excedePixels = (e: unknown) => e instanceof Error && /pixel limit/i.test(e.message);

/**
 * The upload made into the stored logo: the type sniffed from the bytes (anything but JPEG, PNG
 * or WebP: 400), the header's dimensions checked before any decoding (the menu photos' pixel cap),
 * then in the photos' queue (one decode at a time per instance, sharp's cache off) decoded once
 * with that cap, oriented, fitted into a 512 × 512 transparent square, PNG. FilaCheia escapes.
 */
export async function prepararLogo(bytes: Buffer): Promise<Buffer> {
  if (!tipoDaImagem(bytes)) throw recusa(MSG_MARCA.logoTipo);
  const { default: sharp } = await carregarSharp();
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw recusa(MSG_MARCA.logoInvalido);
  }
  if (!['jpeg', 'png', 'webp'].includes(meta.format ?? '')) throw recusa(MSG_MARCA.logoTipo);
  if (!meta.width || !meta.height) throw recusa(MSG_MARCA.logoInvalido);
  if (meta.width * meta.height > MAX_PIXELS_IMAGEM) throw recusa(MSG_MARCA.logoDimensoes);
  if (Math.max(meta.width, meta.height) < LADO_MINIMO_LOGO) throw recusa(MSG_MARCA.logoPequeno);
  return filaImagens.executar(async () => {
    try {
      return await sharp(bytes, { limitInputPixels: MAX_PIXELS_IMAGEM, failOn: 'error' })
        .timeout({ seconds: 20 })
        .rotate()
        .resize({
          width: LADO_LOGO,
          height: LADO_LOGO,
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png({ compressionLevel: 9 })
        .toBuffer();
    } catch (e) {
      if (excedePixels(e)) throw recusa(MSG_MARCA.logoDimensoes);
      throw recusa(MSG_MARCA.logoInvalido);
    }
  });
}

/**
 * A restaurant's logo and app icons (issue 23 part 4, modules/establishments/marca.ts), made
 * here with the menu photos' sharp and queue: one image decoded at a time per instance.
 */
export const imagensMarca: ImagensMarca = { prepararLogo, gerarIcones, FilaCheia };

/**
 * The installed app's icons from the stored logo: 192 and 512 as they are (purpose "any"), and
 * the maskable 512: the logo's visible part (its transparent margin trimmed) inside the safe
 * zone's circle, on the brand colour. In the photos' queue, as every decode.
 */
export async function gerarIcones(logo: Buffer, cor: string): Promise<Icones> {
  const { default: sharp } = await carregarSharp();
  return filaImagens.executar(async () => {
    const icone_192 = await sharp(logo).resize(192, 192).png({ compressionLevel: 9 }).toBuffer();
    let recorte: { data: Buffer; info: { width: number; height: number } };
    try {
      recorte = await sharp(logo).trim({ threshold: 0 }).png().toBuffer({ resolveWithObject: true });
    } catch {
      // Nothing to trim (a logo with no transparent margin, or all one colour): the whole square.
      recorte = { data: logo, info: { width: LADO_LOGO, height: LADO_LOGO } };
    }
    const { width: w, height: h } = recorte.info;
    const escala = (LADO_LOGO * ZONA_SEGURA) / Math.hypot(w, h);
    const largura = Math.max(1, Math.floor(w * escala));
    const altura = Math.max(1, Math.floor(h * escala));
    const dentro = await sharp(recorte.data).resize(largura, altura, { fit: 'fill' }).png().toBuffer();
    const icone_mascara = await sharp({
      create: { width: LADO_LOGO, height: LADO_LOGO, channels: 4, background: cor },
    })
      .composite([
        {
          input: dentro,
          left: Math.floor((LADO_LOGO - largura) / 2),
          top: Math.floor((LADO_LOGO - altura) / 2),
        },
      ])
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { icone_192, icone_512: logo, icone_mascara };
  });
}
