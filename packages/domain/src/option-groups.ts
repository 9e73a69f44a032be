import { isGroupHidden, isHidden } from './availability.ts';
import { MSG } from './messages.ts';
import type { GrupoOpcao, Opcao } from './schemas.ts';

/** The customer's choice in one option group: option id → quantity (per item unit). */
export type QuantidadesGrupo = Readonly<Record<number, number>>;

function opcoes(n: number): string {
  return n === 1 ? 'opção' : 'opções';
}

/** Units chosen in the group. */
export function groupCount(escolha: QuantidadesGrupo | undefined): number {
  if (!escolha) return 0;
  return Object.values(escolha).reduce((s, q) => s + (q > 0 ? q : 0), 0);
}

/**
 * The group's rule as the spec words it (section 5), or null when the group has no limits:
 * 'Escolha N opção/opções.', 'Escolha de A a B opções.', 'Escolha no mínimo N …',
 * 'Escolha no máximo N …'.
 */
export function groupRuleText(grupo: Pick<GrupoOpcao, 'qtdmultiplomin' | 'qtdmultiplomax'>): string | null {
  const min = grupo.qtdmultiplomin;
  const max = grupo.qtdmultiplomax;
  if (min > 0 && max > 0 && min === max) return `Escolha ${min} ${opcoes(min)}.`;
  if (min > 0 && max > 0 && min < max) return `Escolha de ${min} a ${max} opções.`;
  if (min > 0) return `Escolha no mínimo ${min} ${opcoes(min)}.`;
  if (max > 0) return `Escolha no máximo ${max} ${opcoes(max)}.`;
  return null;
}

/** Is the selected quantity within qtdmultiplomin…qtdmultiplomax (0 = no limit)? Hidden groups count as valid. */
export function isGroupSatisfied(grupo: GrupoOpcao, escolha: QuantidadesGrupo | undefined): boolean {
  if (isGroupHidden(grupo)) return true;
  const n = groupCount(escolha);
  if (n < grupo.qtdmultiplomin) return false;
  return grupo.qtdmultiplomax === 0 || n <= grupo.qtdmultiplomax;
}

/** OBRIGATÓRIO shows while the group's minimum is unmet. */
export function isGroupMinimumUnmet(grupo: GrupoOpcao, escolha: QuantidadesGrupo | undefined): boolean {
  return !isGroupHidden(grupo) && groupCount(escolha) < grupo.qtdmultiplomin;
}

/** Most units of one option in one item: qtdmax, 1 for a non-multiplo group, else unlimited. */
export function optionLimit(grupo: Pick<GrupoOpcao, 'multiplo'>, opcao: Pick<Opcao, 'qtdmax'>): number {
  if (!grupo.multiplo) return 1;
  return opcao.qtdmax > 0 ? opcao.qtdmax : Number.POSITIVE_INFINITY;
}

/** Plus is disabled at qtdmax or once the group's qtdmultiplomax is reached (section 4). */
export function canIncrement(
  grupo: GrupoOpcao,
  opcao: Opcao,
  escolha: QuantidadesGrupo | undefined,
): boolean {
  if (opcao.stindisponivel !== 0) return false;
  const atual = escolha?.[opcao.idopcao] ?? 0;
  if (atual >= optionLimit(grupo, opcao)) return false;
  return grupo.qtdmultiplomax === 0 || groupCount(escolha) < grupo.qtdmultiplomax;
}

/**
 * Sets an option's quantity and returns the new group choice, or the spec's message when the
 * option's own maximum would be exceeded. A single-choice group (not multiplo, max 1) swaps the
 * chosen option instead of refusing.
 */
export function setOptionQuantity(
  grupo: GrupoOpcao,
  opcao: Opcao,
  escolha: QuantidadesGrupo | undefined,
  quantidade: number,
): { escolha: QuantidadesGrupo } | { erro: string } {
  const atual = { ...(escolha ?? {}) };
  const q = Math.max(0, Math.trunc(quantidade));
  if (q > optionLimit(grupo, opcao)) return { erro: MSG.quantidadeMaximaExcedida };
  if (q > 0 && opcao.stindisponivel !== 0) return { erro: MSG.produtoIndisponivel };
  if (!grupo.multiplo && grupo.qtdmultiplomax === 1 && q > 0) {
    return { escolha: { [opcao.idopcao]: 1 } };
  }
  const semEsta = groupCount(atual) - (atual[opcao.idopcao] ?? 0);
  if (grupo.qtdmultiplomax > 0 && semEsta + q > grupo.qtdmultiplomax) {
    return { erro: MSG.quantidadeMaximaExcedida };
  }
  if (q === 0) delete atual[opcao.idopcao];
  else atual[opcao.idopcao] = q;
  return { escolha: atual };
}

/**
 * The quantities pre-applied when the drawer opens: each available option's qtdpadrao, within
 * the option's own limit and, in option order, the group's qtdmultiplomax (a default never
 * starts the group over its maximum).
 */
export function defaultGroupChoice(grupo: GrupoOpcao): QuantidadesGrupo {
  const escolha: Record<number, number> = {};
  let restante = grupo.qtdmultiplomax > 0 ? grupo.qtdmultiplomax : Number.POSITIVE_INFINITY;
  for (const o of grupo.opcoes) {
    if (o.qtdpadrao > 0 && o.stindisponivel === 0 && restante > 0) {
      const q = Math.min(o.qtdpadrao, optionLimit(grupo, o), restante);
      escolha[o.idopcao] = q;
      restante -= q;
    }
  }
  return escolha;
}

/** Problems with a choice for the whole product, for the server and the drawer alike. */
export function unmetGroups(
  grupos: readonly GrupoOpcao[],
  escolhas: Readonly<Record<number, QuantidadesGrupo>>,
): GrupoOpcao[] {
  return grupos.filter((g) => !isGroupHidden(g) && !isGroupSatisfied(g, escolhas[g.idgrupoopcao]));
}

/** Options chosen that do not exist, are hidden or unavailable, or exceed their maximum. */
export function invalidOptionChoices(
  grupos: readonly GrupoOpcao[],
  escolhas: Readonly<Record<number, QuantidadesGrupo>>,
): { idgrupoopcao: number; idopcao: number }[] {
  const out: { idgrupoopcao: number; idopcao: number }[] = [];
  for (const [gid, escolha] of Object.entries(escolhas)) {
    const grupo = grupos.find((g) => g.idgrupoopcao === Number(gid));
    for (const [oid, q] of Object.entries(escolha)) {
      if (q <= 0) continue;
      const opcao = grupo?.opcoes.find((o) => o.idopcao === Number(oid));
      if (
        !grupo ||
        isGroupHidden(grupo) ||
        !opcao ||
        isHidden(opcao) ||
        opcao.stindisponivel !== 0 ||
        q > optionLimit(grupo, opcao)
      ) {
        out.push({ idgrupoopcao: Number(gid), idopcao: Number(oid) });
      }
    }
  }
  return out;
}
