import type { EstabelecimentoDetalhe, FormaPgto, GrupoOpcao, Menu, TaxaEntrega } from '@rango/domain';

import type { SeedEstablishment } from '../types.ts';
import { grupo, MEDIA_LOGOS, op, produto, type OpcaoSemId } from './builders.ts';

/**
 * Establishment 2, Pizzaria Bella Napoli in Perdizes: evenings only (closed on Mondays, past
 * midnight on Friday and Saturday), no delivery areas but a fee per neighbourhood, some waived
 * from R$ 80,00. Ids: products 2001–2999, menu groups 201–299, payment methods 21–29.
 *
 * Which product demonstrates which option-group feature (PRICING.md):
 * - 'Tamanho' (single choice, min = max = 1) on every pizza: 'Gigante' +30 % of the product
 *   (valorafetaproduto percent), 'Família' +R$ 25,00 (money).
 * - 2 MediaOpcao: 'Escolha 2 sabores' of Pizza Meio a Meio (2101), the average of the halves.
 *   Flavours carry their surcharge over the base price (Mussarela 0, Portuguesa +R$ 10,00), so
 *   base + average surcharge = average of the whole pizzas.
 * - 3 MaiorOpcao: 'Escolha até 3 sabores' of Pizza Gigante 3 Sabores (2102), min 1 < max 3,
 *   charged by the dearest flavour.
 * - 1 MenorOpcao: Pizza Doce Meio a Meio (2103), charged by the cheaper half.
 * - 10 Kit and 4 DesprezaOpcao: Combo Noite da Pizza (2601); the combo price is shared among the
 *   chosen pizza and soda ('Portuguesa (+R$ 5,00)' adds money to the product), and 'Corte da pizza'
 *   lists a price that is ignored.
 * - valorafetaopcao percent: 'Borda recheada de Catupiry' on 2101 makes the chosen flavours
 *   20 % dearer (the border takes more of each topping).
 * - option offer 'Quatro Queijos' half, 'Cream cheese' border; unavailable 'Camarão' half and
 *   border 'Cheddar'; hidden 'Lombo canadense' half and 'Chocolate' border on savoury pizzas.
 * - leave-out group 'Retirar ingredientes' on every savoury pizza.
 * - products: offers (2006, 2205, 2402), unavailable (2011 Camarão), hidden (2013), no
 *   description (2404), no image (2405).
 */

const ID = 2;

const TAXA_ABONADA = [{ valorminimo: 80 }];

function taxa(bairro: string, valor: number, abono = false): TaxaEntrega {
  return { bairro, cidade: 'São Paulo', uf: 'SP', valor, abonotaxaentrega_set: abono ? TAXA_ABONADA : [] };
}

export const detalhe: EstabelecimentoDetalhe = {
  id: ID,
  estabelecimento: {
    id: ID,
    apelidooufantasia: 'Pizzaria Bella Napoli',
    nomeourazaosocial: 'Bella Napoli Pizzaria e Restaurante Ltda.',
    logo: `${MEDIA_LOGOS}/bella-napoli.svg`,
    imgpessoa: `${MEDIA_LOGOS}/bella-napoli.svg`,
    endereco: {
      rua: 'Rua Monte Alegre',
      numero: '1024',
      bairro: 'Perdizes',
      complemento: null,
      cep: '05014-000',
      cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo', sigla: 'SP' } },
    },
    fone_set: [{ numero: '(11) 3873-2419' }, { numero: '(11) 99182-4470' }],
  },
  horariofuncionamento_set: [
    ...[0, 2, 3, 4].map((diadasemana) => ({ diadasemana, abertura: '18:00:00', fechamento: '23:30:00' })),
    // Friday and Saturday nights run past midnight (fechamento before abertura).
    ...[5, 6].map((diadasemana) => ({ diadasemana, abertura: '18:00:00', fechamento: '01:00:00' })),
  ],
  lojaaberta: true,
  previsaoentregamin: 40,
  previsaoentregamax: 60,
  logo: `${MEDIA_LOGOS}/bella-napoli.svg`,
  pedidominimo: 35,
  taxaentrega_set: [
    taxa('Perdizes', 0),
    taxa('Pompeia', 5, true),
    taxa('Sumaré', 5, true),
    taxa('Pacaembu', 6, true),
    taxa('Água Branca', 6),
    taxa('Barra Funda', 7, true),
    taxa('Higienópolis', 7.5, true),
    taxa('Santa Cecília', 8),
    taxa('Vila Madalena', 9),
    taxa('Lapa', 10),
  ],
};

export const formaspgto: FormaPgto[] = [
  { idformapgto: 21, descricao: 'Dinheiro', sttipopgto: 0 },
  { idformapgto: 22, descricao: 'Cartão de Crédito', sttipopgto: 60 },
  { idformapgto: 23, descricao: 'PIX', sttipopgto: 200 },
];

// ---- Option groups of the pizzas (each product gets its own ids) ----

function tamanho(id: number): GrupoOpcao {
  return grupo(id, 'Tamanho', { qtdmultiplomin: 1, qtdmultiplomax: 1 }, [
    op('Grande (8 fatias)', 0, { qtdpadrao: 1 }),
    op('Gigante (12 fatias)', 0, {
      valorafetaproduto: 30,
      stpercentualafetaproduto: 1,
      detalhe: '30 % a mais que a grande.',
    }),
    op('Família (16 fatias)', 0, { valorafetaproduto: 2500, detalhe: 'R$ 25,00 a mais que a grande.' }),
  ]);
}

function bordaSalgada(id: number, bordaAfetaSabores = false): GrupoOpcao {
  return grupo(id, 'Borda', { qtdmultiplomax: 1 }, [
    op(
      'Borda recheada de Catupiry',
      1200,
      bordaAfetaSabores
        ? { valorafetaopcao: 20, stpercentualafetaopcao: 1, detalhe: 'Os sabores ficam 20 % mais caros.' }
        : {},
    ),
    op('Borda recheada de cheddar', 1200, { stindisponivel: 1 }),
    op('Borda de cream cheese', 1400, { precooferta: 1100 }),
    op('Borda de chocolate', 1200, { stindisponivel: 2 }),
  ]);
}

function bordaDoce(id: number): GrupoOpcao {
  return grupo(id, 'Borda', { qtdmultiplomax: 1 }, [
    op('Borda de chocolate ao leite', 1200),
    op('Borda de chocolate branco', 1200),
    op('Borda de doce de leite', 1200, { precooferta: 900 }),
  ]);
}

function retirar(id: number, itens: readonly string[]): GrupoOpcao {
  return grupo(
    id,
    'Retirar ingredientes',
    { stnegagrupoopcao: 1 },
    itens.map((i) => op(`Sem ${i}`)),
  );
}

function pizzaSalgada(idproduto: number, sem: readonly string[]): GrupoOpcao[] {
  const g = idproduto * 10;
  return [tamanho(g + 1), bordaSalgada(g + 2), retirar(g + 3, [...sem, 'orégano'])];
}

function pizzaDoce(idproduto: number): GrupoOpcao[] {
  const g = idproduto * 10;
  return [tamanho(g + 1), bordaDoce(g + 2)];
}

/** Savoury halves: surcharge in cents over Mussarela, the base price of the half-and-half pizzas. */
function saboresSalgados(): OpcaoSemId[] {
  return [
    op('Mussarela', 0),
    op('Calabresa', 0),
    op('Margherita', 500),
    op('Napolitana', 500),
    op('Baiana', 700),
    op('Portuguesa', 1000),
    op('Frango com Catupiry', 1000),
    op('Atum', 1000),
    op('Quatro Queijos', 1300, { precooferta: 500 }),
    op('Rúcula com Tomate Seco', 1300),
    op('Pepperoni', 1500),
    op('Camarão', 3000, { stindisponivel: 1 }),
    op('Lombo Canadense', 1000, { stindisponivel: 2 }),
  ];
}

export const menu: Menu = {
  grupos: [
    {
      idgrupo: 201,
      descricao: 'Pizzas Salgadas',
      produtos: [
        produto(
          2001,
          'Mussarela',
          'Molho de tomate, mussarela, rodelas de tomate e orégano.',
          'pizza-mussarela',
          59.9,
          {
            grupoopcoes: pizzaSalgada(2001, ['tomate']),
          },
        ),
        produto(
          2002,
          'Calabresa',
          'Molho de tomate, calabresa fatiada, cebola e azeitonas.',
          'pizza-calabresa',
          59.9,
          {
            grupoopcoes: pizzaSalgada(2002, ['cebola', 'azeitona']),
          },
        ),
        produto(
          2003,
          'Margherita',
          'Molho de tomate, mussarela de búfala, tomate e manjericão fresco.',
          'pizza-margherita',
          64.9,
          { grupoopcoes: pizzaSalgada(2003, ['manjericão', 'tomate']) },
        ),
        produto(
          2004,
          'Napolitana',
          'Mussarela, rodelas de tomate, parmesão e alho frito.',
          'pizza-napolitana',
          64.9,
          { grupoopcoes: pizzaSalgada(2004, ['alho', 'parmesão']) },
        ),
        produto(
          2005,
          'Portuguesa',
          'Presunto, mussarela, ovos, cebola, ervilha, azeitonas e orégano.',
          'pizza-portuguesa',
          69.9,
          { grupoopcoes: pizzaSalgada(2005, ['cebola', 'ervilha', 'azeitona', 'ovo']) },
        ),
        produto(
          2006,
          'Quatro Queijos',
          'Mussarela, provolone, parmesão e gorgonzola.',
          'pizza-quatro-queijos',
          72.9,
          { precooferta: 64.9, grupoopcoes: pizzaSalgada(2006, ['gorgonzola']) },
        ),
        produto(
          2007,
          'Frango com Catupiry',
          'Frango desfiado temperado, Catupiry original, milho e orégano.',
          'pizza-frango-catupiry',
          69.9,
          { grupoopcoes: pizzaSalgada(2007, ['milho']) },
        ),
        produto(2008, 'Pepperoni', 'Mussarela e fatias generosas de pepperoni.', 'pizza-pepperoni', 74.9, {
          grupoopcoes: pizzaSalgada(2008, []),
        }),
        produto(2009, 'Atum', 'Atum sólido, cebola roxa, mussarela e azeitonas.', 'pizza-atum', 69.9, {
          grupoopcoes: pizzaSalgada(2009, ['cebola', 'azeitona']),
        }),
        produto(
          2010,
          'Rúcula com Tomate Seco',
          'Mussarela de búfala, rúcula fresca e tomate seco.',
          'pizza-rucula',
          72.9,
          { grupoopcoes: pizzaSalgada(2010, ['rúcula']) },
        ),
        produto(2011, 'Camarão', 'Camarão ao alho, Catupiry e mussarela.', 'pizza-camarao', 89.9, {
          stindisponivel: 1,
          grupoopcoes: pizzaSalgada(2011, []),
        }),
        produto(2012, 'Baiana', 'Calabresa moída apimentada, ovo, cebola e pimenta.', 'pizza-baiana', 66.9, {
          grupoopcoes: pizzaSalgada(2012, ['cebola', 'pimenta']),
        }),
        produto(2013, 'Lombo Canadense', 'Lombo canadense, mussarela e cebola.', 'pizza-lombo', 69.9, {
          stindisponivel: 2,
        }),
        produto(
          2014,
          'Vegetariana',
          'Mussarela, brócolis, champignon, pimentão, milho e palmito.',
          'pizza-vegetariana',
          66.9,
          { grupoopcoes: pizzaSalgada(2014, ['pimentão', 'champignon']) },
        ),
      ],
    },
    {
      idgrupo: 202,
      descricao: 'Meio a Meio',
      produtos: [
        produto(
          2101,
          'Pizza Meio a Meio',
          'Grande de 8 fatias com dois sabores: o preço é a média dos dois.',
          'pizza-meio-a-meio',
          59.9,
          {
            grupoopcoes: [
              tamanho(21011),
              grupo(
                21012,
                'Escolha 2 sabores',
                { qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 2 },
                saboresSalgados(),
              ),
              bordaSalgada(21013, true),
            ],
          },
        ),
        produto(
          2102,
          'Pizza Gigante 3 Sabores',
          'Gigante de 12 fatias com até três sabores: vale o preço do sabor mais caro.',
          'pizza-tres-sabores',
          84.9,
          {
            grupoopcoes: [
              grupo(
                21021,
                'Escolha até 3 sabores',
                { qtdmultiplomin: 1, qtdmultiplomax: 3, stprecopraticado: 3 },
                saboresSalgados(),
              ),
              bordaSalgada(21022),
            ],
          },
        ),
        produto(
          2103,
          'Pizza Doce Meio a Meio',
          'Promoção: dois sabores doces e você paga o de menor valor.',
          'pizza-doce-meio-a-meio',
          56.9,
          {
            grupoopcoes: [
              grupo(
                21031,
                'Escolha 2 sabores',
                { qtdmultiplomin: 2, qtdmultiplomax: 2, stprecopraticado: 1 },
                [
                  op('Banana com Canela', 0),
                  op('Romeu e Julieta', 300),
                  op('Brigadeiro', 600),
                  op('Prestígio', 600),
                  op('Chocolate com Morango', 800),
                ],
              ),
              bordaDoce(21032),
            ],
          },
        ),
      ],
    },
    {
      idgrupo: 203,
      descricao: 'Pizzas Doces',
      produtos: [
        produto(
          2201,
          'Chocolate com Morango',
          'Chocolate ao leite derretido e morangos frescos.',
          'pizza-chocolate-morango',
          64.9,
          { grupoopcoes: pizzaDoce(2201) },
        ),
        produto(2202, 'Brigadeiro', 'Brigadeiro cremoso com granulado.', 'pizza-brigadeiro', 62.9, {
          grupoopcoes: pizzaDoce(2202),
        }),
        produto(2203, 'Romeu e Julieta', 'Mussarela e goiabada cremosa.', 'pizza-romeu-julieta', 59.9, {
          grupoopcoes: pizzaDoce(2203),
        }),
        produto(
          2204,
          'Banana com Canela',
          'Banana, açúcar, canela e leite condensado.',
          'pizza-banana',
          56.9,
          {
            grupoopcoes: pizzaDoce(2204),
          },
        ),
        produto(2205, 'Prestígio', 'Chocolate ao leite com coco ralado.', 'pizza-prestigio', 62.9, {
          precooferta: 54.9,
          grupoopcoes: pizzaDoce(2205),
        }),
      ],
    },
    {
      idgrupo: 204,
      descricao: 'Calzones',
      produtos: [
        produto(
          2301,
          'Calzone de Calabresa',
          'Massa fechada recheada com calabresa, mussarela e cebola.',
          'calzone-calabresa',
          42.9,
          { grupoopcoes: [retirar(23013, ['cebola'])] },
        ),
        produto(
          2302,
          'Calzone de Frango',
          'Massa fechada recheada com frango, Catupiry e milho.',
          'calzone-frango',
          44.9,
        ),
      ],
    },
    {
      idgrupo: 205,
      descricao: 'Bebidas',
      produtos: [
        produto(2401, 'Coca-Cola 2 L', 'Garrafa de 2 litros.', 'pizzaria-coca-cola-2l', 16.9),
        produto(2402, 'Guaraná Antarctica 2 L', 'Garrafa de 2 litros.', 'pizzaria-guarana-2l', 14.9, {
          precooferta: 12.9,
        }),
        produto(2403, 'Suco de Uva Integral', 'Garrafa de 1 litro.', 'suco-uva', 19.9),
        produto(2404, 'Cerveja Artesanal 600 ml', null, 'cerveja-artesanal', 24.9),
        produto(2405, 'Água Mineral', 'Garrafa de 500 ml.', null, 4.5),
        produto(2406, 'Vinho Tinto da Casa', 'Taça de 200 ml.', 'vinho-tinto', 22),
      ],
    },
    {
      idgrupo: 206,
      descricao: 'Sobremesas',
      produtos: [
        produto(2501, 'Tiramisù', 'Biscoito champagne, café, mascarpone e cacau.', 'tiramisu', 22.9),
        produto(
          2502,
          'Cannoli (2 unidades)',
          'Massa crocante recheada com creme de ricota.',
          'cannoli',
          18.9,
        ),
      ],
    },
    {
      idgrupo: 207,
      descricao: 'Combos',
      produtos: [
        produto(
          2601,
          'Combo Noite da Pizza',
          'Uma pizza salgada grande e um refrigerante de 2 L com preço de combo.',
          'pizza-calabresa',
          79.9,
          {
            grupoopcoes: [
              grupo(
                26011,
                'Escolha a pizza',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                [
                  op('Mussarela', 5990),
                  op('Calabresa', 6290),
                  op('Portuguesa (+R$ 5,00)', 6990, { valorafetaproduto: 500 }),
                ],
              ),
              grupo(
                26012,
                'Escolha o refrigerante',
                { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 10 },
                [op('Coca-Cola 2 L', 1690), op('Guaraná Antarctica 2 L', 1490)],
              ),
              grupo(26013, 'Corte da pizza', { qtdmultiplomin: 1, qtdmultiplomax: 1, stprecopraticado: 4 }, [
                op('8 pedaços', 0, { qtdpadrao: 1 }),
                op('12 pedaços', 200),
              ]),
            ],
          },
        ),
      ],
    },
  ],
};

export const bellaNapoli: SeedEstablishment = { detalhe, formaspgto, areasEntrega: [], menu };
