import { GRUPO_OPCAO_PADRAO, OPCAO_PADRAO, PRODUTO_PADRAO } from '../defaults.ts';
import type { GrupoOpcao, Opcao, Produto } from '../schemas.ts';

let nextId = 1000;

export function opcao(over: Partial<Opcao> = {}): Opcao {
  return { ...OPCAO_PADRAO, idopcao: nextId++, descricao: 'Opção', ...over };
}

export function grupo(over: Partial<GrupoOpcao> = {}): GrupoOpcao {
  return {
    ...GRUPO_OPCAO_PADRAO,
    multiplo: true,
    idgrupoopcao: nextId++,
    descricao: 'Grupo',
    opcoes: [],
    ...over,
  };
}

export function produto(over: Partial<Produto> = {}): Produto {
  return { ...PRODUTO_PADRAO, idproduto: nextId++, descricao: 'Produto', preco: 30, ...over };
}
