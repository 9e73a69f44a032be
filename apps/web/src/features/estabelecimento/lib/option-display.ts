/** How an option's price reads in the product drawer. */
import { PRECO_PRATICADO, formatBRL, isOffer, type GrupoOpcao, type Opcao } from '@rango/domain';

export type OptionControl = 'radio' | 'checkbox' | 'stepper';

/** Single choice (not multiplo, max 1) → radios; not multiplo otherwise → checkboxes; multiplo → steppers. */
export function optionControl(grupo: Pick<GrupoOpcao, 'multiplo' | 'qtdmultiplomax'>): OptionControl {
  if (grupo.multiplo) return 'stepper';
  return grupo.qtdmultiplomax === 1 ? 'radio' : 'checkbox';
}

/**
 * '+ R$ 3,00' (and the struck-through list price for an offer), or null where the option's own
 * price never reaches the item: DesprezaOpcao, Kit, leave-out groups, free options.
 */
export function optionPriceLabel(
  grupo: Pick<GrupoOpcao, 'stprecopraticado' | 'stnegagrupoopcao'>,
  opcao: Pick<Opcao, 'preco' | 'precooferta'>,
): { atual: string; anterior: string | null } | null {
  if (grupo.stnegagrupoopcao !== 0) return null;
  if (
    grupo.stprecopraticado === PRECO_PRATICADO.DesprezaOpcao ||
    grupo.stprecopraticado === PRECO_PRATICADO.Kit
  ) {
    return null;
  }
  if (opcao.preco <= 0) return null;
  if (isOffer(opcao)) {
    return { atual: `+ ${formatBRL(opcao.precooferta)}`, anterior: `+ ${formatBRL(opcao.preco)}` };
  }
  return { atual: `+ ${formatBRL(opcao.preco)}`, anterior: null };
}

/**
 * How a group is charged, when it is not the plain sum of its options (issue 14): shown under
 * the group's rule. Null for plain sums, DesprezaOpcao and leave-out groups (their options show
 * no price at all).
 */
export function groupChargeText(
  grupo: Pick<GrupoOpcao, 'stprecopraticado' | 'stnegagrupoopcao' | 'qtdinclusa'>,
): string | null {
  if (grupo.stnegagrupoopcao !== 0) return null;
  switch (grupo.stprecopraticado) {
    case PRECO_PRATICADO.MaiorOpcao:
      return 'Cobrado pelo sabor mais caro';
    case PRECO_PRATICADO.MediaOpcao:
      return 'Cobrado pela média dos sabores';
    case PRECO_PRATICADO.MenorOpcao:
      return 'Cobrado pelo sabor mais barato';
    case PRECO_PRATICADO.Kit:
      return 'Opções incluídas no preço do combo';
    case PRECO_PRATICADO.Normal:
      if (grupo.qtdinclusa <= 0) return null;
      return `${grupo.qtdinclusa} ${grupo.qtdinclusa === 1 ? 'incluso' : 'inclusos'}, os demais são cobrados`;
    default:
      return null;
  }
}
