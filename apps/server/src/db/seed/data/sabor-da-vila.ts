import type { AreaEntrega, EstabelecimentoDetalhe, FormaPgto, GrupoOpcao, Menu } from '@rango/domain';

import type { SeedEstablishment } from '../types.ts';
import { grupo, MEDIA_LOGOS, op, produto } from './builders.ts';

/**
 * Establishment 1, Sabor da Vila: a lanchonete and restaurant in Cerqueira César, open for lunch
 * and dinner, delivering by circles around its address (areas 11–13). Ids: products 1001–1999,
 * menu groups 101–199, payment methods 11–19.
 *
 * Which product demonstrates which option-group feature (PRICING.md):
 * - 0 Normal, multiplo, steppers, qtdmax per option, max only (0–5), option offer, unavailable and
 *   hidden options: 'Adicionais' on the burgers (1001–1012).
 * - qtdpadrao: 'Molhos' pre-applies 1× 'Maionese da casa' (burgers); no minimum, max 3.
 * - leave-out group (stnegagrupoopcao 1): 'Retirar ingredientes' on the burgers.
 * - unavailable group (1) 'Pão especial' and hidden group (2) 'Molho do chef': X-Tudo (1005).
 * - 1 MenorOpcao: 'Escolha 2 frutas' of Suco Misto (1706), the cheaper fruit is charged.
 * - 2 MediaOpcao: 'Escolha 2 frutas' of Suco Duplo (1712), the average of the two fruits.
 * - 3 MaiorOpcao: 'Molhos' of Monte sua Massa (1507), the dearest sauce is charged (min 1 < max 2).
 * - 4 DesprezaOpcao: 'Ponto da carne' (burgers, Picanha 1202) and 'Acompanhamentos' of the
 *   executive plates, priced à la carte but ignored (min = max = 2).
 * - 10 Kit: Combo Clássico (1601), Combo Duplo (1602), Combo Kids (1603); the combo price is shared
 *   among the chosen burger, side and drink; 'X-Bacon (+R$ 3,00)' adds money to the product.
 * - valorafetatudo: 'Marmita térmica' (+R$ 4,00 to the item) on the executive plates.
 * - qtdinclusa: 'Ingredientes' of Monte sua Salada (1401, 3 included, min 3 < max 6) and
 *   'Complementos' of Monte seu Açaí (1901, 3 included, min 1 only).
 * - valorafetaproduto percent: 'Meia porção' −40 % on the fries (1301); money: açaí 'Tamanho'
 *   500 ml +R$ 6,00, 700 ml +R$ 10,00; valorafetaopcao money: açaí 700 ml makes every paid
 *   complement R$ 1,00 dearer.
 * - products: offers (1006, 1204, 1309, 1404, 1703, 1803), unavailable (1206, 1805),
 *   hidden (1010, 1709, 1905), no description (1008 Misto Quente), no image (1711 Água Tônica).
 * - options: offers ('Bacon', 'Quatro queijos' 1507, 'Nutella' 1901), unavailable ('Picles',
 *   'Salmão defumado' 1401, 'Manga' 1705), hidden ('Jalapeño', 'Acerola' 1705).
 */

const ID = 1;

export const detalhe: EstabelecimentoDetalhe = {
  id: ID,
  estabelecimento: {
    id: ID,
    apelidooufantasia: 'Sabor da Vila',
    nomeourazaosocial: 'Sabor da Vila Lanchonete e Restaurante Ltda.',
    logo: `${MEDIA_LOGOS}/sabor-da-vila.svg`,
    imgpessoa: `${MEDIA_LOGOS}/sabor-da-vila.svg`,
    endereco: {
      rua: 'Rua Haddock Lobo',
      numero: '595',
      bairro: 'Cerqueira César',
      complemento: 'Loja 1',
      cep: '01414-001',
      cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo', sigla: 'SP' } },
    },
    fone_set: [{ numero: '(11) 3062-4178' }, { numero: '(11) 97314-2256' }],
  },
  // Lunch and dinner on weekdays and Saturday, lunch only on Sunday. The demo's always-open
  // flag replaces these with 24 h on the server.
  horariofuncionamento_set: [
    { diadasemana: 0, abertura: '11:00:00', fechamento: '16:00:00' },
    ...[1, 2, 3, 4, 5, 6].flatMap((diadasemana) => [
      { diadasemana, abertura: '11:00:00', fechamento: '15:00:00' },
      { diadasemana, abertura: '18:00:00', fechamento: '23:00:00' },
    ]),
  ],
  lojaaberta: true,
  previsaoentregamin: 30,
  previsaoentregamax: 50,
  logo: `${MEDIA_LOGOS}/sabor-da-vila.svg`,
  pedidominimo: 20,
  taxaentrega_set: [],
};

export const formaspgto: FormaPgto[] = [
  { idformapgto: 11, descricao: 'Dinheiro', sttipopgto: 0 },
  { idformapgto: 12, descricao: 'Cartão de Crédito', sttipopgto: 60 },
  { idformapgto: 13, descricao: 'Cartão de Débito', sttipopgto: 61 },
  { idformapgto: 14, descricao: 'PIX', sttipopgto: 200 },
];

/** Centre: the restaurant, Rua Haddock Lobo near Alameda Santos. */
const LOJA = { lat: -23.5627, lng: -46.6656 };

export const areasEntrega: AreaEntrega[] = [
  // Close by (Jardins, Consolação, Bela Vista): cheap, free from R$ 50,00.
  {
    idareaentrega: 11,
    idestabelecimento: ID,
    geo_data: { center: LOJA, radius: 2500 },
    taxaentrega: 4.99,
    valorminimo: 50,
  },
  // Up to Pinheiros, Vila Mariana, Perdizes: dearer, no waiver.
  {
    idareaentrega: 12,
    idestabelecimento: ID,
    geo_data: { center: LOJA, radius: 5000 },
    taxaentrega: 8.99,
    valorminimo: null,
  },
  // Parque Ibirapuera: a matching area with a null fee means no delivery there (spec section 4).
  {
    idareaentrega: 13,
    idestabelecimento: ID,
    geo_data: { center: { lat: -23.5874, lng: -46.6576 }, radius: 700 },
    taxaentrega: null,
    valorminimo: null,
  },
];

// ---- Option groups shared by the burgers (each product gets its own ids) ----

function pontoDaCarne(id: number): GrupoOpcao {
  return grupo(id, 'Ponto da carne', { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 4 }, [
    op('Mal passado'),
    op('Ao ponto', 0, { qtdpadrao: 1 }),
    op('Bem passado'),
  ]);
}

function adicionais(id: number): GrupoOpcao {
  return grupo(id, 'Adicionais', { multiplo: true, qtdmultiplomax: 5 }, [
    op('Bacon', 600, { precooferta: 450, qtdmax: 2, detalhe: 'Fatias crocantes de bacon defumado.' }),
    op('Ovo', 300, { qtdmax: 2 }),
    op('Queijo cheddar', 500, { qtdmax: 2 }),
    op('Hambúrguer extra 150 g', 900, { qtdmax: 2 }),
    op('Cebola caramelizada', 400, { qtdmax: 1 }),
    op('Catupiry', 500, { qtdmax: 1 }),
    op('Picles', 250, { qtdmax: 1, stindisponivel: 1 }),
    op('Jalapeño', 300, { qtdmax: 1, stindisponivel: 2 }),
  ]);
}

function molhos(id: number): GrupoOpcao {
  return grupo(id, 'Molhos', { multiplo: true, qtdmultiplomax: 3 }, [
    op('Maionese da casa', 0, { qtdpadrao: 1, qtdmax: 2 }),
    op('Ketchup', 0, { qtdmax: 2 }),
    op('Mostarda e mel', 200, { qtdmax: 2 }),
    op('Barbecue defumado', 200, { qtdmax: 2 }),
    op('Maionese verde', 0, { qtdmax: 2 }),
  ]);
}

function retirar(id: number, itens: readonly string[]): GrupoOpcao {
  return grupo(
    id,
    'Retirar ingredientes',
    { multiplo: false, stnegagrupoopcao: 1 },
    itens.map((i) => op(`Sem ${i}`)),
  );
}

/** A beef burger: meat doneness, extras, sauces and what to leave out. */
function burgerGroups(idproduto: number, semItens: readonly string[]): GrupoOpcao[] {
  const g = idproduto * 10;
  return [pontoDaCarne(g + 1), adicionais(g + 2), molhos(g + 3), retirar(g + 4, semItens)];
}

/** A chicken or vegetarian sandwich: no doneness. */
function sandwichGroups(idproduto: number, semItens: readonly string[]): GrupoOpcao[] {
  const g = idproduto * 10;
  return [adicionais(g + 2), molhos(g + 3), retirar(g + 4, semItens)];
}

// ---- Executive plates ----

function acompanhamentos(id: number): GrupoOpcao {
  // À la carte prices shown for reference; the plate's price already includes two sides.
  return grupo(
    id,
    'Acompanhamentos (2 inclusos)',
    { multiplo: false, qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 4 },
    [
      op('Arroz branco', 800),
      op('Arroz integral', 900),
      op('Feijão carioca', 800),
      op('Feijão preto', 800),
      op('Batata frita', 1490),
      op('Farofa da casa', 600),
      op('Purê de batata', 900),
      op('Salada verde', 900),
      op('Legumes no vapor', 1000, { stindisponivel: 1 }),
    ],
  );
}

function embalagem(id: number): GrupoOpcao {
  return grupo(id, 'Embalagem', { qtdmultiplomax: 1 }, [
    op('Marmita térmica reutilizável', 0, {
      detalhe: 'Fica com você. Acrescenta R$ 4,00 ao prato.',
      valorafetatudo: 400,
    }),
  ]);
}

function pratoGroups(idproduto: number): GrupoOpcao[] {
  const g = idproduto * 10;
  return [acompanhamentos(g + 1), embalagem(g + 2)];
}

// ---- Combos (Kit): the combo price is shared among the chosen burger, side and drink ----

const lanchesCombo = [
  op('X-Burger', 2490),
  op('X-Salada', 2690),
  op('X-Bacon (+R$ 3,00)', 3190, { valorafetaproduto: 300 }),
  op('X-Frango', 2790),
];
const ladosCombo = [op('Batata frita média', 1490), op('Onion rings', 1690), op('Mandioca frita', 1490)];
const bebidasCombo = [
  op('Coca-Cola lata 350 ml', 700),
  op('Guaraná Antarctica lata 350 ml', 700),
  op('Suco natural de laranja 300 ml', 1090),
  op('Limonada suíça 300 ml', 1290, { stindisponivel: 1 }),
];

export const menu: Menu = {
  grupos: [
    {
      idgrupo: 101,
      descricao: 'Lanches',
      produtos: [
        produto(
          1001,
          'X-Burger',
          'Pão de hambúrguer, hambúrguer artesanal 150 g e queijo prato.',
          'x-burger',
          24.9,
          {
            grupoopcoes: burgerGroups(1001, ['maionese', 'queijo']),
          },
        ),
        produto(
          1002,
          'X-Salada',
          'Hambúrguer artesanal 150 g, queijo prato, alface, tomate e maionese da casa.',
          'x-salada',
          26.9,
          { grupoopcoes: burgerGroups(1002, ['alface', 'tomate', 'maionese', 'queijo']) },
        ),
        produto(
          1003,
          'X-Bacon',
          'Hambúrguer artesanal 150 g, bacon crocante, queijo prato, alface e tomate.',
          'x-bacon',
          31.9,
          { grupoopcoes: burgerGroups(1003, ['alface', 'tomate', 'bacon']) },
        ),
        produto(
          1004,
          'X-Egg',
          'Hambúrguer 150 g, ovo na chapa, queijo prato, alface e tomate.',
          'x-egg',
          28.9,
          {
            grupoopcoes: burgerGroups(1004, ['alface', 'tomate', 'ovo']),
          },
        ),
        produto(
          1005,
          'X-Tudo',
          'Dois hambúrgueres, bacon, ovo, presunto, queijo, milho, batata palha, alface e tomate.',
          'x-tudo',
          38.9,
          {
            grupoopcoes: [
              ...burgerGroups(1005, ['cebola', 'tomate', 'alface', 'milho', 'batata palha']),
              grupo(10055, 'Pão especial', { qtdmultiplomax: 1, stindisponivel: 1 }, [
                op('Pão australiano', 300),
                op('Pão brioche', 300),
              ]),
              grupo(10056, 'Molho do chef', { qtdmultiplomax: 1, stindisponivel: 2 }, [
                op('Molho de trufas', 900),
              ]),
            ],
          },
        ),
        produto(
          1006,
          'Cheeseburger Duplo',
          'Dois smash burgers de 90 g, cheddar derretido, cebola e picles no pão brioche.',
          'cheeseburger-duplo',
          34.9,
          { precooferta: 29.9, grupoopcoes: burgerGroups(1006, ['cebola', 'picles']) },
        ),
        produto(
          1007,
          'X-Frango',
          'Filé de frango grelhado, queijo prato, alface, tomate e maionese verde.',
          'x-frango',
          27.9,
          { grupoopcoes: sandwichGroups(1007, ['alface', 'tomate', 'maionese']) },
        ),
        produto(1008, 'Misto Quente', null, 'misto-quente', 14.9),
        produto(
          1009,
          'Bauru',
          'Pão francês, rosbife, queijo derretido, tomate e pepino em conserva.',
          'bauru',
          22.9,
          { grupoopcoes: [retirar(10094, ['tomate', 'pepino'])] },
        ),
        produto(
          1010,
          'Beirute de Filé',
          'Pão sírio, filé mignon em tiras, queijo, alface, tomate e ovo.',
          'beirute',
          42.9,
          { stindisponivel: 2 },
        ),
        produto(
          1011,
          'Burger Vegetariano',
          'Hambúrguer de grão-de-bico e cogumelos, queijo, rúcula e tomate no pão integral.',
          'burger-vegetariano',
          32.9,
          { grupoopcoes: sandwichGroups(1011, ['rúcula', 'tomate', 'queijo']) },
        ),
        produto(
          1012,
          'Sanduíche de Pernil',
          'Pernil assado desfiado, vinagrete e queijo no pão francês.',
          'sanduiche-pernil',
          29.9,
          { grupoopcoes: sandwichGroups(1012, ['vinagrete', 'queijo']) },
        ),
      ],
    },
    {
      idgrupo: 102,
      descricao: 'Pratos Executivos',
      produtos: [
        produto(
          1201,
          'PF de Bife Acebolado',
          'Bife de contrafilé acebolado com dois acompanhamentos à escolha.',
          'pf-bife',
          32.9,
          { grupoopcoes: pratoGroups(1201) },
        ),
        produto(
          1202,
          'Picanha na Chapa',
          'Picanha fatiada (250 g) na chapa com dois acompanhamentos à escolha.',
          'picanha',
          54.9,
          { grupoopcoes: [pontoDaCarne(12020), ...pratoGroups(1202)] },
        ),
        produto(
          1203,
          'Frango Grelhado',
          'Filé de peito de frango grelhado com ervas e dois acompanhamentos.',
          'frango-grelhado',
          29.9,
          { grupoopcoes: pratoGroups(1203) },
        ),
        produto(
          1204,
          'Parmegiana de Carne',
          'Bife empanado com molho de tomate e mussarela gratinada, com dois acompanhamentos.',
          'parmegiana-carne',
          42.9,
          { precooferta: 38.9, grupoopcoes: pratoGroups(1204) },
        ),
        produto(
          1205,
          'Parmegiana de Frango',
          'Filé de frango empanado, molho de tomate e mussarela gratinada, com dois acompanhamentos.',
          'parmegiana-frango',
          36.9,
          { grupoopcoes: pratoGroups(1205) },
        ),
        produto(
          1206,
          'Feijoada Completa',
          'Servida às quartas e aos sábados: feijoada, arroz, couve, farofa, torresmo e laranja.',
          'feijoada',
          44.9,
          { stindisponivel: 1 },
        ),
        produto(
          1207,
          'Strogonoff de Frango',
          'Strogonoff cremoso com champignon, arroz branco e batata palha.',
          'strogonoff',
          33.9,
          { grupoopcoes: [embalagem(12072)] },
        ),
        produto(
          1208,
          'Tilápia Grelhada',
          'Filé de tilápia grelhado com limão e dois acompanhamentos.',
          'tilapia',
          38.9,
          { grupoopcoes: pratoGroups(1208) },
        ),
        produto(
          1209,
          'Omelete Completo',
          'Três ovos, queijo, presunto, tomate e cheiro-verde, com salada e arroz.',
          'omelete',
          24.9,
        ),
      ],
    },
    {
      idgrupo: 103,
      descricao: 'Porções',
      produtos: [
        produto(
          1301,
          'Batata Frita',
          'Porção de batata frita crocante (500 g) com sal e orégano.',
          'batata-frita',
          24.9,
          {
            grupoopcoes: [
              grupo(13011, 'Tamanho', { qtdmultiplomin: 1, qtdmultiplomax: 1 }, [
                op('Inteira (500 g)', 0, { qtdpadrao: 1 }),
                op('Meia porção (250 g)', 0, { valorafetaproduto: -40, stpercentualafetaproduto: 1 }),
              ]),
              molhos(13013),
            ],
          },
        ),
        produto(
          1302,
          'Batata com Cheddar e Bacon',
          'Batata frita coberta com cheddar cremoso e bacon em cubos.',
          'batata-cheddar',
          34.9,
        ),
        produto(
          1303,
          'Mandioca Frita',
          'Mandioca frita sequinha, crocante por fora e macia por dentro.',
          'mandioca',
          26.9,
        ),
        produto(
          1304,
          'Calabresa Acebolada',
          'Linguiça calabresa fatiada na chapa com cebola.',
          'calabresa',
          32.9,
        ),
        produto(
          1305,
          'Frango a Passarinho',
          'Frango frito temperado com alho e salsinha.',
          'frango-passarinho',
          36.9,
        ),
        produto(
          1306,
          'Isca de Tilápia',
          'Iscas de tilápia empanadas com molho tártaro.',
          'isca-tilapia',
          44.9,
        ),
        produto(
          1307,
          'Onion Rings',
          'Anéis de cebola empanados e crocantes com molho barbecue.',
          'onion-rings',
          27.9,
        ),
        produto(1308, 'Polenta Frita', 'Palitos de polenta frita com parmesão ralado.', 'polenta', 22.9),
        produto(
          1309,
          'Bolinho de Bacalhau',
          'Doze bolinhos de bacalhau com azeite e salsinha.',
          'bolinho-bacalhau',
          49.9,
          {
            precooferta: 44.9,
          },
        ),
      ],
    },
    {
      idgrupo: 104,
      descricao: 'Saladas',
      produtos: [
        produto(
          1401,
          'Monte sua Salada',
          'Escolha a base, três ingredientes inclusos, proteína e molho.',
          'salada-monte',
          22.9,
          {
            grupoopcoes: [
              grupo(14011, 'Base', { qtdmultiplomin: 1, qtdmultiplomax: 1 }, [
                op('Alface americana', 0, { qtdpadrao: 1 }),
                op('Mix de folhas', 200),
                op('Rúcula', 200),
              ]),
              grupo(
                14012,
                'Ingredientes (3 inclusos)',
                { qtdinclusa: 3, qtdmultiplomin: 3, qtdmultiplomax: 6 },
                [
                  op('Tomate-cereja', 250),
                  op('Cenoura ralada', 200),
                  op('Pepino', 200),
                  op('Milho', 200),
                  op('Palmito', 500),
                  op('Grão-de-bico', 300),
                  op('Beterraba', 200),
                  op('Croutons', 250),
                  op('Queijo branco', 400),
                  op('Azeitona preta', 350),
                ],
              ),
              grupo(14013, 'Proteína', { qtdmultiplomax: 1 }, [
                op('Frango grelhado', 800),
                op('Atum', 900),
                op('Ovo cozido', 400),
                op('Salmão defumado', 1800, { stindisponivel: 1 }),
              ]),
              grupo(14014, 'Molho', { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 4 }, [
                op('Azeite e limão'),
                op('Mostarda e mel'),
                op('Caesar'),
                op('Iogurte com ervas'),
              ]),
            ],
          },
        ),
        produto(
          1402,
          'Salada Caesar',
          'Alface romana, frango grelhado, croutons, parmesão e molho caesar.',
          'salada-caesar',
          29.9,
        ),
        produto(
          1403,
          'Salada Caprese',
          'Tomate, mussarela de búfala, manjericão fresco e azeite.',
          'salada-caprese',
          27.9,
        ),
        produto(
          1404,
          'Salada Tropical',
          'Folhas verdes, manga, palmito, tomate-cereja e molho de maracujá.',
          'salada-tropical',
          26.9,
          { precooferta: 23.9 },
        ),
        produto(
          1405,
          'Salada de Grão-de-Bico',
          'Grão-de-bico, pepino, tomate, cebola roxa, salsinha e limão.',
          'salada-grao-de-bico',
          25.9,
        ),
      ],
    },
    {
      idgrupo: 105,
      descricao: 'Massas',
      produtos: [
        produto(
          1501,
          'Espaguete à Bolonhesa',
          'Espaguete com molho bolonhesa e parmesão.',
          'espaguete-bolonhesa',
          34.9,
        ),
        produto(
          1502,
          'Penne ao Molho Branco',
          'Penne com molho branco, presunto e ervilha.',
          'penne-branco',
          32.9,
        ),
        produto(
          1503,
          'Lasanha à Bolonhesa',
          'Lasanha de carne com molho bolonhesa e queijo gratinado.',
          'lasanha',
          38.9,
        ),
        produto(
          1504,
          'Nhoque ao Sugo',
          'Nhoque de batata artesanal com molho de tomate e manjericão.',
          'nhoque',
          31.9,
        ),
        produto(
          1505,
          'Fettuccine Alfredo',
          'Fettuccine com molho de creme de leite e parmesão.',
          'fettuccine-alfredo',
          36.9,
        ),
        produto(
          1506,
          'Talharim ao Pesto',
          'Talharim com pesto de manjericão, castanhas e parmesão.',
          'talharim-pesto',
          35.9,
        ),
        produto(
          1507,
          'Monte sua Massa',
          'Escolha a massa e até dois molhos: cobramos o molho de maior valor.',
          'massa-monte',
          29.9,
          {
            grupoopcoes: [
              grupo(15071, 'Massa', { qtdmultiplomin: 1, qtdmultiplomax: 1 }, [
                op('Espaguete', 0, { qtdpadrao: 1 }),
                op('Penne'),
                op('Fettuccine'),
                op('Massa sem glúten', 500),
              ]),
              grupo(15072, 'Molhos', { qtdmultiplomin: 1, qtdmultiplomax: 2, stprecopraticado: 3 }, [
                op('Sugo', 0),
                op('Bolonhesa', 400),
                op('Molho branco', 300),
                op('Pesto', 500),
                op('Quatro queijos', 700, { precooferta: 500 }),
              ]),
              retirar(15074, ['parmesão', 'manjericão']),
            ],
          },
        ),
      ],
    },
    {
      idgrupo: 106,
      descricao: 'Combos',
      produtos: [
        produto(
          1601,
          'Combo Clássico',
          'Um lanche, um acompanhamento e uma bebida com preço especial.',
          'combo-classico',
          39.9,
          {
            grupoopcoes: [
              grupo(
                16011,
                'Escolha o lanche',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                lanchesCombo,
              ),
              grupo(
                16012,
                'Escolha o acompanhamento',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                ladosCombo,
              ),
              grupo(
                16013,
                'Escolha a bebida',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                bebidasCombo,
              ),
            ],
          },
        ),
        produto(
          1602,
          'Combo Duplo',
          'Dois lanches, dois acompanhamentos e duas bebidas para dividir.',
          'combo-duplo',
          74.9,
          {
            grupoopcoes: [
              grupo(
                16021,
                'Escolha 2 lanches',
                { multiplo: true, qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 10 },
                lanchesCombo.map((o) => ({ ...o, qtdmax: 2 })),
              ),
              grupo(
                16022,
                'Escolha 2 acompanhamentos',
                { multiplo: true, qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 10 },
                ladosCombo.map((o) => ({ ...o, qtdmax: 2 })),
              ),
              grupo(
                16023,
                'Escolha 2 bebidas',
                { multiplo: true, qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 10 },
                bebidasCombo.map((o) => ({ ...o, qtdmax: 2 })),
              ),
            ],
          },
        ),
        produto(
          1603,
          'Combo Kids',
          'Mini burger ou nuggets, batata pequena e suco de caixinha.',
          'combo-kids',
          29.9,
          {
            grupoopcoes: [
              grupo(
                16031,
                'Escolha o prato',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                [op('Mini burger', 1690), op('Nuggets (6 unidades)', 1590)],
              ),
              grupo(
                16032,
                'Escolha a bebida',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                [
                  op('Suco de uva de caixinha', 590),
                  op('Suco de maçã de caixinha', 590),
                  op('Água mineral', 450),
                ],
              ),
            ],
          },
        ),
        produto(
          1604,
          'Combo Executivo',
          'PF de bife ou frango, refrigerante lata e pudim de sobremesa.',
          'combo-executivo',
          44.9,
          {
            grupoopcoes: [
              grupo(
                16041,
                'Escolha o prato',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                [op('PF de Bife Acebolado', 3290), op('Frango Grelhado', 2990)],
              ),
              grupo(
                16042,
                'Escolha a bebida',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                [op('Coca-Cola lata 350 ml', 700), op('Guaraná Antarctica lata 350 ml', 700)],
              ),
              grupo(16043, 'Sobremesa', { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 }, [
                op('Pudim de leite', 1290),
              ]),
            ],
          },
        ),
      ],
    },
    {
      idgrupo: 107,
      descricao: 'Bebidas',
      produtos: [
        produto(1701, 'Coca-Cola Lata', 'Lata de 350 ml, bem gelada.', 'coca-cola-lata', 7),
        produto(1702, 'Guaraná Antarctica Lata', 'Lata de 350 ml, bem gelada.', 'guarana-lata', 7),
        produto(1703, 'Coca-Cola 2 L', 'Garrafa de 2 litros.', 'coca-cola-2l', 16.9, { precooferta: 14.9 }),
        produto(1704, 'Água Mineral sem Gás', 'Garrafa de 500 ml.', 'agua-sem-gas', 4.5),
        produto(1705, 'Suco Natural', 'Suco da fruta feito na hora, copo de 300 ml.', 'suco-laranja', 10.9, {
          grupoopcoes: [
            grupo(17051, 'Fruta', { qtdmultiplomin: 1, qtdmultiplomax: 1 }, [
              op('Laranja'),
              op('Limão'),
              op('Maracujá'),
              op('Abacaxi com hortelã'),
              op('Morango', 200),
              op('Manga', 0, { stindisponivel: 1 }),
              op('Acerola', 0, { stindisponivel: 2 }),
            ]),
            grupo(17052, 'Adoçar', { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 4 }, [
              op('Com açúcar'),
              op('Sem açúcar', 0, { qtdpadrao: 1 }),
              op('Com adoçante'),
            ]),
          ],
        }),
        produto(
          1706,
          'Suco Misto',
          'Duas frutas no mesmo copo de 400 ml: cobramos a fruta de menor valor.',
          'suco-misto',
          12.9,
          {
            grupoopcoes: [
              grupo(
                17061,
                'Escolha 2 frutas',
                { qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 1 },
                [
                  op('Laranja', 0),
                  op('Abacaxi', 0),
                  op('Morango', 300),
                  op('Kiwi', 400),
                  op('Frutas vermelhas', 500),
                ],
              ),
            ],
          },
        ),
        produto(
          1712,
          'Suco Duplo',
          'Dois sucos de 300 ml, um de cada fruta: cobramos a média das duas.',
          'suco-misto',
          14.9,
          {
            grupoopcoes: [
              grupo(
                17121,
                'Escolha 2 frutas',
                { qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 2 },
                [
                  op('Laranja', 0),
                  op('Abacaxi', 0),
                  op('Morango', 300),
                  op('Kiwi', 400),
                  op('Frutas vermelhas', 600),
                ],
              ),
            ],
          },
        ),
        produto(
          1707,
          'Limonada Suíça',
          'Limão batido com leite condensado e gelo, 400 ml.',
          'limonada-suica',
          12.9,
        ),
        produto(1708, 'Chá Mate Gelado', 'Mate com limão, copo de 400 ml.', 'cha-mate', 8.9),
        produto(1709, 'Cerveja Long Neck', 'Cerveja pilsen 355 ml.', 'cerveja-long-neck', 9.9, {
          stindisponivel: 2,
        }),
        produto(1710, 'Água com Gás', 'Garrafa de 500 ml.', 'agua-com-gas', 5),
        produto(1711, 'Água Tônica', 'Lata de 350 ml.', null, 6.5),
      ],
    },
    {
      idgrupo: 108,
      descricao: 'Sobremesas',
      produtos: [
        produto(1801, 'Pudim de Leite', 'Pudim de leite condensado com calda de caramelo.', 'pudim', 12.9),
        produto(
          1802,
          'Brigadeiros Gourmet',
          'Caixa com quatro brigadeiros à sua escolha.',
          'brigadeiros',
          14.9,
          {
            grupoopcoes: [
              grupo(
                18021,
                'Escolha 4 brigadeiros',
                { multiplo: true, qtdmultiplomin: 4, qtdmultiplomax: 4 },
                [
                  op('Tradicional', 0, { qtdmax: 4 }),
                  op('Branco', 0, { qtdmax: 4 }),
                  op('Pistache', 150, { qtdmax: 4 }),
                  op('Ninho com Nutella', 150, { qtdmax: 4, precooferta: 100 }),
                  op('Café', 0, { qtdmax: 4, stindisponivel: 1 }),
                ],
              ),
            ],
          },
        ),
        produto(
          1803,
          'Petit Gâteau',
          'Bolinho de chocolate com recheio cremoso e sorvete de creme.',
          'petit-gateau',
          24.9,
          { precooferta: 21.9 },
        ),
        produto(1804, 'Mousse de Maracujá', 'Mousse aerado com calda da fruta.', 'mousse-maracuja', 11.9),
        produto(
          1805,
          'Torta de Limão',
          'Massa crocante, creme de limão e merengue maçaricado.',
          'torta-limao',
          13.9,
          {
            stindisponivel: 1,
          },
        ),
        produto(
          1806,
          'Brownie com Sorvete',
          'Brownie de chocolate meio amargo com sorvete de creme.',
          'brownie',
          19.9,
        ),
        produto(1807, 'Romeu e Julieta', 'Queijo minas com goiabada cascão.', 'romeu-julieta', 10.9),
      ],
    },
    {
      idgrupo: 109,
      descricao: 'Açaí',
      produtos: [
        produto(
          1901,
          'Monte seu Açaí',
          'Açaí batido na hora: escolha o tamanho e os complementos, três inclusos.',
          'acai-monte',
          16.9,
          {
            grupoopcoes: [
              grupo(19011, 'Tamanho', { qtdmultiplomin: 1, qtdmultiplomax: 1 }, [
                op('300 ml', 0, { qtdpadrao: 1 }),
                op('500 ml', 0, { valorafetaproduto: 600 }),
                op('700 ml', 0, {
                  valorafetaproduto: 1000,
                  valorafetaopcao: 100,
                  detalhe: 'Porções maiores: cada complemento pago custa R$ 1,00 a mais.',
                }),
              ]),
              grupo(
                19012,
                'Complementos (3 inclusos)',
                { multiplo: true, qtdinclusa: 3, qtdmultiplomin: 1 },
                [
                  op('Granola', 200, { qtdmax: 2 }),
                  op('Leite em pó', 200, { qtdmax: 2 }),
                  op('Leite condensado', 250, { qtdmax: 2 }),
                  op('Banana', 200, { qtdmax: 2 }),
                  op('Morango', 300, { qtdmax: 2 }),
                  op('Paçoca', 250, { qtdmax: 2 }),
                  op('Nutella', 600, { precooferta: 500, qtdmax: 2 }),
                  op('Kiwi', 350, { qtdmax: 2, stindisponivel: 1 }),
                  op('Confete de chocolate', 300, { qtdmax: 2, stindisponivel: 2 }),
                ],
              ),
            ],
          },
        ),
        produto(1902, 'Açaí na Tigela', 'Açaí 500 ml com granola, banana e mel.', 'acai-tigela', 19.9),
        produto(
          1903,
          'Açaí com Frutas',
          'Açaí 500 ml com morango, banana, kiwi e leite condensado.',
          'acai-frutas',
          24.9,
        ),
        produto(1904, 'Cupuaçu Cremoso', 'Creme de cupuaçu 400 ml com granola.', 'cupuacu', 18.9),
        produto(1905, 'Barca de Açaí', 'Açaí 1,5 L com dez complementos para dividir.', 'acai-barca', 59.9, {
          stindisponivel: 2,
        }),
      ],
    },
  ],
};

export const saborDaVila: SeedEstablishment = { detalhe, formaspgto, areasEntrega, menu };
