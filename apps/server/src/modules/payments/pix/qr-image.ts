/**
 * The QR image of a BR Code, as the `imagem_qrcode` data: URL. SVG, not PNG: a few kB of text,
 * sharp at any size, and `qrcode` makes it without canvas or native modules (the server bundle
 * has none besides the database drivers).
 */

/** An SVG data: URL of `texto`'s QR code: error correction M, 4-module quiet zone. */
export async function qrDataUrl(texto: string): Promise<string> {
  // Loaded with the first PIX charge (the sandbox gateway's), not at start.
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(texto, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    // The QR standard's quiet zone; banking apps read a code without it less reliably.
    margin: 4,
    // An intrinsic size for an <img> without CSS; the SVG still scales.
    width: 256,
    color: { dark: '#000000', light: '#ffffff' },
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
