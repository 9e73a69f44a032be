/**
 * Hand-drawn SVG food illustrations for the demo menu: each function returns the body of a
 * 400×400 drawing and `card` wraps it with a warm background. No text and no external
 * references, so the files work under a strict Content-Security-Policy and in any language.
 * Randomness is seeded by the file name so the generated files never change between runs.
 */

export type Rng = () => number;

/** mulberry32 seeded by a string: the same name always draws the same picture. */
export function rngFor(name: string): Rng {
  let h = 1779033703;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whole numbers keep the files small; the drawings need no finer precision. */
const r = (x: number): number => Math.round(x);

/** An empty fill inherits the enclosing <g>'s: many equal shapes share one attribute. */
const fillAttr = (fill: string): string => (fill ? ` fill="${fill}"` : '');

function circle(cx: number, cy: number, rad: number, fill: string, extra = ''): string {
  return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rad)}"${fillAttr(fill)}${extra}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(rx)}" ry="${r(ry)}"${fillAttr(fill)}${extra}/>`;
}

function path(d: string, fill: string, extra = ''): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string {
  return `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}"${rx ? ` rx="${rx}"` : ''} fill="${fill}"${extra}/>`;
}

function rot(x: number, y: number, deg: number): string {
  return ` transform="rotate(${r(deg)} ${r(x)} ${r(y)})"`;
}

/** A closed wobbly outline around (cx, cy): cheese, sauce, leaves, scoops. */
function blob(rng: Rng, cx: number, cy: number, rad: number, wobble: number, points = 14, ry = rad): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const k = 1 + (rng() - 0.5) * wobble;
    pts.push([cx + Math.cos(a) * rad * k, cy + Math.sin(a) * ry * k]);
  }
  // Quadratic curves through the midpoints give a smooth organic edge.
  const mid = (i: number): [number, number] => {
    const p = pts[i % points]!;
    const q = pts[(i + 1) % points]!;
    return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  };
  let d = `M${r(mid(0)[0])} ${r(mid(0)[1])}`;
  for (let i = 1; i <= points; i++) {
    const p = pts[i % points]!;
    const m = mid(i);
    d += `Q${r(p[0])} ${r(p[1])} ${r(m[0])} ${r(m[1])}`;
  }
  return `${d}Z`;
}

/** Points spread inside a circle (optionally one half), kept apart so toppings don't pile up. */
function scatter(
  rng: Rng,
  n: number,
  cx: number,
  cy: number,
  rad: number,
  gap: number,
  half = 0,
): [number, number][] {
  const out: [number, number][] = [];
  for (let tries = 0; out.length < n && tries < n * 60; tries++) {
    const a = rng() * Math.PI * 2;
    const d = Math.sqrt(rng()) * rad;
    const x = cx + Math.cos(a) * d;
    const y = cy + Math.sin(a) * d;
    if (half === -1 && x > cx - gap / 2) continue;
    if (half === 1 && x < cx + gap / 2) continue;
    if (out.every(([px, py]) => (px - x) ** 2 + (py - y) ** 2 > gap * gap)) out.push([x, y]);
  }
  return out;
}

export interface Background {
  inner: string;
  outer: string;
}

export const BG = {
  laranja: { inner: '#FFE9C7', outer: '#F7B267' },
  pessego: { inner: '#FFF1E0', outer: '#F4A582' },
  mostarda: { inner: '#FFF4CC', outer: '#F2C14E' },
  tomate: { inner: '#FFE3D3', outer: '#E9765B' },
  menta: { inner: '#F1FAE8', outer: '#9CCB86' },
  ceu: { inner: '#EAF6FB', outer: '#8FC7DE' },
  uva: { inner: '#F6E8F5', outer: '#B987B5' },
  rosa: { inner: '#FFEAF0', outer: '#EE9CB3' },
  madeira: { inner: '#F8E4CB', outer: '#C98F5A' },
} as const satisfies Record<string, Background>;

/** The whole file: square, warm radial background, a soft shadow and the drawing. */
export function card(bg: Background, body: string, shadow = true): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">` +
    `<defs><radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="${bg.inner}"/>` +
    `<stop offset="1" stop-color="${bg.outer}"/></radialGradient></defs>` +
    `<rect width="400" height="400" fill="url(#bg)"/>` +
    (shadow ? ellipse(200, 352, 150, 22, '#000', ' opacity=".12"') : '') +
    body +
    `</svg>`
  );
}

// ---------------------------------------------------------------- pizza

export type Topping =
  | 'pepperoni'
  | 'calabresa'
  | 'azeitona'
  | 'manjericao'
  | 'tomate'
  | 'cebola'
  | 'champignon'
  | 'pimentao'
  | 'milho'
  | 'ovo'
  | 'presunto'
  | 'frango'
  | 'catupiry'
  | 'rucula'
  | 'tomateSeco'
  | 'camarao'
  | 'atum'
  | 'gorgonzola'
  | 'alho'
  | 'morango'
  | 'banana'
  | 'granulado'
  | 'coco'
  | 'goiabada'
  | 'canela'
  | 'brocolis'
  | 'lombo'
  | 'ervilha';

function topping(kind: Topping, x: number, y: number, rng: Rng, cheese: string): string {
  const a = rng() * 360;
  switch (kind) {
    case 'pepperoni':
      return (
        circle(x, y, 17, '#B3261E') +
        circle(x - 5, y - 4, 2.5, '#7A1A14') +
        circle(x + 6, y + 3, 2, '#7A1A14')
      );
    case 'calabresa':
      return (
        circle(x, y, 15, '#C45A3B', ' stroke="#E79A78" stroke-width="3"') + circle(x + 3, y - 3, 3, '#F0C2A8')
      );
    case 'azeitona':
      return circle(x, y, 8, '#2E2A26') + circle(x, y, 3, cheese);
    case 'manjericao':
      return (
        ellipse(x, y, 15, 7, '#2F8A3A', rot(x, y, a)) +
        path(
          `M${r(x - 12)} ${r(y)}H${r(x + 12)}`,
          'none',
          ` stroke="#1F6B2B" stroke-width="1.5"${rot(x, y, a)}`,
        )
      );
    case 'tomate':
      return (
        circle(x, y, 17, '#E2452F') +
        circle(x, y, 11, '#F26B4F') +
        circle(x - 4, y, 2, '#FBE3A8') +
        circle(x + 4, y + 2, 2, '#FBE3A8')
      );
    case 'cebola':
      return circle(x, y, 12, 'none', ' stroke="#C79BC8" stroke-width="3.5"');
    case 'champignon':
      return (
        path(`M${r(x - 11)} ${r(y)}a11 10 0 0 1 22 0z`, '#D9C4A6', rot(x, y, a)) +
        rect(x - 4, y, 8, 8, '#EADBC4', 2, rot(x, y, a))
      );
    case 'pimentao':
      return path(
        `M${r(x - 13)} ${r(y)}a13 13 0 0 1 26 0`,
        'none',
        ` stroke="#3E9B3A" stroke-width="5" stroke-linecap="round"${rot(x, y, a)}`,
      );
    case 'milho':
      return circle(x, y, 4.5, '#F4C430') + circle(x + 8, y + 3, 4.5, '#F4C430');
    case 'ervilha':
      return circle(x, y, 5, '#6DB33F') + circle(x + 9, y - 2, 5, '#6DB33F');
    case 'ovo':
      return path(blob(rng, x, y, 17, 0.4, 9), '#FFFDF5') + circle(x + 2, y + 1, 7, '#F6B21B');
    case 'presunto':
      return rect(x - 12, y - 9, 24, 18, '#F3A3A0', 5, rot(x, y, a));
    case 'lombo':
      return ellipse(x, y, 15, 11, '#E9908C', ` stroke="#F6C7B8" stroke-width="3"${rot(x, y, a)}`);
    case 'frango':
      return path(blob(rng, x, y, 11, 0.7, 7), '#E8C08E');
    case 'catupiry':
      return path(blob(rng, x, y, 15, 0.5, 8), '#FFF8EA');
    case 'rucula':
      return path(`M${r(x - 16)} ${r(y)}q8-10 16-3q8-10 16 3q-8 9-16 3q-8 8-16-3z`, '#3F8F33', rot(x, y, a));
    case 'tomateSeco':
      return ellipse(x, y, 12, 6, '#9E2A21', rot(x, y, a));
    case 'camarao':
      return path(
        `M${r(x - 10)} ${r(y - 6)}a12 12 0 1 0 18 4`,
        'none',
        ` stroke="#F08A5D" stroke-width="7" stroke-linecap="round"${rot(x, y, a)}`,
      );
    case 'atum':
      return path(blob(rng, x, y, 10, 0.8, 6), '#C9A48C');
    case 'gorgonzola':
      return path(blob(rng, x, y, 10, 0.6, 7), '#EEF2F0') + circle(x + 2, y, 2.5, '#5D8A9C');
    case 'alho':
      return ellipse(x, y, 6, 4, '#E2B86B', rot(x, y, a));
    case 'morango':
      return (
        path(`M${r(x)} ${r(y + 14)}c-16-10-14-24 0-20c14-4 16 10 0 20z`, '#E0303C', rot(x, y, a)) +
        circle(x, y - 1, 1.6, '#FDE68A')
      );
    case 'banana':
      return circle(x, y, 13, '#F7E39A', ' stroke="#E9C766" stroke-width="2"') + circle(x, y, 3, '#C9A34A');
    case 'granulado':
    case 'coco': {
      // Endpoints computed here rather than with a transform: sprinkles are many, files stay small.
      const dx = r(Math.cos(a) * 8);
      const dy = r(Math.sin(a) * 8);
      const cor = kind === 'coco' ? '#FFF' : '#3B2314';
      return `<path d="M${r(x)} ${r(y)}l${dx} ${dy}" stroke="${cor}" stroke-width="3.5" stroke-linecap="round"/>`;
    }
    case 'goiabada':
      return rect(x - 10, y - 10, 20, 20, '#A3202C', 4, rot(x, y, a));
    case 'canela':
      return circle(x, y, 3, '#8B4A1F', ' opacity=".7"');
    case 'brocolis':
      return (
        circle(x - 5, y, 7, '#2F7D32') + circle(x + 5, y - 2, 7, '#3C9A3F') + circle(x, y + 5, 6, '#2F7D32')
      );
  }
}

export interface PizzaArte {
  /** Sauce under the cheese; brown for the sweet pizzas. */
  molho?: string;
  queijo?: string;
  /** Toppings with how many of each; a second list draws a half-and-half pizza. */
  coberturas: [Topping, number][];
  metade?: [Topping, number][];
  tabua?: string;
}

export function pizza(rng: Rng, a: PizzaArte): string {
  const molho = a.molho ?? '#C8402A';
  const queijo = a.queijo ?? '#F8D774';
  let s = circle(200, 200, 178, a.tabua ?? '#C98B4F', ' stroke="#9E6632" stroke-width="5"');
  s += circle(200, 200, 154, '#E5A85C') + circle(200, 200, 146, '#F0C27A');
  s += circle(200, 200, 134, molho);
  s += path(blob(rng, 200, 200, 128, 0.09, 22), queijo);
  for (const [x, y] of scatter(rng, 7, 200, 200, 100, 40))
    s += ellipse(x, y, 14, 8, '#FFF1B8', ` opacity=".55"${rot(x, y, rng() * 180)}`);
  const place = (list: [Topping, number][], half: number): void => {
    for (const [kind, n] of list) {
      const gap = ['milho', 'ervilha', 'granulado', 'coco', 'canela', 'alho'].includes(kind) ? 14 : 30;
      for (const [x, y] of scatter(rng, n, 200, 200, 112, gap, half)) s += topping(kind, x, y, rng, queijo);
    }
  };
  if (a.metade) {
    place(a.coberturas, -1);
    place(a.metade, 1);
  } else place(a.coberturas, 0);
  for (const deg of [0, 45, 90, 135])
    s += path(
      'M200 50V350',
      'none',
      ` stroke="#7A4A1E" stroke-opacity=".18" stroke-width="3"${rot(200, 200, deg)}`,
    );
  return s;
}

/** A closed half-moon pizza. */
export function calzone(rng: Rng, recheio: string): string {
  let s = ellipse(200, 250, 175, 70, '#C98B4F');
  s += path('M45 255Q200 40 355 255Q200 300 45 255Z', '#E8AF64');
  s += path('M45 255Q200 300 355 255', 'none', ' stroke="#C9843C" stroke-width="16" stroke-linecap="round"');
  for (let i = 0; i < 9; i++) s += ellipse(70 + i * 33, 262 + Math.sin(i) * 3, 9, 6, '#D89448');
  // A knife slit on top shows the filling.
  s +=
    ellipse(236, 196, 40, 12, '#B9742F', rot(236, 196, 12)) +
    ellipse(236, 196, 34, 8, recheio, rot(236, 196, 12));
  s += ellipse(150, 180, 30, 8, '#fff', ' opacity=".35"');
  for (const [x, y] of scatter(rng, 8, 170, 215, 60, 26))
    s += ellipse(x, 215 + (y - 215) / 3, 5, 3, '#B9742F', ' opacity=".45"');
  return s;
}

// ---------------------------------------------------------------- burgers and sandwiches

export interface BurgerArte {
  pao?: string;
  carnes?: number;
  carne?: string;
  queijo?: string | null;
  alface?: boolean;
  tomate?: boolean;
  bacon?: boolean;
  ovo?: boolean;
  cebola?: boolean;
  gergelim?: boolean;
}

export function burger(rng: Rng, a: BurgerArte): string {
  const pao = a.pao ?? '#E39B45';
  const carne = a.carne ?? '#6A381C';
  let y = 318;
  let s =
    path(`M88 ${y}h224q8 0 6-14l-6-20H88l-6 20q-2 14 6 14z`, pao) +
    rect(86, 282, 228, 10, '#F6D29A', 4, ' opacity=".6"');
  y = 282;
  if (a.alface !== false) {
    s += path(`M70 ${y}q15-18 30 0t30 0t30 0t30 0t30 0t30 0t30 0t30 0l-6-16H76z`, '#69B63F');
    y -= 12;
  }
  for (let i = 0; i < (a.carnes ?? 1); i++) {
    s += rect(78, y - 36, 244, 36, carne, 16);
    s += '<g fill="#000" opacity=".18">';
    for (const [x, py] of scatter(rng, 5, 200, y - 18, 100, 30))
      s += ellipse(x, y - 18 + (py - y + 18) / 8, 6, 2.5, '');
    s += '</g>';
    y -= 30;
    if (a.queijo !== null) {
      const q = a.queijo ?? '#F8C33A';
      s += path(`M74 ${y + 4}h252l-8 14-14-4-6 22-10-20-40 6-10 18-8-18-50 4-12 16-8-18-46-2z`, q);
      y -= 4;
    }
  }
  if (a.bacon) {
    s += path(
      `M80 ${y}q20-14 40 0t40 0t40 0t40 0t40 0t40 0`,
      'none',
      ' stroke="#A8402C" stroke-width="11" stroke-linecap="round"',
    );
    s += path(`M80 ${y}q20-14 40 0t40 0t40 0t40 0t40 0t40 0`, 'none', ' stroke="#E9967A" stroke-width="3"');
    y -= 12;
  }
  if (a.ovo) {
    s += path(blob(rng, 200, y - 4, 110, 0.12, 10, 16), '#FFFBF0') + ellipse(215, y - 8, 30, 12, '#F5A91B');
    y -= 18;
  }
  if (a.tomate !== false) {
    s += rect(92, y - 14, 100, 16, '#E2412D', 8) + rect(206, y - 14, 100, 16, '#E2412D', 8);
    y -= 12;
  }
  if (a.cebola) {
    s += path(`M100 ${y}h200`, 'none', ' stroke="#D7A8D8" stroke-width="6" stroke-linecap="round"');
    y -= 6;
  }
  s += path(`M76 ${y + 6}Q76 ${y - 130} 200 ${y - 130}Q324 ${y - 130} 324 ${y + 6}Z`, pao);
  s += path(
    `M110 ${y - 50}Q130 ${y - 112} 200 ${y - 116}`,
    'none',
    ' stroke="#fff" stroke-opacity=".35" stroke-width="12" stroke-linecap="round"',
  );
  if (a.gergelim !== false) {
    s += '<g fill="#FFF3D6">';
    for (const [x, py] of scatter(rng, 14, 200, y - 70, 100, 22))
      s += ellipse(x, y - 70 + (py - (y - 70)) * 0.45, 5, 2.6, '');
    s += '</g>';
  }
  return s;
}

/** A filled roll (pão francês, pão sírio) seen from the side with its filling showing. */
export function sanduiche(rng: Rng, pao: string, recheios: string[]): string {
  let s = path('M60 270Q60 240 200 236Q340 240 340 270Q340 300 200 304Q60 300 60 270Z', pao);
  let y = 250;
  for (const c of recheios) {
    s += path(blob(rng, 200, y, 140, 0.06, 12, 14), c);
    y -= 14;
  }
  s += path(`M60 ${y + 10}Q60 ${y - 80} 200 ${y - 86}Q340 ${y - 80} 340 ${y + 10}Z`, pao);
  for (let i = 0; i < 3; i++)
    s += path(
      `M${120 + i * 60} ${y - 50}q25-18 50-4`,
      'none',
      ' stroke="#fff" stroke-opacity=".45" stroke-width="8" stroke-linecap="round"',
    );
  return s;
}

/** Toasted sandwich halves (misto quente). */
export function misto(): string {
  let s = ellipse(200, 300, 160, 40, '#FFFFFF') + ellipse(200, 296, 140, 30, '#F3EEE7');
  s += path('M80 290L180 120L250 290Z', '#D99A4B') + path('M92 282L180 136L236 282Z', '#F0C27A');
  s +=
    path('M96 282h140', 'none', ' stroke="#F8D774" stroke-width="10"') +
    path('M100 270h132', 'none', ' stroke="#F2A7A0" stroke-width="8"');
  s += path('M170 295L270 125L330 295Z', '#C9873D') + path('M182 287L270 142L318 287Z', '#EBB56C');
  for (let i = 0; i < 3; i++)
    s += path(
      `M${205 + i * 30} ${260 - i * 40}l40-10`,
      'none',
      ' stroke="#A9692C" stroke-width="5" stroke-opacity=".5"',
    );
  return s;
}

// ---------------------------------------------------------------- sides (porções)

/** Fries standing in a paper carton. */
export function batata(
  rng: Rng,
  caixa: string,
  cobertura: 'cheddar' | 'nada' = 'nada',
  palito = '#F6C343',
): string {
  let s = '<g stroke="#D99A1E" stroke-width="2">';
  for (let i = 0; i < 13; i++) {
    const x = 112 + i * 14 + (rng() - 0.5) * 6;
    const h = 90 + rng() * 70;
    s += rect(x, 210 - h, 16, h + 20, palito, 3, rot(x, 210, (rng() - 0.5) * 18));
  }
  s += '</g>';
  if (cobertura === 'cheddar') {
    s += path(blob(rng, 200, 150, 80, 0.35, 12, 30), '#F39C12');
    for (const [x, y] of scatter(rng, 9, 200, 150, 70, 18)) s += rect(x, y - 12, 10, 8, '#9C3B24', 2);
  }
  s +=
    path('M110 190H290L270 345H130Z', caixa) +
    path('M110 190Q200 240 290 190', 'none', ' stroke="#fff" stroke-opacity=".5" stroke-width="8"');
  s += circle(200, 275, 30, '#fff', ' opacity=".25"');
  return s;
}

export type Pedaco = 'mandioca' | 'calabresa' | 'frango' | 'isca' | 'anel' | 'polenta' | 'bolinho';

/** A plate of fried pieces with a dip and lemon. */
export function porcao(rng: Rng, pedaco: Pedaco, prato = '#FFFFFF'): string {
  let s =
    circle(200, 205, 168, prato, ' stroke="#E8DED2" stroke-width="6"') + circle(200, 205, 140, '#FBF6EF');
  s +=
    circle(316, 300, 38, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"') +
    circle(316, 300, 28, pedaco === 'isca' ? '#F3EBD2' : '#C0392B');
  for (const [x, y] of scatter(
    rng,
    pedaco === 'bolinho' ? 11 : 12,
    190,
    190,
    100,
    pedaco === 'anel' ? 52 : 44,
  )) {
    const a = rng() * 180;
    if (pedaco === 'mandioca')
      s += rect(x - 30, y - 11, 60, 22, '#F1CF7C', 10, ` stroke="#D9A441" stroke-width="3"${rot(x, y, a)}`);
    else if (pedaco === 'polenta')
      s +=
        rect(x - 28, y - 9, 56, 18, '#F5D86B', 4, ` stroke="#D9AC2E" stroke-width="3"${rot(x, y, a)}`) +
        circle(x, y, 3, '#FFFBE6');
    else if (pedaco === 'calabresa')
      s +=
        circle(x, y, 22, '#B84A34', ' stroke="#7E2E1E" stroke-width="4"') +
        circle(x - 5, y - 4, 4, '#E8A48A') +
        circle(x + 6, y + 5, 3, '#E8A48A');
    else if (pedaco === 'anel')
      s += ellipse(x, y, 26, 20, 'none', ` stroke="#D9962F" stroke-width="11"${rot(x, y, a)}`);
    else if (pedaco === 'bolinho') s += circle(x, y, 21, '#C47F33') + circle(x - 6, y - 6, 7, '#E0A55A');
    else if (pedaco === 'isca')
      s += rect(x - 28, y - 12, 56, 24, '#D9A04A', 12, ` stroke="#B47A2C" stroke-width="3"${rot(x, y, a)}`);
    else s += path(blob(rng, x, y, 24, 0.5, 8), '#C98235') + circle(x - 4, y - 4, 6, '#E5AD62');
  }
  if (pedaco === 'calabresa')
    for (const [x, y] of scatter(rng, 6, 190, 190, 100, 30))
      s += path(`M${r(x - 10)} ${r(y)}a10 8 0 0 1 20 0`, 'none', ' stroke="#E6CDE8" stroke-width="4"');
  s += path('M90 120a32 32 0 0 1 50-30z', '#F4E04D', ' stroke="#E2C12B" stroke-width="3"');
  for (const [x, y] of scatter(rng, 8, 190, 190, 110, 24)) s += circle(x, y, 3, '#3E8E41');
  return s;
}

// ---------------------------------------------------------------- plates

export type Proteina =
  | 'bife'
  | 'frango'
  | 'parmegiana'
  | 'parmegianaFrango'
  | 'tilapia'
  | 'picanha'
  | 'strogonoff'
  | 'omelete'
  | 'feijoada';

/** The prato feito seen from above: rice, beans, the protein and a little salad. */
export function prato(rng: Rng, p: Proteina): string {
  let s =
    circle(200, 200, 172, '#FFFFFF', ' stroke="#E3D7C8" stroke-width="6"') + circle(200, 200, 146, '#FAF7F2');
  // Rice
  s += path(blob(rng, 138, 150, 62, 0.25, 12, 52), '#FFFDF7', ' stroke="#EFE8DA" stroke-width="2"');
  s += '<g fill="#EDE5D3">';
  for (const [x, y] of scatter(rng, 16, 138, 150, 52, 12)) s += ellipse(x, y, 4, 2, '');
  s += '</g>';
  // Beans, or the feijoada's black beans
  s += path(blob(rng, 135, 262, 60, 0.2, 12, 44), p === 'feijoada' ? '#2A1A14' : '#6B3B22');
  s += `<g fill="${p === 'feijoada' ? '#140C09' : '#4A2616'}">`;
  for (const [x, y] of scatter(rng, 10, 135, 262, 48, 14)) s += ellipse(x, y, 6, 4, '');
  s += '</g>';
  const cx = 262;
  const cy = 212;
  switch (p) {
    case 'bife':
      s += path(blob(rng, cx, cy, 70, 0.3, 10, 52), '#7B3F1E');
      for (const [x, y] of scatter(rng, 5, cx, cy, 45, 24))
        s += ellipse(x, y, 14, 10, 'none', ' stroke="#F1D9B5" stroke-width="4"');
      break;
    case 'picanha':
      for (let i = 0; i < 4; i++)
        s += rect(
          cx - 60 + i * 30,
          cy - 55,
          26,
          110,
          '#B5524A',
          8,
          ` stroke="#F2E4D0" stroke-width="5"${rot(cx, cy, 15)}`,
        );
      break;
    case 'frango':
      s += path(blob(rng, cx, cy, 68, 0.2, 10, 46), '#E0A656');
      for (let i = 0; i < 4; i++)
        s += path(
          `M${cx - 50 + i * 25} ${cy - 40}l30 80`,
          'none',
          ' stroke="#8A5423" stroke-width="5" stroke-opacity=".6"',
        );
      break;
    case 'parmegiana':
    case 'parmegianaFrango':
      s += path(blob(rng, cx, cy, 74, 0.18, 10, 56), p === 'parmegiana' ? '#B8732E' : '#D39A47');
      s +=
        path(blob(rng, cx, cy, 60, 0.3, 12, 44), '#C8402A') +
        path(blob(rng, cx, cy, 46, 0.35, 10, 34), '#F8D774');
      s += ellipse(cx - 12, cy - 8, 10, 6, '#E9A944') + ellipse(cx + 18, cy + 10, 8, 5, '#E9A944');
      break;
    case 'tilapia':
      s += path(
        `M${cx - 75} ${cy}Q${cx - 20} ${cy - 70} ${cx + 60} ${cy - 20}Q${cx + 80} ${cy + 30} ${cx + 20} ${cy + 40}Q${cx - 40} ${cy + 45} ${cx - 75} ${cy}Z`,
        '#F3E2C3',
        ' stroke="#DDBE8D" stroke-width="4"',
      );
      s += circle(cx + 40, cy + 60, 22, '#B7D94C') + circle(cx + 40, cy + 60, 16, '#D9EE8A');
      break;
    case 'strogonoff':
      s += path(blob(rng, cx, cy, 74, 0.2, 12, 58), '#D99C74');
      for (const [x, y] of scatter(rng, 8, cx, cy, 50, 24)) s += path(blob(rng, x, y, 10, 0.4, 6), '#F0C9A6');
      s += '<g stroke="#E9B44C" stroke-width="4" stroke-linecap="round">';
      for (let i = 0; i < 14; i++)
        s += `<path d="M${r(290 + rng() * 60)} ${r(80 + rng() * 60)}l10 ${r(rng() * 8 - 4)}"/>`;
      s += '</g>';
      break;
    case 'omelete':
      s += path(
        `M${cx - 70} ${cy + 20}Q${cx} ${cy - 90} ${cx + 70} ${cy + 20}Z`,
        '#F5CD47',
        ' stroke="#E0A82A" stroke-width="4"',
      );
      for (const [x, y] of scatter(rng, 6, cx, cy - 10, 30, 14)) s += circle(x, y, 4, '#3E8E41');
      break;
    case 'feijoada':
      s += path(blob(rng, cx, cy, 60, 0.2, 10, 60), '#2C6E2F');
      for (const [x, y] of scatter(rng, 6, cx, cy, 40, 22))
        s += path(`M${r(x - 10)} ${r(y)}q10-8 20 0`, 'none', ' stroke="#7CBF5A" stroke-width="4"');
      s += circle(310, 310, 28, '#F39C26') + circle(310, 310, 22, '#F8C15C');
      s += circle(255, 305, 12, '#D39A5D') + circle(232, 318, 10, '#D39A5D');
      break;
  }
  if (p !== 'feijoada' && p !== 'strogonoff') {
    s +=
      path(blob(rng, 290, 108, 34, 0.5, 8), '#7DBE4E') +
      circle(300, 104, 11, '#E2452F') +
      circle(276, 116, 9, '#E2452F');
  }
  return s;
}

// ---------------------------------------------------------------- salads

export function salada(
  rng: Rng,
  tigela: string,
  extras: [string, 'cubo' | 'bola' | 'fatia' | 'tira', number][],
): string {
  let s =
    circle(200, 200, 170, tigela) +
    circle(200, 200, 150, '#FFFFFF', ' opacity=".25"') +
    circle(200, 200, 142, '#F6F1E6');
  const verdes = ['#5DA83A', '#7CC150', '#3F8A2E', '#9FD06B'];
  for (const [x, y] of scatter(rng, 18, 200, 200, 112, 28))
    s += path(blob(rng, x, y, 30, 0.7, 7), verdes[Math.floor(rng() * 4)]!);
  for (const [cor, forma, n] of extras) {
    for (const [x, y] of scatter(rng, n, 200, 200, 105, 30)) {
      if (forma === 'bola') s += circle(x, y, 13, cor) + circle(x - 4, y - 4, 4, '#fff', ' opacity=".45"');
      else if (forma === 'cubo') s += rect(x - 10, y - 10, 20, 20, cor, 4, rot(x, y, rng() * 90));
      else if (forma === 'fatia')
        s += circle(x, y, 20, cor, ' stroke="#fff" stroke-opacity=".5" stroke-width="3"');
      else s += rect(x - 24, y - 7, 48, 14, cor, 7, rot(x, y, rng() * 180));
    }
  }
  return s;
}

// ---------------------------------------------------------------- pasta

export type Massa = 'espaguete' | 'penne' | 'nhoque' | 'fettuccine' | 'lasanha';

export function massa(rng: Rng, tipo: Massa, molho: string, cor = '#F2D27A'): string {
  let s =
    circle(200, 200, 172, '#FFFFFF', ' stroke="#E3D7C8" stroke-width="6"') + circle(200, 200, 140, '#F7F2EA');
  if (tipo === 'lasanha') {
    s += path('M95 240L130 130H300L305 250Z', '#E0A24C');
    for (let i = 0; i < 4; i++)
      s += path(
        `M${100 + i * 3} ${228 - i * 24}H${304 - i}`,
        'none',
        ` stroke="${i % 2 ? '#F5E6C4' : '#B5402A'}" stroke-width="10"`,
      );
    s +=
      path(blob(rng, 215, 140, 90, 0.2, 12, 22), molho) +
      path(blob(rng, 215, 136, 70, 0.4, 10, 14), '#F5C451');
    return s;
  }
  if (tipo === 'espaguete' || tipo === 'fettuccine') {
    const w = tipo === 'fettuccine' ? 9 : 5;
    for (let i = 0; i < 26; i++) {
      const rad = 30 + rng() * 95;
      const a0 = rng() * Math.PI * 2;
      const a1 = a0 + 1 + rng() * 2;
      const p0 = [200 + Math.cos(a0) * rad, 200 + Math.sin(a0) * rad];
      const p1 = [200 + Math.cos(a1) * rad, 200 + Math.sin(a1) * rad];
      s += `<path d="M${r(p0[0]!)} ${r(p0[1]!)}A${r(rad)} ${r(rad)} 0 0 1 ${r(p1[0]!)} ${r(p1[1]!)}" fill="none" stroke="${cor}" stroke-width="${w}" stroke-linecap="round"/>`;
    }
  } else {
    for (const [x, y] of scatter(rng, tipo === 'nhoque' ? 26 : 24, 200, 200, 115, 24)) {
      if (tipo === 'penne')
        s += rect(
          x - 17,
          y - 7,
          34,
          14,
          cor,
          3,
          ` stroke="#D4A94B" stroke-width="2"${rot(x, y, rng() * 180)}`,
        );
      else s += ellipse(x, y, 14, 11, cor, ` stroke="#D4A94B" stroke-width="2"${rot(x, y, rng() * 180)}`);
    }
  }
  s += path(blob(rng, 200, 195, 62, 0.45, 12), molho, ' opacity=".95"');
  for (const [x, y] of scatter(rng, 14, 200, 195, 60, 12)) s += circle(x, y, 3, '#FFF7DD');
  s +=
    ellipse(224, 172, 16, 8, '#2F8A3A', rot(224, 172, 30)) +
    ellipse(206, 166, 14, 7, '#3C9A3F', rot(206, 166, -30));
  return s;
}

// ---------------------------------------------------------------- drinks

export function lata(rng: Rng, cor: string, faixa: string): string {
  let s = rect(130, 80, 140, 260, cor, 18);
  s += path('M130 220Q200 170 270 220V260Q200 210 130 260Z', faixa);
  s +=
    ellipse(200, 84, 70, 14, '#D6D9DD') +
    ellipse(200, 84, 56, 9, '#B6BBC1') +
    rect(186, 78, 28, 8, '#9AA0A6', 4);
  s += ellipse(200, 338, 70, 10, '#9AA0A6');
  s += rect(148, 100, 16, 220, '#fff', 8, ' opacity=".3"');
  for (const [x, y] of scatter(rng, 6, 225, 160, 40, 26)) s += ellipse(x, y, 4, 6, '#fff', ' opacity=".7"');
  return s;
}

export function garrafa(rng: Rng, liquido: string, rotulo: string, tampa: string, vidro = false): string {
  let s = path(
    'M176 60h48v26q0 30 36 56v190q0 14-14 14H154q-14 0-14-14V142q36-26 36-56z',
    liquido,
    vidro ? ' opacity=".85"' : '',
  );
  s += rect(172, 44, 56, 22, tampa, 5);
  s +=
    rect(140, 190, 120, 80, rotulo) +
    path('M140 230q60-30 120 0', 'none', ' stroke="#fff" stroke-width="8" stroke-opacity=".8"');
  s += rect(150, 150, 12, 180, '#fff', 6, ' opacity=".3"');
  for (const [x, y] of scatter(rng, 5, 225, 300, 20, 14)) s += circle(x, y, 3, '#fff', ' opacity=".5"');
  return s;
}

/** A tall glass with ice, a straw and a fruit slice; two colours layer a mixed juice. */
export function copo(rng: Rng, liquido: string, fruta: string | null, segundo?: string): string {
  let s = path(
    'M120 90H280L262 340Q260 352 248 352H152Q140 352 138 340Z',
    '#FFFFFF',
    ' opacity=".55" stroke="#E8F1F5" stroke-width="4"',
  );
  s += path('M128 140H272L260 336Q258 344 250 344H150Q142 344 140 336Z', liquido);
  if (segundo) s += path('M137 250H263L260 336Q258 344 250 344H150Q142 344 140 336Z', segundo);
  for (const [x, y] of scatter(rng, 5, 200, 200, 48, 40))
    s += rect(x - 18, y - 18, 36, 36, '#fff', 6, ` opacity=".45"${rot(x, y, rng() * 60)}`);
  s += path('M224 40L236 36L214 300', 'none', ' stroke="#E74C3C" stroke-width="10" stroke-linecap="round"');
  if (fruta)
    s +=
      circle(276, 104, 34, fruta) +
      circle(276, 104, 27, '#fff', ' opacity=".35"') +
      path('M276 78V130M250 104H302', 'none', ' stroke="#fff" stroke-opacity=".6" stroke-width="3"');
  s += rect(134, 140, 12, 190, '#fff', 6, ' opacity=".35"');
  return s;
}

export function taca(liquido: string): string {
  let s = path(
    'M130 80H270Q276 200 200 220Q124 200 130 80Z',
    '#FFFFFF',
    ' opacity=".5" stroke="#EDE6F0" stroke-width="4"',
  );
  s += path('M134 130H266Q260 205 200 214Q140 205 134 130Z', liquido);
  s += rect(193, 216, 14, 100, '#EDE6F0') + ellipse(200, 322, 64, 14, '#EDE6F0');
  s += path(
    'M150 100Q148 170 170 195',
    'none',
    ' stroke="#fff" stroke-width="8" stroke-opacity=".55" stroke-linecap="round"',
  );
  return s;
}

export function cerveja(): string {
  let s = path('M130 110H270L258 340Q257 352 245 352H155Q143 352 142 340Z', '#E9A521');
  s += path(`M120 118q10-40 40-30q20-30 50-10q30-25 55 0q30-5 25 35q-5 15-20 10H140q-25 5-20-5z`, '#FFFBEF');
  s += rect(270, 160, 38, 120, 'none', 18, ' stroke="#F5D27A" stroke-width="14"');
  for (let i = 0; i < 8; i++) s += circle(165 + (i % 4) * 22, 320 - i * 22, 3, '#FFF2C4');
  return s;
}

// ---------------------------------------------------------------- desserts

export function pudim(rng: Rng): string {
  let s = ellipse(200, 300, 165, 42, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"');
  s += path('M100 300L130 150H270L300 300Z', '#F3BE5A') + ellipse(200, 300, 100, 22, '#EBAE45');
  s += ellipse(200, 150, 70, 16, '#9B4A16');
  for (let i = 0; i < 6; i++) {
    const x = 140 + i * 24;
    s += path(
      `M${x} 150q${r(rng() * 6)} ${r(30 + rng() * 50)} 4 ${r(40 + rng() * 60)}`,
      'none',
      ' stroke="#A8561D" stroke-width="9" stroke-linecap="round"',
    );
  }
  s += ellipse(200, 310, 130, 14, '#A8561D', ' opacity=".7"');
  s += ellipse(170, 200, 10, 40, '#fff', ' opacity=".25"');
  return s;
}

export function brigadeiros(rng: Rng, cores: string[]): string {
  let s = rect(70, 100, 260, 230, '#F6E7D8', 20, ' stroke="#D8B99B" stroke-width="6"');
  cores.forEach((cor, i) => {
    const x = 140 + (i % 2) * 120;
    const y = 165 + Math.floor(i / 2) * 105;
    s += path(`M${x - 46} ${y}l10 40h72l10-40z`, '#8E3B2F');
    s += circle(x, y - 6, 42, cor);
    s += `<g stroke="${cor === '#3B2314' ? '#1E110A' : '#6B3B22'}" stroke-width="3" stroke-linecap="round">`;
    for (let k = 0; k < 12; k++) {
      const a = rng() * Math.PI * 2;
      const d = rng() * 34;
      s += `<path d="M${r(x + Math.cos(a) * d)} ${r(y - 6 + Math.sin(a) * d)}l5 2"/>`;
    }
    s += '</g>';
    s += circle(x - 14, y - 20, 9, '#fff', ' opacity=".3"');
  });
  return s;
}

export function petitGateau(): string {
  let s = ellipse(200, 290, 170, 50, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"');
  s += path('M90 300L110 200Q160 180 210 200L230 300Z', '#4A2414') + ellipse(160, 200, 50, 14, '#5E301A');
  s += path('M110 250q-40 30-10 60q60 10 120-5q20-20-10-30z', '#3A1A0E');
  s +=
    path('M230 230Q230 160 285 160Q340 160 340 230Q330 250 285 250Q240 250 230 230Z', '#FFF6DD') +
    circle(270, 185, 12, '#fff', ' opacity=".7"');
  s +=
    path('M300 140q10-20 30-12q-6 22-30 12z', '#3E9B3A') +
    path('M150 120c-18-12-16-30 0-26c16-4 18 14 0 26z', '#E0303C');
  s += path('M70 300q60-30 80-10', 'none', ' stroke="#D8A0C0" stroke-width="5" stroke-linecap="round"');
  return s;
}

export function mousse(rng: Rng, creme: string, calda: string): string {
  let s = path('M110 110H290L270 320Q268 340 250 340H150Q132 340 130 320Z', '#FFFFFF', ' opacity=".6"');
  s += path('M116 160H284L270 320Q268 334 252 334H148Q132 334 130 320Z', creme);
  s += path(blob(rng, 200, 150, 86, 0.15, 12, 22), calda);
  for (const [x, y] of scatter(rng, 12, 200, 150, 70, 16)) s += circle(x, 150 + (y - 150) / 4, 4, '#2A1A0E');
  s += path('M260 150q20-40 40-20', 'none', ' stroke="#3E9B3A" stroke-width="6" stroke-linecap="round"');
  return s;
}

export function tortaFatia(base: string, recheio: string, topo: string, enfeite: string): string {
  let s = ellipse(200, 300, 165, 42, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"');
  s += path('M80 300L320 300L320 200L80 250Z', base) + path('M80 250L320 200L320 180L80 232Z', recheio);
  s += path('M80 300V250L320 200V300Z', base) + path('M80 262V240L320 190V212Z', recheio);
  s += path('M80 240Q140 170 200 200Q260 140 320 190L320 200L80 250Z', topo);
  s += circle(250, 168, 16, enfeite) + circle(250, 168, 10, '#fff', ' opacity=".4"');
  return s;
}

export function brownie(): string {
  let s = ellipse(200, 290, 170, 52, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"');
  s += path('M90 280L130 190H270L300 280Z', '#3D2012') + path('M130 190H270L262 170H138Z', '#4E2A18');
  for (let i = 0; i < 5; i++) s += rect(150 + i * 24, 220 + (i % 2) * 20, 12, 8, '#6B3B22', 2);
  s += path('M170 175Q170 110 220 110Q270 110 270 175Q250 190 220 190Q190 190 170 175Z', '#FFF6DD');
  s += path(
    'M175 150q20 25 45 5q25 25 45 0',
    'none',
    ' stroke="#5A2E16" stroke-width="8" stroke-linecap="round"',
  );
  return s;
}

export function romeuJulieta(): string {
  let s = rect(60, 150, 280, 170, '#C98B4F', 24, ' stroke="#9E6632" stroke-width="5"');
  s += path('M100 280L140 170H230L200 280Z', '#FFF9EC', ' stroke="#EFE3C9" stroke-width="4"');
  s += path('M190 290L230 180H320L290 290Z', '#A3202C') + path('M230 180H320L314 196H226Z', '#C8404B');
  s += circle(140, 230, 5, '#F0E6D0') + circle(170, 250, 4, '#F0E6D0');
  return s;
}

export function tiramisu(rng: Rng): string {
  let s = ellipse(200, 300, 165, 42, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"');
  const cores = ['#7A4A24', '#FFF4DC', '#8B5A30', '#FFF4DC'];
  cores.forEach((c, i) => {
    s += rect(100, 270 - i * 30, 200, 32, c);
  });
  s += rect(100, 146, 200, 6, '#5A3218');
  for (let i = 0; i < 40; i++) s += circle(104 + rng() * 192, 148 + rng() * 4, 2, '#3A1F0E');
  return s;
}

export function cannoli(): string {
  let s = ellipse(200, 290, 170, 52, '#FFFFFF', ' stroke="#E6DCCF" stroke-width="4"');
  for (const [y, a] of [[230, -12] as const, [280, 8] as const]) {
    s += `<g transform="rotate(${a} 200 ${y})">`;
    s +=
      rect(110, y - 28, 180, 56, '#D9953D', 28) +
      path(
        `M130 ${y - 24}l12 48M170 ${y - 26}l12 52M210 ${y - 26}l12 52M250 ${y - 24}l12 48`,
        'none',
        ' stroke="#B5732A" stroke-width="4"',
      );
    s +=
      circle(110, y, 26, '#FFF6E3') +
      circle(290, y, 26, '#FFF6E3') +
      circle(100, y - 6, 5, '#6DB33F') +
      circle(298, y + 4, 5, '#6DB33F');
    s += '</g>';
  }
  return s;
}

// ---------------------------------------------------------------- açaí

export function acai(
  rng: Rng,
  base: string,
  coberturas: Topping[],
  tigela = '#8B5A2B',
  barca = false,
): string {
  let s = barca
    ? path('M40 200Q200 120 360 200Q330 320 200 330Q70 320 40 200Z', tigela)
    : circle(200, 200, 168, tigela) + circle(200, 200, 150, '#fff', ' opacity=".15"');
  s += barca ? path(blob(rng, 200, 220, 140, 0.1, 14, 70), base) : circle(200, 200, 140, base);
  s += '<g stroke="#fff" stroke-opacity=".1" stroke-width="4">';
  for (const [x, y] of scatter(rng, 8, 200, 200, 110, 30)) s += path(blob(rng, x, y, 18, 0.5, 7), base);
  s += '</g>';
  // 'canela' in an açaí's list stands for granola.
  if (coberturas.includes('canela'))
    for (const [x, y] of scatter(rng, 13, 135, 160, 60, 15)) s += path(blob(rng, x, y, 8, 0.8, 5), '#C98B3C');
  for (const c of coberturas) {
    if (c === 'canela') continue;
    for (const [x, y] of scatter(rng, c === 'granulado' ? 20 : 5, 240, 230, 80, c === 'granulado' ? 10 : 34))
      s += topping(c, x, y, rng, base);
  }
  s += path(
    'M120 250q40-30 80 0t80 0',
    'none',
    ' stroke="#FFF8E7" stroke-width="7" stroke-linecap="round" opacity=".9"',
  );
  return s;
}

export function acaiCopo(rng: Rng): string {
  let s = path(
    'M120 90H280L262 340Q260 352 248 352H152Q140 352 138 340Z',
    '#FFFFFF',
    ' opacity=".6" stroke="#EEE" stroke-width="4"',
  );
  s += path('M126 130H274L262 336Q260 346 250 346H150Q140 346 138 336Z', '#4B1F4F');
  s += path('M131 210H269L266 240H134Z', '#F6E3A1') + path('M135 270H265L263 290H137Z', '#FFF8E7');
  s += path(blob(rng, 200, 112, 86, 0.25, 12, 30), '#5A2660');
  s +=
    circle(170, 96, 14, '#F7E39A', ' stroke="#E9C766" stroke-width="2"') +
    circle(226, 92, 15, '#E0303C') +
    circle(198, 78, 12, '#B7D94C');
  return s;
}

// ---------------------------------------------------------------- combos and logos

/** Several drawings in one picture, each scaled into place. */
export function compor(partes: { body: string; x: number; y: number; s: number }[]): string {
  return partes.map((p) => `<g transform="translate(${p.x} ${p.y}) scale(${p.s})">${p.body}</g>`).join('');
}

export function logoSaborDaVila(): string {
  let s =
    circle(200, 200, 180, '#C0392B') +
    circle(200, 200, 158, '#FFF3E0') +
    circle(200, 200, 150, 'none', ' stroke="#C0392B" stroke-width="3" stroke-dasharray="6 8"');
  s += path(
    'M110 210L200 120L290 210',
    'none',
    ' stroke="#E67E22" stroke-width="18" stroke-linejoin="round" stroke-linecap="round"',
  );
  s += rect(130, 205, 140, 95, '#E67E22', 10) + rect(182, 240, 36, 60, '#FFF3E0', 6);
  s += path(
    'M150 220v30M142 220v14q0 16 8 16q8 0 8-16v-14',
    'none',
    ' stroke="#FFF3E0" stroke-width="5" stroke-linecap="round"',
  );
  s += path(
    'M250 220v50M250 220q14 8 0 30',
    'none',
    ' stroke="#FFF3E0" stroke-width="5" stroke-linecap="round"',
  );
  s += path('M240 150v-30h20v50', '#C0392B');
  return s;
}

export function logoBellaNapoli(rng: Rng): string {
  let s =
    circle(200, 200, 180, '#1E7B45') +
    circle(200, 200, 162, '#FFFFFF') +
    path('M200 38A162 162 0 0 1 362 200H200Z', '#FFFFFF');
  s +=
    path('M38 200A162 162 0 0 0 200 362V200Z', '#F3E9D8') +
    path('M362 200A162 162 0 0 1 200 362V200Z', '#F3E9D8');
  s += circle(200, 200, 150, 'none', ' stroke="#C0392B" stroke-width="8"');
  s +=
    path('M200 300L120 120Q200 90 280 120Z', '#F5C451') +
    path('M120 120Q200 90 280 120L272 102Q200 72 128 102Z', '#D9953D');
  for (const [x, y] of scatter(rng, 5, 200, 160, 40, 30))
    if (Math.abs(x - 200) < (300 - y) * 0.4) s += circle(x, y, 12, '#B3261E');
  s +=
    ellipse(186, 220, 12, 6, '#2F8A3A', rot(186, 220, 40)) +
    ellipse(214, 210, 12, 6, '#2F8A3A', rot(214, 210, -30));
  return s;
}
