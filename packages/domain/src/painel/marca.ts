/**
 * The restaurant's brand (issue 23 part 4): its colour and logo, shown on the customer's pages
 * and in the app a customer installs. Shared by the server (which refuses a colour white text
 * cannot be read on) and the panel (which says so before sending).
 */
import { z } from 'zod/mini';

/** The colour when the owner has set none: Rango's own (apps/web's theme, shade 7). */
export const COR_PADRAO = '#c73a0b';
/** WCAG AA for normal text: white text on the colour, and the colour as text on white. */
export const CONTRASTE_MINIMO = 4.5;
/** A logo upload: at most this many bytes (the same cap as a product photo's). */
export const MAX_BYTES_LOGO = 5 * 1024 * 1024;

export const MSG_MARCA = {
  corInvalida: 'Informe a cor no formato #RRGGBB (por exemplo, #c73a0b).',
  logoTipo: 'Envie o logotipo em JPEG, PNG ou WebP.',
  logoGrande: 'O logotipo pode ter até 5 MB.',
  logoInvalido: 'Não foi possível ler este logotipo. Envie outro arquivo.',
  logoDimensoes: 'O logotipo tem pixels demais: envie um de até 50 megapixels.',
  logoPequeno: 'O logotipo é pequeno demais: envie um de pelo menos 64 × 64 pixels.',
  logoFila: 'Muitas imagens sendo processadas agora. Tente novamente em alguns segundos.',
  estabelecimentoNaoEncontrado: 'Estabelecimento não encontrado.',
} as const;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The sRGB channels of '#rrggbb', 0–255. */
export function rgbDe(cor: string): [number, number, number] {
  const n = Number.parseInt(cor.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance of '#rrggbb'. */
export function luminancia(cor: string): number {
  const [r, g, b] = rgbDe(cor).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two '#rrggbb' colours (1 to 21). */
export function contraste(a: string, b: string): number {
  const [x, y] = [luminancia(a), luminancia(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** The ratio as people read it: '3,2:1' (rounded down, so 4.49 never reads as 4,5). */
export const razao = (r: number): string => `${(Math.floor(r * 10) / 10).toFixed(1).replace('.', ',')}:1`;

/**
 * Why this colour cannot be the brand's, in Portuguese, or undefined when it can. White text
 * sits on it (buttons, the header) and it is text on the white background (links, prices): both
 * are the same pair, white and the colour, so one ratio decides.
 */
export function motivoCorRecusada(cor: string): string | undefined {
  if (!HEX.test(cor)) return MSG_MARCA.corInvalida;
  const r = contraste(cor, '#ffffff');
  if (r >= CONTRASTE_MINIMO) return undefined;
  return (
    `Esta cor tem pouco contraste com o branco (${razao(r)}; o mínimo é 4,5:1): o texto branco ` +
    'sobre ela e ela como texto sobre o fundo branco ficariam difíceis de ler. Escolha uma cor mais escura.'
  );
}

/** PUT …/marca/ : the colour, '#rrggbb' (stored in lower case), or null for Rango's own. */
export const marcaInputSchema = z.object({
  cor: z.nullable(
    z.string().check(
      z.refine((c) => motivoCorRecusada(c) === undefined, {
        error: (i) => motivoCorRecusada(String(i.input)) ?? MSG_MARCA.corInvalida,
      }),
    ),
  ),
});
export type MarcaInput = z.infer<typeof marcaInputSchema>;

/** The brand as the panel reads it. `logo`: the uploaded logo's URL (a square PNG), or null. */
export const marcaSchema = z.object({
  cor: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  manifesto: z.string(),
});
export type Marca = z.infer<typeof marcaSchema>;

/** '#rrggbb' mixed with `outra` by `t` (0: itself, 1: the other). */
export function misturar(cor: string, outra: string, t: number): string {
  const a = rgbDe(cor);
  const b = rgbDe(outra);
  return `#${a
    .map((c, i) => Math.round(c + (b[i]! - c) * t))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The ten shades of the theme's primary palette from the brand colour (shade 7, as Rango's own
 * colour sits in apps/web's theme): lighter tints above, darker below. The pairs the pages draw
 * keep AA: shade 7 and 8 as text on shade 0 (badges, the orders' link), white on 7–9 (buttons).
 * Shade 0 is lightened, and shade 8 darkened, until they do.
 */
export function paleta(cor: string): string[] {
  const c = cor.toLowerCase();
  const passa = (a: string, b: string) => contraste(a, b) >= CONTRASTE_MINIMO;
  const fundo =
    [0.92, 0.94, 0.96, 0.98].map((t) => misturar(c, '#ffffff', t)).find((t) => passa(c, t)) ?? '#ffffff';
  const escuro =
    [0.15, 0.3, 0.45, 0.6].map((t) => misturar(c, '#000000', t)).find((t) => passa(t, fundo)) ?? '#000000';
  const claros = [0.84, 0.68, 0.5, 0.34, 0.2, 0.1].map((t) => misturar(c, '#ffffff', t));
  const maisEscuro = misturar(escuro, '#000000', 0.2);
  return [fundo, ...claros, c, escuro, maisEscuro];
}

/** The footer's grey background (Mantine's gray 0): the links there are the brand's text too. */
export const FUNDO_CINZA = '#f8f9fa';

/**
 * The links' colour (Mantine's anchor): the brand's own when it reads on the grey background as
 * well as on white, else its darker shade. A colour that just passes on white (4,5 to about 4,7:1)
 * falls under AA on the footer's grey.
 */
export function corDosLinks(t: string[]): string {
  return contraste(t[7]!, FUNDO_CINZA) >= CONTRASTE_MINIMO ? t[7]! : t[8]!;
}

/**
 * The CSS the server writes into the customer's pages of a restaurant (the static shell's head):
 * `--rango-marca` and the theme's primary palette (Mantine's `brasa` variables, which every
 * button, link and badge reads) in the brand's shades. Its selector outranks the theme's own
 * `:root` rules, whichever comes later in the page.
 */
export function cssDaMarca(cor: string): string {
  const t = paleta(cor);
  const v: [string, string][] = [
    ['--rango-marca', t[7]!],
    ...t.map((x, i): [string, string] => [`--mantine-color-brasa-${i}`, x]),
    ['--mantine-color-brasa-filled', t[7]!],
    ['--mantine-color-brasa-filled-hover', t[8]!],
    ['--mantine-color-brasa-light', t[0]!],
    ['--mantine-color-brasa-light-hover', t[1]!],
    ['--mantine-color-brasa-light-color', t[8]!],
    ['--mantine-color-brasa-outline', t[7]!],
    ['--mantine-color-brasa-outline-hover', t[0]!],
    ['--mantine-color-brasa-text', t[8]!],
    ['--mantine-color-anchor', corDosLinks(t)],
  ];
  return `html:root[data-mantine-color-scheme]{${v.map(([k, x]) => `${k}:${x}`).join(';')}}`;
}
