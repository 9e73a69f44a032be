/** Test data for checkout: an establishment, its menu and methods, a customer, a saved address. */
import {
  GRUPO_OPCAO_PADRAO,
  OPCAO_PADRAO,
  PRODUTO_PADRAO,
  type AreaEntrega,
  type CartaoSalvo,
  type Cliente,
  type EnderecoLocal,
  type EstabelecimentoDetalhe,
  type FormaPgto,
  type Menu,
  type Produto,
} from '@rango/domain';
import { buildCartItem } from '../../../lib/cart-item.ts';
import { initCart, requestAddItem } from '../../../stores/cart.ts';

export const xBurguer: Produto = {
  ...PRODUTO_PADRAO,
  idproduto: 1,
  descricao: 'X-Burguer',
  preco: 25.9,
  grupoopcoes: [
    {
      ...GRUPO_OPCAO_PADRAO,
      idgrupoopcao: 11,
      descricao: 'Adicionais',
      multiplo: true,
      qtdmultiplomax: 3,
      opcoes: [{ ...OPCAO_PADRAO, idopcao: 111, descricao: 'Bacon', preco: 300, qtdmax: 2 }],
    },
  ],
};

export const refrigerante: Produto = { ...PRODUTO_PADRAO, idproduto: 5, descricao: 'Refrigerante', preco: 6 };

export const menu: Menu = {
  grupos: [
    { idgrupo: 1, descricao: 'Lanches', produtos: [xBurguer] },
    { idgrupo: 2, descricao: 'Bebidas', produtos: [refrigerante] },
  ],
};

/** Open every day, all day ('00:00'–'00:00' runs past midnight). */
export const detalhe: EstabelecimentoDetalhe = {
  id: 1,
  estabelecimento: {
    id: 1,
    apelidooufantasia: 'Sabor da Vila',
    nomeourazaosocial: 'Sabor da Vila Ltda',
    logo: null,
    imgpessoa: null,
    endereco: {
      rua: 'Rua das Flores',
      numero: '100',
      bairro: 'Centro',
      complemento: null,
      cep: '01000-000',
      cidade: { descricao: 'São Paulo', uf: { descricao: 'São Paulo', sigla: 'SP' } },
    },
    fone_set: [{ numero: '(11) 3333-4444' }],
  },
  horariofuncionamento_set: [0, 1, 2, 3, 4, 5, 6].map((d) => ({
    diadasemana: d,
    abertura: '00:00:00',
    fechamento: '00:00:00',
  })),
  lojaaberta: true,
  previsaoentregamin: 30,
  previsaoentregamax: 50,
  logo: null,
  pedidominimo: 20,
  taxaentrega_set: [
    {
      bairro: 'Cerqueira César',
      cidade: 'São Paulo',
      uf: 'SP',
      valor: 5,
      abonotaxaentrega_set: [{ valorminimo: 100 }],
    },
  ],
};

export const formas: FormaPgto[] = [
  { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0 },
  { idformapgto: 2, descricao: 'Cartão de crédito', sttipopgto: 60 },
];

/** With the online methods too (issue 5): credit (also on delivery), debit, PIX. */
export const formasComOnline: FormaPgto[] = [
  ...formas,
  { idformapgto: 3, descricao: 'Cartão de débito', sttipopgto: 61 },
  { idformapgto: 4, descricao: 'PIX', sttipopgto: 200 },
];

/** Saved cards (GET /controle/cartao/). */
export const cartoesSalvos: CartaoSalvo[] = [
  {
    id: 21,
    token: 'tok-visa-salvo',
    bandeira: 'Visa',
    numero: '************1111',
    titular: 'ANA SOUZA',
    cnpjoucpf: '12345678901',
    datahora: '2025-05-01T12:00:00Z',
  },
  {
    id: 22,
    token: 'tok-master-salvo',
    bandeira: 'Master',
    numero: '************4444',
    titular: 'ANA SOUZA',
    cnpjoucpf: '12345678901',
    datahora: '2025-05-02T12:00:00Z',
  },
];

/** A circle far from the customer's address (Rio de Janeiro). */
export const areaLonge: AreaEntrega = {
  idareaentrega: 9,
  idestabelecimento: 1,
  geo_data: { center: { lat: -22.9, lng: -43.2 }, radius: 3000 },
  taxaentrega: 4,
  valorminimo: null,
};

export const cliente: Cliente = {
  id: 3,
  nomeourazaosocial: 'Ana Souza',
  cnpjoucpf: '12345678901',
  email: 'ana@example.com',
  telefone: '11987654321',
  clienteendereco_set: [],
};

export const enderecoSalvo: EnderecoLocal & { id: number } = {
  id: 7,
  cep: '01414-001',
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
  complemento: 'Apto 12',
  detalhe: null,
  latitude: -23.56,
  longitude: -46.66,
};

/** 2× X-Burguer with one bacon (R$ 28,90 each) and 1× Refrigerante (R$ 6,00): R$ 63,80. */
export async function fillCart(): Promise<void> {
  const est = { id: 1, nome: 'Sabor da Vila', pedidominimo: 20 };
  initCart(
    est,
    buildCartItem(xBurguer, { quantidade: 2, escolhas: { 11: { 111: 1 } }, observacoes: 'Sem picles' }),
  );
  await requestAddItem(est, buildCartItem(refrigerante, { quantidade: 1, escolhas: {}, observacoes: '' }));
}
