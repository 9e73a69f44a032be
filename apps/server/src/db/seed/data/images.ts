import {
  acai,
  acaiCopo,
  BG,
  batata,
  brigadeiros,
  brownie,
  burger,
  calzone,
  cannoli,
  card,
  cerveja,
  compor,
  copo,
  garrafa,
  lata,
  logoBellaNapoli,
  logoSaborDaVila,
  massa,
  misto,
  mousse,
  petitGateau,
  pizza,
  porcao,
  prato,
  pudim,
  rngFor,
  romeuJulieta,
  salada,
  sanduiche,
  taca,
  tiramisu,
  tortaFatia,
  type PizzaArte,
  type Rng,
} from './draw.ts';

type Desenho = (rng: Rng) => string;

/** Savoury pizzas by file name; the half-and-half pictures reuse two of them. */
const PIZZAS: Record<string, PizzaArte> = {
  'pizza-mussarela': {
    coberturas: [
      ['tomate', 7],
      ['azeitona', 8],
      ['manjericao', 3],
    ],
  },
  'pizza-calabresa': {
    coberturas: [
      ['calabresa', 12],
      ['cebola', 6],
      ['azeitona', 4],
    ],
  },
  'pizza-margherita': {
    queijo: '#FBF3DC',
    coberturas: [
      ['tomate', 6],
      ['manjericao', 8],
    ],
  },
  'pizza-napolitana': {
    coberturas: [
      ['tomate', 9],
      ['alho', 14],
      ['manjericao', 2],
    ],
  },
  'pizza-portuguesa': {
    coberturas: [
      ['presunto', 6],
      ['ovo', 4],
      ['ervilha', 8],
      ['cebola', 4],
      ['azeitona', 5],
    ],
  },
  'pizza-quatro-queijos': {
    queijo: '#F6E29A',
    coberturas: [
      ['gorgonzola', 10],
      ['catupiry', 5],
    ],
  },
  'pizza-frango-catupiry': {
    coberturas: [
      ['frango', 14],
      ['catupiry', 6],
      ['milho', 6],
    ],
  },
  'pizza-pepperoni': { queijo: '#F7CF5E', coberturas: [['pepperoni', 16]] },
  'pizza-atum': {
    coberturas: [
      ['atum', 12],
      ['cebola', 6],
      ['azeitona', 6],
    ],
  },
  'pizza-rucula': {
    queijo: '#FBF3DC',
    coberturas: [
      ['rucula', 10],
      ['tomateSeco', 8],
    ],
  },
  'pizza-camarao': {
    coberturas: [
      ['camarao', 11],
      ['catupiry', 4],
      ['manjericao', 3],
    ],
  },
  'pizza-baiana': {
    molho: '#B8321E',
    queijo: '#F3B94E',
    coberturas: [
      ['calabresa', 8],
      ['ovo', 3],
      ['pimentao', 5],
      ['cebola', 4],
    ],
  },
  'pizza-lombo': {
    coberturas: [
      ['lombo', 9],
      ['cebola', 6],
    ],
  },
  'pizza-vegetariana': {
    coberturas: [
      ['brocolis', 6],
      ['champignon', 6],
      ['pimentao', 5],
      ['milho', 6],
    ],
  },
};

const CHOCOLATE = { molho: '#4A2414', queijo: '#6B3A1F', tabua: '#B9824C' };
const DOCES: Record<string, PizzaArte> = {
  'pizza-chocolate-morango': { ...CHOCOLATE, coberturas: [['morango', 11]] },
  'pizza-brigadeiro': { ...CHOCOLATE, coberturas: [['granulado', 40]] },
  'pizza-romeu-julieta': { queijo: '#FBF3DC', coberturas: [['goiabada', 12]] },
  'pizza-banana': {
    queijo: '#F7E7B5',
    coberturas: [
      ['banana', 14],
      ['canela', 24],
    ],
  },
  'pizza-prestigio': { ...CHOCOLATE, coberturas: [['coco', 40]] },
};

/** One half of a whole pizza's toppings. */
function metade(nome: string): PizzaArte['coberturas'] {
  return (PIZZAS[nome]?.coberturas ?? []).map(([t, n]) => [t, Math.ceil(n / 2)]);
}

function pizzaDe(arte: PizzaArte): Desenho {
  return (rng) => card(BG.madeira, pizza(rng, arte), false);
}

/** Every product picture by file name (without .svg), as drawn by generate-images.ts. */
export const PRODUCT_IMAGES: Record<string, Desenho> = {
  // Lanches
  'x-burger': (g) => card(BG.laranja, burger(g, { alface: false, tomate: false })),
  'x-salada': (g) => card(BG.menta, burger(g, {})),
  'x-bacon': (g) => card(BG.tomate, burger(g, { bacon: true, queijo: '#F4B400' })),
  'x-egg': (g) => card(BG.mostarda, burger(g, { ovo: true })),
  'x-tudo': (g) => card(BG.pessego, burger(g, { carnes: 2, bacon: true, ovo: true, cebola: true })),
  'cheeseburger-duplo': (g) =>
    card(
      BG.laranja,
      burger(g, { carnes: 2, queijo: '#F39C12', alface: false, tomate: false, cebola: true, pao: '#D9822B' }),
    ),
  'x-frango': (g) => card(BG.mostarda, burger(g, { carne: '#C07A2C', queijo: '#FBE7A1' })),
  'misto-quente': () => card(BG.mostarda, misto()),
  bauru: (g) => card(BG.pessego, sanduiche(g, '#D9A057', ['#7CBF5A', '#E2452F', '#F8D774', '#C05A4A'])),
  beirute: (g) => card(BG.laranja, sanduiche(g, '#EFD3A0', ['#69B63F', '#E2452F', '#FFFBF0', '#7B3F1E'])),
  'burger-vegetariano': (g) =>
    card(BG.menta, burger(g, { pao: '#A8713F', carne: '#7E6A3A', queijo: '#FBE7A1' })),
  'sanduiche-pernil': (g) =>
    card(BG.tomate, sanduiche(g, '#D9A057', ['#F8D774', '#E2452F', '#9C5A3A', '#9C5A3A'])),
  // Pratos executivos
  'pf-bife': (g) => card(BG.laranja, prato(g, 'bife')),
  picanha: (g) => card(BG.tomate, prato(g, 'picanha')),
  'frango-grelhado': (g) => card(BG.mostarda, prato(g, 'frango')),
  'parmegiana-carne': (g) => card(BG.pessego, prato(g, 'parmegiana')),
  'parmegiana-frango': (g) => card(BG.laranja, prato(g, 'parmegianaFrango')),
  feijoada: (g) => card(BG.madeira, prato(g, 'feijoada')),
  strogonoff: (g) => card(BG.pessego, prato(g, 'strogonoff')),
  tilapia: (g) => card(BG.ceu, prato(g, 'tilapia')),
  omelete: (g) => card(BG.mostarda, prato(g, 'omelete')),
  // Porções
  'batata-frita': (g) => card(BG.mostarda, batata(g, '#D62828')),
  'batata-cheddar': (g) => card(BG.laranja, batata(g, '#1D3557', 'cheddar')),
  mandioca: (g) => card(BG.pessego, porcao(g, 'mandioca')),
  calabresa: (g) => card(BG.tomate, porcao(g, 'calabresa')),
  'frango-passarinho': (g) => card(BG.mostarda, porcao(g, 'frango')),
  'isca-tilapia': (g) => card(BG.ceu, porcao(g, 'isca')),
  'onion-rings': (g) => card(BG.laranja, porcao(g, 'anel', '#2B2B2B')),
  polenta: (g) => card(BG.mostarda, porcao(g, 'polenta')),
  'bolinho-bacalhau': (g) => card(BG.ceu, porcao(g, 'bolinho')),
  // Saladas
  'salada-monte': (g) =>
    card(
      BG.menta,
      salada(g, '#2A9D8F', [
        ['#E2452F', 'bola', 5],
        ['#F4A261', 'tira', 4],
        ['#F4C430', 'cubo', 5],
      ]),
    ),
  'salada-caesar': (g) =>
    card(
      BG.mostarda,
      salada(g, '#E9C46A', [
        ['#E0B070', 'tira', 5],
        ['#D9A04A', 'cubo', 7],
        ['#FFF8EA', 'cubo', 5],
      ]),
    ),
  'salada-caprese': (g) =>
    card(
      BG.tomate,
      salada(g, '#FFFFFF', [
        ['#E2452F', 'fatia', 5],
        ['#FFFDF5', 'fatia', 5],
      ]),
    ),
  'salada-tropical': (g) =>
    card(
      BG.laranja,
      salada(g, '#E76F51', [
        ['#F7B32B', 'cubo', 8],
        ['#FFF3D6', 'fatia', 4],
        ['#E2452F', 'bola', 4],
      ]),
    ),
  'salada-grao-de-bico': (g) =>
    card(
      BG.menta,
      salada(g, '#264653', [
        ['#E8C99B', 'bola', 12],
        ['#B6D96C', 'fatia', 4],
        ['#E2452F', 'cubo', 5],
      ]),
    ),
  // Massas
  'espaguete-bolonhesa': (g) => card(BG.tomate, massa(g, 'espaguete', '#9E3B22')),
  'penne-branco': (g) => card(BG.pessego, massa(g, 'penne', '#FFF6E3')),
  lasanha: (g) => card(BG.laranja, massa(g, 'lasanha', '#B5402A')),
  nhoque: (g) => card(BG.tomate, massa(g, 'nhoque', '#D63A22', '#F6E2A8')),
  'fettuccine-alfredo': (g) => card(BG.mostarda, massa(g, 'fettuccine', '#FFF4D6')),
  'talharim-pesto': (g) => card(BG.menta, massa(g, 'fettuccine', '#4F8F2F', '#E9D38A')),
  'massa-monte': (g) => card(BG.pessego, massa(g, 'penne', '#C8402A', '#F0C95E')),
  // Combos
  'combo-classico': (g) =>
    card(
      BG.laranja,
      compor([
        { body: lata(g, '#D7262B', '#FFFFFF'), x: 200, y: 60, s: 0.6 },
        { body: batata(g, '#D62828'), x: 170, y: 110, s: 0.7 },
        { body: burger(g, {}), x: -10, y: 110, s: 0.7 },
      ]),
    ),
  'combo-duplo': (g) =>
    card(
      BG.tomate,
      compor([
        { body: lata(g, '#D7262B', '#FFFFFF'), x: 190, y: 50, s: 0.5 },
        { body: burger(g, { bacon: true, gergelim: false }), x: -20, y: 60, s: 0.62 },
        { body: burger(g, { carnes: 2, alface: false, tomate: false }), x: 100, y: 150, s: 0.62 },
        { body: batata(g, '#F4A261'), x: 240, y: 170, s: 0.5 },
      ]),
    ),
  'combo-kids': (g) =>
    card(
      BG.ceu,
      compor([
        { body: garrafa(g, '#7B2D8B', '#F4C430', '#F4C430'), x: 230, y: 60, s: 0.6 },
        { body: burger(g, { alface: false, tomate: false, pao: '#E9A14A' }), x: 0, y: 120, s: 0.6 },
        { body: batata(g, '#F4C430'), x: 160, y: 150, s: 0.55 },
      ]),
    ),
  'combo-executivo': (g) =>
    card(
      BG.pessego,
      compor([
        { body: prato(g, 'bife'), x: 20, y: 60, s: 0.72 },
        { body: lata(g, '#D7262B', '#FFFFFF'), x: 260, y: 30, s: 0.45 },
        { body: pudim(g), x: 230, y: 190, s: 0.45 },
      ]),
    ),
  // Bebidas
  'coca-cola-lata': (g) => card(BG.tomate, lata(g, '#D7262B', '#FFFFFF')),
  'guarana-lata': (g) => card(BG.menta, lata(g, '#1F8A3B', '#E63946')),
  'coca-cola-2l': (g) => card(BG.tomate, garrafa(g, '#3B1D12', '#D7262B', '#D7262B')),
  'agua-sem-gas': (g) => card(BG.ceu, garrafa(g, '#CDEBF7', '#2E86C1', '#2E86C1', true)),
  'suco-laranja': (g) => card(BG.laranja, copo(g, '#F5A623', '#F39C12')),
  'suco-misto': (g) => card(BG.rosa, copo(g, '#F5A623', '#E0303C', '#D63A5A')),
  'limonada-suica': (g) => card(BG.menta, copo(g, '#E9F5C9', '#9BCB3C')),
  'cha-mate': (g) => card(BG.mostarda, copo(g, '#C97B1F', '#F4E04D')),
  'cerveja-long-neck': (g) => card(BG.mostarda, garrafa(g, '#6B3A12', '#F4C430', '#C0C0C0')),
  'agua-com-gas': (g) => card(BG.ceu, garrafa(g, '#D6F0E0', '#1E8449', '#1E8449', true)),
  // Sobremesas
  pudim: (g) => card(BG.pessego, pudim(g)),
  brigadeiros: (g) => card(BG.rosa, brigadeiros(g, ['#3B2314', '#FFF4DC', '#8DB254', '#F3E3C8'])),
  'petit-gateau': () => card(BG.pessego, petitGateau()),
  'mousse-maracuja': (g) => card(BG.mostarda, mousse(g, '#F7D154', '#F2B705')),
  'torta-limao': () => card(BG.menta, tortaFatia('#D9A057', '#E4EE8A', '#FFFBF0', '#B7D94C')),
  brownie: () => card(BG.madeira, brownie()),
  'romeu-julieta': () => card(BG.rosa, romeuJulieta()),
  // Açaí
  'acai-monte': (g) => card(BG.uva, acaiCopo(g)),
  'acai-tigela': (g) => card(BG.uva, acai(g, '#4B1F4F', ['canela', 'banana'])),
  'acai-frutas': (g) => card(BG.rosa, acai(g, '#4B1F4F', ['morango', 'banana'], '#2A9D8F')),
  cupuacu: (g) => card(BG.mostarda, acai(g, '#F1E0B8', ['canela', 'granulado'], '#6B4226')),
  'acai-barca': (g) => card(BG.uva, acai(g, '#4B1F4F', ['canela', 'morango', 'banana'], '#8B5A2B', true)),
  // Pizzaria
  ...Object.fromEntries(Object.entries({ ...PIZZAS, ...DOCES }).map(([nome, arte]) => [nome, pizzaDe(arte)])),
  'pizza-meio-a-meio': pizzaDe({ coberturas: metade('pizza-calabresa'), metade: metade('pizza-margherita') }),
  'pizza-tres-sabores': pizzaDe({
    coberturas: [
      ['pepperoni', 7],
      ['rucula', 4],
    ],
    metade: [
      ['frango', 6],
      ['milho', 5],
      ['tomate', 3],
    ],
  }),
  'pizza-doce-meio-a-meio': pizzaDe({ ...CHOCOLATE, coberturas: [['morango', 6]], metade: [['coco', 24]] }),
  'calzone-calabresa': (g) => card(BG.tomate, calzone(g, '#C45A3B')),
  'calzone-frango': (g) => card(BG.mostarda, calzone(g, '#E8C08E')),
  'pizzaria-coca-cola-2l': (g) => card(BG.tomate, garrafa(g, '#3B1D12', '#D7262B', '#D7262B')),
  'pizzaria-guarana-2l': (g) => card(BG.menta, garrafa(g, '#2E7D32', '#1F8A3B', '#E63946')),
  'suco-uva': (g) => card(BG.uva, garrafa(g, '#5B1A4F', '#8E44AD', '#F4C430', true)),
  'cerveja-artesanal': () => card(BG.mostarda, cerveja()),
  'vinho-tinto': () => card(BG.uva, taca('#7B1E3A')),
  tiramisu: (g) => card(BG.madeira, tiramisu(g)),
  cannoli: () => card(BG.pessego, cannoli()),
};

/** The establishments' logos by file name (under media/logos). */
export const LOGO_IMAGES: Record<string, Desenho> = {
  'sabor-da-vila': () => card(BG.laranja, logoSaborDaVila(), false),
  'bella-napoli': (g) => card(BG.menta, logoBellaNapoli(g), false),
};

/** Draws one picture; the seed of its randomness is its file name. */
export function drawImage(catalogo: Record<string, Desenho>, nome: string): string {
  const desenho = catalogo[nome];
  if (!desenho) throw new Error(`no drawing named ${nome}`);
  return desenho(rngFor(nome));
}
