import * as QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { gerarBrCode } from './br-code.ts';
import { qrDataUrl } from './qr-image.ts';

const PREFIXO = 'data:image/svg+xml;base64,';
const MARGEM = 4;

function codigo(valor: number, txid = 'PED1'): string {
  return gerarBrCode({
    chavePix: 'pagamentos@rango.com.br',
    valor,
    nome: 'Pizzaria Sao Joao',
    cidade: 'Florianopolis',
    txid,
  });
}

function svgDe(dataUrl: string): string {
  expect(dataUrl.startsWith(PREFIXO)).toBe(true);
  return Buffer.from(dataUrl.slice(PREFIXO.length), 'base64').toString('utf8');
}

/**
 * The dark modules of qrcode's SVG, read back from its path ('M x y' starts a row at y = row + ½,
 * 'm dx 0' skips light modules, 'h n' draws n dark ones), as a square of booleans with the margin.
 */
function modulos(svg: string): boolean[][] {
  const lado = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  expect(lado).toBeGreaterThan(0);
  const grade = Array.from({ length: lado }, () => Array<boolean>(lado).fill(false));
  const caminho = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of caminho.matchAll(/([Mmh])([\d.]+)(?: ([\d.]+))?/g)) {
    if (cmd === 'M') {
      x = Number(a);
      y = Number(b) - 0.5;
    } else if (cmd === 'm') {
      x += Number(a);
    } else {
      for (let i = 0; i < Number(a); i++) grade[y]![x + i] = true;
      x += Number(a);
    }
  }
  return grade;
}

/**
 * The error-correction level in the format information beside the top-left finder (ISO/IEC 18004
 * §7.9: 15 bits down column 8, masked with 0x5412; the top two bits are the level).
 */
function nivelDeCorrecao(grade: boolean[][]): 'L' | 'M' | 'Q' | 'H' {
  const tamanho = grade.length - 2 * MARGEM;
  const escuro = (linha: number, coluna: number) => grade[linha + MARGEM]![coluna + MARGEM]!;
  let bits = 0;
  for (let i = 0; i < 15; i++) {
    const linha = i < 6 ? i : i < 8 ? i + 1 : tamanho - 15 + i;
    if (escuro(linha, 8)) bits |= 1 << i;
  }
  return (['M', 'L', 'H', 'Q'] as const)[(bits ^ 0x5412) >> 13]!;
}

describe('qrDataUrl', () => {
  it('is an SVG data: URL', async () => {
    const svg = svgDe(await qrDataUrl(codigo(1000)));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('width="256"');
  });

  it('uses error correction M', async () => {
    expect(nivelDeCorrecao(modulos(svgDe(await qrDataUrl(codigo(1000)))))).toBe('M');
    // The reader itself tells levels apart.
    const h = await QRCode.toString(codigo(1000), { type: 'svg', errorCorrectionLevel: 'H' });
    expect(nivelDeCorrecao(modulos(h))).toBe('H');
  });

  it('leaves a 4-module light quiet zone around the symbol', async () => {
    const grade = modulos(svgDe(await qrDataUrl(codigo(1000))));
    const lado = grade.length;
    const borda = (i: number) => i < MARGEM || i >= lado - MARGEM;
    for (let l = 0; l < lado; l++) {
      for (let c = 0; c < lado; c++) if (borda(l) || borda(c)) expect(grade[l]![c]).toBe(false);
    }
    // The finder's corner starts right inside it.
    expect(grade[MARGEM]![MARGEM]).toBe(true);
  });

  it('is deterministic', async () => {
    const texto = codigo(4590, 'ABC123');
    expect(await qrDataUrl(texto)).toBe(await qrDataUrl(texto));
  });

  it('differs for different codes', async () => {
    const imagens = await Promise.all([
      qrDataUrl(codigo(1000)),
      qrDataUrl(codigo(1001)),
      qrDataUrl(codigo(1000, 'PED2')),
    ]);
    expect(new Set(imagens).size).toBe(3);
  });
});
