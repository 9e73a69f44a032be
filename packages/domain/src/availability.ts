import type { GrupoOpcao, Opcao, Produto } from './schemas.ts';

/** A product or option with stindisponivel 2 is hidden; 1 is shown with INDISPONÍVEL. */
export function isHidden(x: Pick<Produto | Opcao, 'stindisponivel'>): boolean {
  return x.stindisponivel === 2;
}

export function isUnavailable(x: Pick<Produto | Opcao, 'stindisponivel'>): boolean {
  return x.stindisponivel === 1;
}

/** An option group with stindisponivel 1 or 2 is hidden (and counts as satisfied). */
export function isGroupHidden(g: Pick<GrupoOpcao, 'stindisponivel'>): boolean {
  return g.stindisponivel !== 0;
}

/** The groups a customer sees in the product drawer, with their hidden options removed. */
export function visibleGroups(produto: Pick<Produto, 'grupoopcoes'>): GrupoOpcao[] {
  return produto.grupoopcoes
    .filter((g) => !isGroupHidden(g))
    .map((g) => ({ ...g, opcoes: g.opcoes.filter((o) => !isHidden(o)) }));
}
