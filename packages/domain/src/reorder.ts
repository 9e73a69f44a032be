/**
 * 'Pedir de novo' (issue 14): a past order's items against today's menu. Each line says what
 * changed before anything reaches the cart — never a silent change of price. Today's prices come
 * from the pricing engine (priceItem), the rules from option-groups.ts.
 *
 * Its own module: only the reorder dialog (a lazy chunk) imports it, so it never reaches the menu route.
 */
import { isGroupHidden, isHidden, isUnavailable } from './availability.ts';
import { groupCount, groupRuleText, optionLimit, type QuantidadesGrupo } from './option-groups.ts';
import type { ItemInput } from './pedido-schema.ts';
import { priceItem } from './pricing.ts';
import type { GrupoOpcao, Menu, Produto } from './schemas.ts';

/** The past order's item as stored (pedido_json.itens): ids, quantities and the unit price paid. */
export type ItemAnterior = Pick<
  ItemInput,
  'produto_id' | 'descricao' | 'quantidade' | 'preco_unit' | 'observacoes'
> & {
  subitens: readonly {
    grupoopcao_id: number;
    sub_subitens: readonly { opcao_id: number; descricao: string; quantidade: number }[];
  }[];
};

/** An option of the past order that cannot come back as it was. */
export interface OpcaoPerdida {
  idgrupoopcao: number;
  idopcao: number;
  /** As the past order named it. */
  descricao: string;
  /** `indisponivel`: shown with INDISPONÍVEL today; `removida`: hidden, or no longer in the product. */
  motivo: 'indisponivel' | 'removida';
}

/** An option group whose rules the kept choice no longer meets: the customer chooses again. */
export interface GrupoAEscolher {
  idgrupoopcao: number;
  descricao: string;
  /** Today's rule as the drawer words it ('Escolha de 1 a 2 opções.'), or null. */
  regra: string | null;
  /** `minimo`: too few; `maximo`: more than the group's maximum; `opcao`: an option above its own maximum. */
  motivo: 'minimo' | 'maximo' | 'opcao';
}

/**
 * `ok`: as before, same price. `mudou`: can be added, but the price moved and/or an optional
 * option is gone — the customer confirms. `escolher`: a group needs a new choice.
 * `indisponivel`: the product cannot be ordered today (INDISPONÍVEL, hidden or gone).
 */
export type EstadoLinha = 'ok' | 'mudou' | 'escolher' | 'indisponivel';

export interface LinhaPedirDeNovo {
  /** Position in the past order. */
  indice: number;
  produto_id: number;
  /** Today's name when the product still exists, else the past one. */
  descricao: string;
  quantidade: number;
  observacoes: string;
  estado: EstadoLinha;
  /** Only for `indisponivel`: INDISPONÍVEL today, or hidden / no longer on the menu. */
  produtoMotivo: 'indisponivel' | 'removido' | null;
  /** Today's product (null when gone). */
  produto: Produto | null;
  /** The past choices that still hold today (per item unit), ready for the cart. */
  escolhas: Record<number, QuantidadesGrupo>;
  /** Unit price paid, cents. */
  precoAntes: number;
  /** Today's unit price of `escolhas`, cents; null when it cannot be priced (`escolher`, `indisponivel`). */
  precoAgora: number | null;
  opcoesPerdidas: OpcaoPerdida[];
  gruposAEscolher: GrupoAEscolher[];
}

/** The menu's products by id. */
export function produtosDoMenu(menu: Menu): Map<number, Produto> {
  const out = new Map<number, Produto>();
  for (const g of menu.grupos) for (const p of g.produtos) out.set(p.idproduto, p);
  return out;
}

function grupoAEscolher(grupo: GrupoOpcao, escolha: QuantidadesGrupo | undefined): GrupoAEscolher | null {
  const base = { idgrupoopcao: grupo.idgrupoopcao, descricao: grupo.descricao, regra: groupRuleText(grupo) };
  for (const [oid, q] of Object.entries(escolha ?? {})) {
    const opcao = grupo.opcoes.find((o) => o.idopcao === Number(oid));
    if (opcao && q > optionLimit(grupo, opcao)) return { ...base, motivo: 'opcao' };
  }
  const n = groupCount(escolha);
  if (grupo.qtdmultiplomax > 0 && n > grupo.qtdmultiplomax) return { ...base, motivo: 'maximo' };
  if (n < grupo.qtdmultiplomin) return { ...base, motivo: 'minimo' };
  return null;
}

/** One past item against today's products. */
export function linhaPedirDeNovo(
  item: ItemAnterior,
  indice: number,
  produtos: ReadonlyMap<number, Produto>,
): LinhaPedirDeNovo {
  const produto = produtos.get(item.produto_id) ?? null;
  const linha: LinhaPedirDeNovo = {
    indice,
    produto_id: item.produto_id,
    descricao: produto?.descricao ?? item.descricao,
    quantidade: item.quantidade,
    observacoes: item.observacoes,
    estado: 'ok',
    produtoMotivo: null,
    produto,
    escolhas: {},
    precoAntes: item.preco_unit,
    precoAgora: null,
    opcoesPerdidas: [],
    gruposAEscolher: [],
  };
  if (!produto || isHidden(produto) || isUnavailable(produto)) {
    return {
      ...linha,
      estado: 'indisponivel',
      produtoMotivo: produto && isUnavailable(produto) ? 'indisponivel' : 'removido',
    };
  }

  const escolhas: Record<number, Record<number, number>> = {};
  for (const sub of item.subitens) {
    const grupo = produto.grupoopcoes.find((g) => g.idgrupoopcao === sub.grupoopcao_id);
    for (const s of sub.sub_subitens) {
      if (s.quantidade <= 0) continue;
      const opcao = grupo?.opcoes.find((o) => o.idopcao === s.opcao_id);
      const perdida = { idgrupoopcao: sub.grupoopcao_id, idopcao: s.opcao_id, descricao: s.descricao };
      if (!grupo || isGroupHidden(grupo) || !opcao || isHidden(opcao)) {
        linha.opcoesPerdidas.push({ ...perdida, motivo: 'removida' });
      } else if (isUnavailable(opcao)) {
        linha.opcoesPerdidas.push({ ...perdida, motivo: 'indisponivel' });
      } else {
        const g = (escolhas[grupo.idgrupoopcao] ??= {});
        g[opcao.idopcao] = (g[opcao.idopcao] ?? 0) + s.quantidade;
      }
    }
  }
  linha.escolhas = escolhas;

  for (const grupo of produto.grupoopcoes) {
    if (isGroupHidden(grupo)) continue;
    const problema = grupoAEscolher(grupo, escolhas[grupo.idgrupoopcao]);
    if (problema) linha.gruposAEscolher.push(problema);
  }
  if (linha.gruposAEscolher.length > 0) return { ...linha, estado: 'escolher' };

  linha.precoAgora = priceItem(produto, { quantidade: item.quantidade, escolhas }).preco_unit;
  const mudou = linha.precoAgora !== linha.precoAntes || linha.opcoesPerdidas.length > 0;
  return { ...linha, estado: mudou ? 'mudou' : 'ok' };
}

/** Every item of a past order against today's menu, in the order's order. */
export function pedirDeNovo(itens: readonly ItemAnterior[], menu: Menu): LinhaPedirDeNovo[] {
  const produtos = produtosDoMenu(menu);
  return itens.map((item, i) => linhaPedirDeNovo(item, i, produtos));
}
