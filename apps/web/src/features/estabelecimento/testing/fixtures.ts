/** Test data for the establishment page: a small menu exercising every drawer rule. */
import {
  GRUPO_OPCAO_PADRAO,
  OPCAO_PADRAO,
  PRODUTO_PADRAO,
  type EstabelecimentoDetalhe,
  type FormaPgto,
  type GrupoOpcao,
  type Menu,
  type Opcao,
  type Produto,
} from '@rango/domain';

export function opcao(o: Partial<Opcao> & Pick<Opcao, 'idopcao' | 'descricao'>): Opcao {
  return { ...OPCAO_PADRAO, ...o };
}

export function grupo(
  g: Partial<GrupoOpcao> & Pick<GrupoOpcao, 'idgrupoopcao' | 'descricao' | 'opcoes'>,
): GrupoOpcao {
  return {
    ...GRUPO_OPCAO_PADRAO,
    ...g,
  };
}

export function produto(p: Partial<Produto> & Pick<Produto, 'idproduto' | 'descricao'>): Produto {
  return { ...PRODUTO_PADRAO, preco: 10, ...p };
}

export const xBurguer = produto({
  idproduto: 1,
  descricao: 'X-Burguer',
  detalhe: 'Pão, carne 180 g e queijo.',
  preco: 25.9,
  grupoopcoes: [
    grupo({
      idgrupoopcao: 10,
      descricao: 'Ponto da carne',
      qtdmultiplomin: 1,
      qtdmultiplomax: 1,
      opcoes: [
        opcao({ idopcao: 101, descricao: 'Mal passada' }),
        opcao({ idopcao: 102, descricao: 'Ao ponto' }),
        opcao({ idopcao: 103, descricao: 'Bem passada' }),
      ],
    }),
    grupo({
      idgrupoopcao: 11,
      descricao: 'Adicionais',
      multiplo: true,
      qtdmultiplomax: 3,
      opcoes: [
        opcao({ idopcao: 111, descricao: 'Bacon', preco: 300, qtdmax: 2 }),
        opcao({ idopcao: 112, descricao: 'Queijo extra', preco: 250, precooferta: 200 }),
        opcao({ idopcao: 113, descricao: 'Ovo', preco: 200, stindisponivel: 1 }),
        opcao({ idopcao: 114, descricao: 'Picles', preco: 100, stindisponivel: 2 }),
      ],
    }),
    grupo({
      idgrupoopcao: 12,
      descricao: 'Retirar',
      stnegagrupoopcao: 1,
      opcoes: [
        opcao({ idopcao: 121, descricao: 'Sem cebola' }),
        opcao({ idopcao: 122, descricao: 'Sem tomate' }),
      ],
    }),
    grupo({
      idgrupoopcao: 13,
      descricao: 'Grupo escondido',
      stindisponivel: 1,
      qtdmultiplomin: 1,
      opcoes: [opcao({ idopcao: 131, descricao: 'Nunca' })],
    }),
  ],
});

export const paoDeQueijo = produto({
  idproduto: 2,
  descricao: 'Pão de Queijo',
  preco: 8.5,
  precooferta: 6.9,
});
export const vegano = produto({ idproduto: 3, descricao: 'Hambúrguer Vegano', preco: 29, stindisponivel: 1 });
export const secreto = produto({ idproduto: 4, descricao: 'Lanche Secreto', preco: 1, stindisponivel: 2 });

export const refrigerante = produto({
  idproduto: 5,
  descricao: 'Refrigerante',
  preco: 6,
  grupoopcoes: [
    grupo({
      idgrupoopcao: 20,
      descricao: 'Sabor',
      qtdmultiplomin: 1,
      qtdmultiplomax: 1,
      opcoes: [
        opcao({ idopcao: 201, descricao: 'Cola', qtdpadrao: 1 }),
        opcao({ idopcao: 202, descricao: 'Guaraná', preco: 50 }),
      ],
    }),
  ],
});

export const batata = produto({
  idproduto: 6,
  descricao: 'Batata Frita',
  preco: 12,
  grupoopcoes: [
    grupo({
      idgrupoopcao: 30,
      descricao: 'Molhos',
      multiplo: true,
      opcoes: [opcao({ idopcao: 301, descricao: 'Ketchup', preco: 100, qtdpadrao: 2, qtdmax: 3 })],
    }),
  ],
});

export const menu: Menu = {
  grupos: [
    { idgrupo: 1, descricao: 'Lanches', produtos: [xBurguer, paoDeQueijo, vegano, secreto] },
    { idgrupo: 2, descricao: 'Bebidas e porções', produtos: [refrigerante, batata] },
    {
      idgrupo: 3,
      descricao: 'Só ocultos',
      produtos: [produto({ idproduto: 9, descricao: 'Oculto', stindisponivel: 2 })],
    },
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
  taxaentrega_set: [],
};

export const formasPgto: FormaPgto[] = [
  { idformapgto: 1, descricao: 'Dinheiro', sttipopgto: 0 },
  { idformapgto: 2, descricao: 'PIX', sttipopgto: 200 },
];
