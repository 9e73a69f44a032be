import { describe, expect, it } from 'vitest';
import {
  canIncrement,
  defaultGroupChoice,
  groupRuleText,
  invalidOptionChoices,
  isGroupMinimumUnmet,
  isGroupSatisfied,
  setOptionQuantity,
  unmetGroups,
} from './option-groups.ts';
import { visibleGroups } from './availability.ts';
import { grupo, opcao, produto } from './test/fixtures.ts';

describe('groupRuleText', () => {
  it.each([
    [1, 1, 'Escolha 1 opção.'],
    [2, 2, 'Escolha 2 opções.'],
    [1, 3, 'Escolha de 1 a 3 opções.'],
    [1, 0, 'Escolha no mínimo 1 opção.'],
    [2, 0, 'Escolha no mínimo 2 opções.'],
    [0, 1, 'Escolha no máximo 1 opção.'],
    [0, 4, 'Escolha no máximo 4 opções.'],
    [0, 0, null],
  ])('min %i max %i → %s', (qtdmultiplomin, qtdmultiplomax, text) => {
    expect(groupRuleText({ qtdmultiplomin, qtdmultiplomax })).toBe(text);
  });
});

describe('group validity', () => {
  const a = opcao({ qtdmax: 2 });
  const b = opcao();
  const g = grupo({ qtdmultiplomin: 1, qtdmultiplomax: 3, opcoes: [a, b] });

  it('is satisfied between min and max (0 = no limit)', () => {
    expect(isGroupSatisfied(g, {})).toBe(false);
    expect(isGroupMinimumUnmet(g, {})).toBe(true);
    expect(isGroupSatisfied(g, { [a.idopcao]: 1 })).toBe(true);
    expect(isGroupMinimumUnmet(g, { [a.idopcao]: 1 })).toBe(false);
    expect(isGroupSatisfied(g, { [a.idopcao]: 2, [b.idopcao]: 2 })).toBe(false);
    expect(isGroupSatisfied(grupo({ qtdmultiplomin: 0, qtdmultiplomax: 0 }), { 1: 99 })).toBe(true);
  });

  it('hidden or unavailable groups count as valid', () => {
    expect(isGroupSatisfied({ ...g, stindisponivel: 1 }, {})).toBe(true);
    expect(isGroupMinimumUnmet({ ...g, stindisponivel: 2 }, {})).toBe(false);
    expect(unmetGroups([g, { ...g, idgrupoopcao: 1, stindisponivel: 2 }], {})).toEqual([g]);
  });

  it('plus is disabled at qtdmax and at the group maximum', () => {
    expect(canIncrement(g, a, { [a.idopcao]: 1 })).toBe(true);
    expect(canIncrement(g, a, { [a.idopcao]: 2 })).toBe(false);
    expect(canIncrement(g, b, { [a.idopcao]: 2, [b.idopcao]: 1 })).toBe(false);
    expect(canIncrement(g, { ...b, stindisponivel: 1 }, {})).toBe(false);
  });

  it('refuses quantities above qtdmax with the spec message', () => {
    expect(setOptionQuantity(g, a, { [a.idopcao]: 2 }, 3)).toEqual({
      erro: 'Quantidade máxima da opção excedida!',
    });
    expect(setOptionQuantity(g, b, { [a.idopcao]: 2 }, 2)).toEqual({
      erro: 'Quantidade máxima da opção excedida!',
    });
    expect(setOptionQuantity(g, b, { [a.idopcao]: 2 }, 1)).toEqual({
      escolha: { [a.idopcao]: 2, [b.idopcao]: 1 },
    });
    expect(setOptionQuantity(g, a, { [a.idopcao]: 2 }, 0)).toEqual({ escolha: {} });
  });

  it('a single-choice group swaps the option', () => {
    const p = opcao();
    const m = opcao();
    const tamanho = grupo({ multiplo: false, qtdmultiplomin: 1, qtdmultiplomax: 1, opcoes: [p, m] });
    expect(setOptionQuantity(tamanho, m, { [p.idopcao]: 1 }, 1)).toEqual({ escolha: { [m.idopcao]: 1 } });
    expect(setOptionQuantity(tamanho, m, {}, 2)).toEqual({ erro: 'Quantidade máxima da opção excedida!' });
  });

  it('pre-applies qtdpadrao of available options', () => {
    const maionese = opcao({ qtdpadrao: 1 });
    const indisponivel = opcao({ qtdpadrao: 1, stindisponivel: 1 });
    const limitado = opcao({ qtdpadrao: 5, qtdmax: 2 });
    expect(defaultGroupChoice(grupo({ opcoes: [maionese, indisponivel, limitado] }))).toEqual({
      [maionese.idopcao]: 1,
      [limitado.idopcao]: 2,
    });
  });

  it('never pre-applies more than the group maximum', () => {
    const a = opcao({ qtdpadrao: 2 });
    const b = opcao({ qtdpadrao: 2 });
    const c = opcao({ qtdpadrao: 1 });
    const g = grupo({ qtdmultiplomin: 1, qtdmultiplomax: 3, opcoes: [a, b, c] });
    const escolha = defaultGroupChoice(g);
    expect(escolha).toEqual({ [a.idopcao]: 2, [b.idopcao]: 1 });
    expect(isGroupSatisfied(g, escolha)).toBe(true);
  });

  it('lists invalid option choices (unknown, hidden, unavailable, above qtdmax)', () => {
    const oculta = opcao({ stindisponivel: 2 });
    const g2 = grupo({ opcoes: [a, oculta] });
    expect(invalidOptionChoices([g2], { [g2.idgrupoopcao]: { [a.idopcao]: 1 } })).toEqual([]);
    expect(
      invalidOptionChoices([g2], {
        [g2.idgrupoopcao]: { [a.idopcao]: 3, [oculta.idopcao]: 1, 999: 1 },
        777: { 1: 1 },
      }),
    ).toHaveLength(4);
  });

  it('visibleGroups drops hidden groups and hidden options', () => {
    const oculta = opcao({ stindisponivel: 2 });
    const indisponivel = opcao({ stindisponivel: 1 });
    const p = produto({
      grupoopcoes: [
        grupo({ opcoes: [oculta, indisponivel] }),
        grupo({ stindisponivel: 1 }),
        grupo({ stindisponivel: 2 }),
      ],
    });
    const v = visibleGroups(p);
    expect(v).toHaveLength(1);
    expect(v[0]!.opcoes).toEqual([indisponivel]);
  });
});
