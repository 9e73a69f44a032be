/** Why 'Adicionar' refuses (spec section 5), checked in the spec's order. */
import {
  MSG,
  isUnavailable,
  unmetGroups,
  type GrupoOpcao,
  type Produto,
  type QuantidadesGrupo,
} from '@rango/domain';

export interface AddItemRefusal {
  titulo: string;
  mensagem: string;
  /** The first group whose minimum is unmet, to scroll to. */
  idgrupoopcao?: number;
}

/** Ours: the spec gives only the title for a closed store. */
export const MENSAGEM_FECHADO = 'O estabelecimento está fechado no momento.';

export function addItemRefusal(input: {
  produto: Pick<Produto, 'stindisponivel'>;
  grupos: readonly GrupoOpcao[];
  escolhas: Readonly<Record<number, QuantidadesGrupo>>;
  lojaAberta: boolean;
  formasPgto: readonly unknown[];
}): AddItemRefusal | null {
  if (isUnavailable(input.produto)) {
    return { titulo: MSG.produtoIndisponivelTitulo, mensagem: MSG.produtoIndisponivel };
  }
  const faltando = unmetGroups(input.grupos, input.escolhas)[0];
  if (faltando) {
    return {
      titulo: MSG.itensObrigatoriosTitulo,
      mensagem: MSG.itensObrigatorios,
      idgrupoopcao: faltando.idgrupoopcao,
    };
  }
  if (!input.lojaAberta) return { titulo: MSG.estabelecimentoFechado, mensagem: MENSAGEM_FECHADO };
  if (input.formasPgto.length === 0) {
    return { titulo: MSG.semFormaPagamento, mensagem: MSG.nenhumMeioPagamento };
  }
  return null;
}
