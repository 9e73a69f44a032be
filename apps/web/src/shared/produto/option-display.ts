/** How an option's price reads in the product drawer. */
import { PRECO_PRATICADO, formatBRL, isOffer, percentOf, type GrupoOpcao, type Opcao } from '@rango/domain';

export type OptionControl = 'radio' | 'checkbox' | 'stepper';

/** Single choice (not multiplo, max 1) → radios; not multiplo otherwise → checkboxes; multiplo → steppers. */
export function optionControl(grupo: Pick<GrupoOpcao, 'multiplo' | 'qtdmultiplomax'>): OptionControl {
  if (grupo.multiplo) return 'stepper';
  return grupo.qtdmultiplomax === 1 ? 'radio' : 'checkbox';
}

/**
 * What choosing an option adds to the item outside its group's price (PRICING.md steps 2 and 6):
 * its product adjustment (cents, or percent of the step-1 `base`) plus its everything adjustment.
 * Its effect on the other chosen options (valorafetaopcao) depends on them and is not included.
 */
export function optionAdjustment(
  opcao: Pick<Opcao, 'valorafetaproduto' | 'stpercentualafetaproduto' | 'valorafetatudo'>,
  base: number,
): number {
  const v = opcao.valorafetaproduto;
  const produto = v === 0 ? 0 : opcao.stpercentualafetaproduto !== 0 ? percentOf(base, v) : Math.trunc(v);
  return produto + Math.trunc(opcao.valorafetatudo);
}

const sinal = (cents: number) => `${cents < 0 ? '− ' : '+ '}${formatBRL(Math.abs(cents))}`;

/**
 * An option's price as priceItem charges it, `base` being the product's step-1 price (cents):
 * - Normal: '+ R$ 3,00', its own price plus its adjustments (struck-through list price for an offer);
 * - MenorOpcao, MediaOpcao, MaiorOpcao: the flavour's price without '+' ('R$ 45,00'), since the
 *   group charges one price from the chosen flavours (the group's charge line says which), then
 *   '+ R$ x' for an adjustment;
 * - Kit, DesprezaOpcao and leave-out groups: the option's own price never reaches the item, only
 *   its adjustments do ('+ R$ 5,00', '− R$ 1,00').
 * Null where the option changes nothing.
 */
export function optionPriceLabel(
  grupo: Pick<GrupoOpcao, 'stprecopraticado' | 'stnegagrupoopcao'>,
  opcao: Pick<
    Opcao,
    'preco' | 'precooferta' | 'valorafetaproduto' | 'stpercentualafetaproduto' | 'valorafetatudo'
  >,
  base: number,
): { atual: string; anterior: string | null } | null {
  const ajuste = optionAdjustment(opcao, base);
  const modo = grupo.stprecopraticado;
  const propria =
    grupo.stnegagrupoopcao === 0 &&
    modo !== PRECO_PRATICADO.DesprezaOpcao &&
    modo !== PRECO_PRATICADO.Kit &&
    opcao.preco > 0;
  if (!propria) return ajuste === 0 ? null : { atual: sinal(ajuste), anterior: null };
  const oferta = isOffer(opcao);
  const preco = oferta ? opcao.precooferta : opcao.preco;
  if (modo === PRECO_PRATICADO.Normal) {
    if (preco + ajuste === 0) return null;
    return {
      atual: sinal(preco + ajuste),
      anterior: oferta ? sinal(opcao.preco + ajuste) : null,
    };
  }
  const mais = ajuste === 0 ? '' : ` ${sinal(ajuste)}`;
  return {
    atual: `${formatBRL(preco)}${mais}`,
    anterior: oferta ? formatBRL(opcao.preco) : null,
  };
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
