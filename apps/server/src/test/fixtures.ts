import { OPCAO_PADRAO, type GrupoOpcao, type Opcao, type Produto } from '@rango/domain';
import type { SeedEstablishment } from '../db/seed/types.ts';

/**
 * A small seed in the demo data's shape, for the server's tests. Ids are deliberately not in
 * display order, so a test that checks order cannot pass by sorting on ids.
 */
const opcao = (idopcao: number, descricao: string, preco: number, extra: Partial<Opcao> = {}): Opcao => ({
  ...OPCAO_PADRAO,
  idopcao,
  descricao,
  preco,
  ...extra,
});

const bordas: GrupoOpcao = {
  idgrupoopcao: 502,
  descricao: 'Borda',
  multiplo: false,
  qtdinclusa: 0,
  qtdmultiplomin: 0,
  qtdmultiplomax: 1,
  stprecopraticado: 0,
  stnegagrupoopcao: 0,
  stindisponivel: 0,
  opcoes: [opcao(9003, 'Catupiry', 800), opcao(9001, 'Cheddar', 700, { stindisponivel: 1 })],
};

const produto = (
  idproduto: number,
  descricao: string,
  preco: number,
  extra: Partial<Produto> = {},
): Produto => ({
  idproduto,
  descricao,
  detalhe: null,
  imagem: null,
  preco,
  precooferta: 0,
  stindisponivel: 0,
  quantidade: 0,
  observacoes: null,
  grupoopcoes: [],
  ...extra,
});

export const fixtureEstablishments: SeedEstablishment[] = [
  {
    detalhe: {
      id: 1,
      estabelecimento: {
        id: 101,
        apelidooufantasia: 'Pizzaria Teste',
        nomeourazaosocial: 'Pizzaria Teste LTDA',
        logo: '/api/ead/media/logos/pizzaria.svg',
        imgpessoa: '/api/ead/media/capas/pizzaria.svg',
        endereco: {
          rua: 'Rua das Flores',
          numero: '100',
          bairro: 'Centro',
          complemento: null,
          cep: '01001-000',
          cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo', sigla: 'SP' } },
        },
        fone_set: [{ numero: '(11) 3333-4444' }, { numero: '(11) 98888-7777' }],
      },
      horariofuncionamento_set: [
        { diadasemana: 1, abertura: '18:00:00', fechamento: '23:30:00' },
        { diadasemana: 5, abertura: '18:00', fechamento: '02:00' },
      ],
      lojaaberta: true,
      previsaoentregamin: 30,
      previsaoentregamax: 50,
      logo: '/api/ead/media/logos/pizzaria.svg',
      pedidominimo: 25.5,
      taxaentrega_set: [
        {
          bairro: 'Centro',
          cidade: 'São Paulo',
          uf: 'SP',
          valor: 5.99,
          abonotaxaentrega_set: [{ valorminimo: 80 }],
        },
        { bairro: 'Sé', cidade: 'São Paulo', uf: 'SP', valor: 0, abonotaxaentrega_set: [] },
      ],
    },
    formaspgto: [
      { idformapgto: 31, descricao: 'PIX', sttipopgto: 200 },
      { idformapgto: 30, descricao: 'Dinheiro', sttipopgto: 0 },
      { idformapgto: 32, descricao: 'Crédito', sttipopgto: 60 },
    ],
    areasEntrega: [
      {
        idareaentrega: 41,
        idestabelecimento: 1,
        geo_data: { center: { lat: -23.55052, lng: -46.633308 }, radius: 3000 },
        taxaentrega: 4.9,
        valorminimo: 60,
      },
      {
        idareaentrega: 40,
        idestabelecimento: 1,
        geo_data: { center: { lat: -23.56, lng: -46.64 }, radius: 8000.5 },
        taxaentrega: null,
        valorminimo: null,
      },
    ],
    menu: {
      grupos: [
        {
          idgrupo: 20,
          descricao: 'Pizzas',
          produtos: [
            produto(302, 'Pizza Calabresa', 39.9, {
              detalhe: 'Calabresa, cebola e azeitona.',
              imagem: '/api/ead/media/produtos/calabresa.svg',
              precooferta: 34.9,
              grupoopcoes: [
                {
                  idgrupoopcao: 501,
                  descricao: 'Sabores',
                  multiplo: true,
                  qtdinclusa: 0,
                  qtdmultiplomin: 1,
                  qtdmultiplomax: 2,
                  stprecopraticado: 3,
                  stnegagrupoopcao: 0,
                  stindisponivel: 0,
                  opcoes: [
                    opcao(9102, 'Calabresa', 3990, { qtdpadrao: 1, qtdmax: 1 }),
                    opcao(9101, 'Quatro Queijos', 4490, {
                      qtdmax: 1,
                      valorafetaopcao: 12.5,
                      stpercentualafetaopcao: 1,
                    }),
                  ],
                },
                bordas,
              ],
            }),
            produto(301, 'Pizza Margherita', 37.5, { grupoopcoes: [bordas], stindisponivel: 1 }),
            produto(303, 'Pizza Secreta', 99, { stindisponivel: 2 }),
          ],
        },
        {
          idgrupo: 10,
          descricao: 'Bebidas',
          produtos: [
            produto(311, 'Refrigerante Lata', 6),
            produto(310, 'Água', 3.5, { observacoes: 'Gelada' }),
          ],
        },
      ],
    },
  },
  {
    detalhe: {
      id: 2,
      estabelecimento: {
        id: 102,
        apelidooufantasia: 'Lanchonete Vazia',
        nomeourazaosocial: 'Lanchonete Vazia ME',
        logo: null,
        imgpessoa: null,
        endereco: {
          rua: 'Avenida Brasil',
          numero: '2000',
          bairro: 'Jardins',
          complemento: 'Loja 2',
          cep: '01430-000',
          cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo', sigla: 'SP' } },
        },
        fone_set: [],
      },
      horariofuncionamento_set: [],
      lojaaberta: false,
      previsaoentregamin: 20,
      previsaoentregamax: 40,
      logo: null,
      pedidominimo: 0,
      taxaentrega_set: [],
    },
    formaspgto: [],
    areasEntrega: [],
    menu: { grupos: [] },
  },
];
