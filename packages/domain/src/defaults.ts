import type { GrupoOpcao, Opcao, Produto } from './schemas.ts';

/**
 * The neutral values of the menu's many numeric fields (no limit, no adjustment, available),
 * so the seed, the tests and the benchmarks spell out only what matters to them.
 */
export const OPCAO_PADRAO: Omit<Opcao, 'idopcao' | 'descricao'> = {
  detalhe: null,
  quantidade: 0,
  qtdpadrao: 0,
  qtdmax: 0,
  preco: 0,
  precooferta: 0,
  stindisponivel: 0,
  valorafetatudo: 0,
  valorafetaopcao: 0,
  valorafetaproduto: 0,
  stpercentualafetaopcao: 0,
  stpercentualafetaproduto: 0,
};

export const GRUPO_OPCAO_PADRAO: Omit<GrupoOpcao, 'idgrupoopcao' | 'descricao' | 'opcoes'> = {
  multiplo: false,
  qtdinclusa: 0,
  qtdmultiplomin: 0,
  qtdmultiplomax: 0,
  stprecopraticado: 0,
  stnegagrupoopcao: 0,
  stindisponivel: 0,
};

export const PRODUTO_PADRAO: Omit<Produto, 'idproduto' | 'descricao' | 'preco'> = {
  detalhe: null,
  imagem: null,
  precooferta: 0,
  stindisponivel: 0,
  quantidade: 0,
  observacoes: null,
  grupoopcoes: [],
};
