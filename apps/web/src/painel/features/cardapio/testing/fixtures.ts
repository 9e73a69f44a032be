import type { CardapioPainel, GrupoOpcaoPainel, OpcaoPainel } from '@rango/domain/painel/catalogo';

export function opcao(
  idopcao: number,
  idgrupoopcao: number,
  descricao: string,
  preco: number,
  x: Partial<OpcaoPainel> = {},
): OpcaoPainel {
  return {
    idopcao,
    idgrupoopcao,
    descricao,
    detalhe: null,
    qtdpadrao: 0,
    qtdmax: 0,
    preco,
    precooferta: 0,
    stindisponivel: 0,
    valorafetatudo: 0,
    valorafetaopcao: 0,
    stpercentualafetaopcao: 0,
    valorafetaproduto: 0,
    stpercentualafetaproduto: 0,
    ordem: 0,
    ...x,
  };
}

export function grupo(
  idgrupoopcao: number,
  descricao: string,
  stprecopraticado: number,
  opcoes: OpcaoPainel[],
  x: Partial<GrupoOpcaoPainel> = {},
): GrupoOpcaoPainel {
  return {
    idgrupoopcao,
    descricao,
    multiplo: false,
    qtdinclusa: 0,
    qtdmultiplomin: 2,
    qtdmultiplomax: 2,
    stprecopraticado,
    stnegagrupoopcao: 0,
    stindisponivel: 0,
    opcoes,
    produtos: [],
    ...x,
  };
}

/** MaiorOpcao: a two-flavour pizza (the dearer flavour is charged). Kit: a combo whose price the options share. */
export const SABORES = grupo(
  100,
  'Escolha 2 sabores',
  3,
  [
    opcao(1001, 100, 'Calabresa', 4000),
    opcao(1002, 100, 'Quatro queijos', 5200),
    opcao(1003, 100, 'Portuguesa', 4800),
  ],
  { produtos: [10] },
);

export const COMBO = grupo(
  200,
  'Monte seu combo',
  10,
  [
    opcao(2001, 200, 'Refrigerante', 600),
    opcao(2002, 200, 'Batata grande', 1200, { valorafetaproduto: 500 }),
    opcao(2003, 200, 'Hambúrguer', 2500),
  ],
  { produtos: [20] },
);

export const CARDAPIO: CardapioPainel = {
  menu_versao: 7,
  categorias: [
    {
      idgrupo: 1,
      descricao: 'Pizzas',
      ordem: 0,
      produtos: [
        {
          idproduto: 10,
          idgrupo: 1,
          descricao: 'Pizza dois sabores',
          detalhe: 'Grande, 8 fatias',
          imagem: null,
          preco: 0,
          precooferta: 0,
          stindisponivel: 0,
          ordem: 0,
          grupoopcoes: [100],
        },
      ],
    },
    {
      idgrupo: 2,
      descricao: 'Combos',
      ordem: 1,
      produtos: [
        {
          idproduto: 20,
          idgrupo: 2,
          descricao: 'Combo da casa',
          detalhe: null,
          imagem: null,
          preco: 3990,
          precooferta: 0,
          stindisponivel: 0,
          ordem: 0,
          grupoopcoes: [200],
        },
      ],
    },
  ],
  gruposopcao: [SABORES, COMBO],
};
