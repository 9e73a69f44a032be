import type { GrupoOpcao, Opcao, Produto } from '../schemas.ts';

let nextId = 1000;

export function opcao(over: Partial<Opcao> = {}): Opcao {
  return {
    idopcao: nextId++,
    descricao: 'Opção',
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
    ...over,
  };
}

export function grupo(over: Partial<GrupoOpcao> = {}): GrupoOpcao {
  return {
    idgrupoopcao: nextId++,
    descricao: 'Grupo',
    multiplo: true,
    qtdinclusa: 0,
    qtdmultiplomin: 0,
    qtdmultiplomax: 0,
    stprecopraticado: 0,
    stnegagrupoopcao: 0,
    stindisponivel: 0,
    opcoes: [],
    ...over,
  };
}

export function produto(over: Partial<Produto> = {}): Produto {
  return {
    idproduto: nextId++,
    descricao: 'Produto',
    detalhe: null,
    imagem: null,
    preco: 30,
    precooferta: 0,
    stindisponivel: 0,
    quantidade: 0,
    observacoes: null,
    grupoopcoes: [],
    ...over,
  };
}
