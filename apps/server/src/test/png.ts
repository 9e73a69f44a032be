import { crc32, deflateSync } from 'node:zlib';

/** IHDR's bit depth and colour type: 1-bit grayscale, or 8-bit RGB. */
export const PNG_PRETO_E_BRANCO = { bits: 1, cor: 0 } as const;
export const PNG_RGB = { bits: 8, cor: 2 } as const;

/**
 * A PNG of largura × altura px whose every row is `pixels` (one row's bytes, without its filter
 * byte): a few kB as a file however many pixels (the rows compress to almost nothing), every
 * pixel decoded by whoever reads it whole. For the photo tests and the photo benchmark.
 */
export function pngDeLinhas(
  largura: number,
  altura: number,
  formato: { bits: number; cor: number },
  pixels: Buffer,
): Buffer {
  const chunk = (tipo: string, dados: Buffer) => {
    const corpo = Buffer.concat([Buffer.from(tipo, 'latin1'), dados]);
    const n = Buffer.alloc(4);
    n.writeUInt32BE(dados.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(corpo));
    return Buffer.concat([n, corpo, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(largura, 0);
  ihdr.writeUInt32BE(altura, 4);
  ihdr.set([formato.bits, formato.cor, 0, 0, 0], 8); // deflate, no filter method, not interlaced
  // Each row: filter byte 0 (none), then its pixels.
  const linha = Buffer.concat([Buffer.from([0]), pixels]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: altura }, () => linha)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
