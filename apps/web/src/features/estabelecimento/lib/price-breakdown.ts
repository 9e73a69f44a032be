/** The item total's breakdown in the product drawer (issue 14): lines that add up to the engine's total. */
import { PRECO_PRATICADO, type ItemPrecificado, type Produto } from '@rango/domain';

export interface LinhaComposicao {
  rotulo: string;
  /** Cents per item unit. */
  valor: number;
}

export interface Composicao {
  /** Per item unit; they add up to `unitario`. */
  linhas: LinhaComposicao[];
  unitario: number;
  quantidade: number;
  total: number;
}

/**
 * The engine's item (priceItem) in lines: the product's price, each group that adds to it, the
 * options' adjustments, and — when adjustments would take the item below zero — what the floor
 * gives back. Kit groups share the product's price out, so they add no line of their own.
 */
export function composicaoDoItem(
  produto: Pick<Produto, 'descricao' | 'grupoopcoes'>,
  item: ItemPrecificado,
): Composicao {
  const linhas: LinhaComposicao[] = [{ rotulo: produto.descricao, valor: item.preco_base }];
  for (const s of item.subitens) {
    if (s.stprecopraticado === PRECO_PRATICADO.Kit || s.preco === 0) continue;
    const grupo = produto.grupoopcoes.find((g) => g.idgrupoopcao === s.grupoopcao_id);
    linhas.push({ rotulo: grupo?.descricao ?? 'Opções', valor: s.preco });
  }
  if (item.ajuste !== 0) linhas.push({ rotulo: 'Ajustes das opções', valor: item.ajuste });
  const soma = linhas.reduce((acc, l) => acc + l.valor, 0);
  if (soma !== item.preco_unit)
    linhas.push({ rotulo: 'O item não fica abaixo de zero', valor: item.preco_unit - soma });
  return { linhas, unitario: item.preco_unit, quantidade: item.quantidade, total: item.preco_total };
}
