/**
 * The pricing engine (PRICING.md): the one place an item's price is computed, by the app to
 * show it and by the server to check it. Every amount is integer cents.
 */
import { isGroupHidden } from './availability.ts';
import { reaisToCents } from './money.ts';
import type { QuantidadesGrupo } from './option-groups.ts';
import {
  PRECO_PRATICADO,
  type GrupoOpcao,
  type Opcao,
  type Produto,
  type StPrecoPraticado,
} from './schemas.ts';

/** What the customer chose for one item: quantities per option, per option group. */
export interface ItemEscolha {
  /** Units of the item (minimum 1). */
  quantidade: number;
  /** idgrupoopcao → (idopcao → quantity per item unit). */
  escolhas: Readonly<Record<number, QuantidadesGrupo>>;
}

/** One chosen option, priced; the order payload's sub-subitem. Amounts per item unit. */
export interface SubSubitemPrecificado {
  opcao_id: number;
  descricao: string;
  /** The option's unit price after other options' adjustments (0 where the mode ignores it). */
  preco_unit: number;
  /** This option's share of its group's price. The shares add up to the group price exactly. */
  preco_total: number;
  /** Units chosen per item unit. */
  quantidade: number;
  /** Units charged (beyond the group's qtdinclusa); 0 where the mode charges none. */
  quantidade_adicionada: number;
  /** What other chosen options' valorafetaopcao changed this option's unit price by. */
  ajuste: number;
}

/** One option group of the item, priced; the order payload's subitem. */
export interface SubitemPrecificado {
  grupoopcao_id: number;
  stprecopraticado: StPrecoPraticado;
  /** The group's price per item unit (for Kit, the kit price it shares out). */
  preco: number;
  sub_subitens: SubSubitemPrecificado[];
}

/** One priced item; the order payload's item. */
export interface ItemPrecificado {
  produto_id: number;
  descricao: string;
  quantidade: number;
  /** Step 1: preco, or precooferta when it is an offer. */
  preco_base: number;
  /** Item unit price, never below zero. */
  preco_unit: number;
  /** preco_unit × quantidade. */
  preco_total: number;
  /** Product adjustments + everything adjustments, per unit. */
  ajuste: number;
  subitens: SubitemPrecificado[];
}

/** Offer rule: the offer price when 0 < oferta < preco, else preco. Same units in, same out. */
export function effectivePrice(preco: number, precooferta: number): number {
  return precooferta > 0 && precooferta < preco ? precooferta : preco;
}

/** Is this an offer (tag OFERTA)? */
export function isOffer(x: { preco: number; precooferta: number }): boolean {
  return x.precooferta > 0 && x.precooferta < x.preco;
}

/** A product's base price in cents (step 1). */
export function productBasePrice(produto: Pick<Produto, 'preco' | 'precooferta'>): number {
  return effectivePrice(reaisToCents(produto.preco), reaisToCents(produto.precooferta));
}

/** Percent of an amount in cents, truncated to whole cents toward zero. */
export function percentOf(cents: number, percent: number): number {
  return Math.trunc((cents * percent) / 100);
}

/**
 * Shares `total` cents among parts in proportion to `weights` (by equal weights where all are
 * zero): each part truncated, then the leftover cents given one by one to the largest parts
 * first, ties by position. The parts always sum to `total`.
 */
export function shareProportionally(total: number, weights: readonly number[]): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const sumW = weights.reduce((s, w) => s + Math.max(0, w), 0);
  const w = sumW > 0 ? weights.map((x) => Math.max(0, x)) : weights.map(() => 1);
  const W = sumW > 0 ? sumW : n;
  const parts = w.map((x) => Math.floor((total * x) / W));
  let leftover = total - parts.reduce((s, p) => s + p, 0);
  const order = parts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p - a.p || a.i - b.i)
    .map((x) => x.i);
  for (let k = 0; leftover > 0; k = (k + 1) % n, leftover--) parts[order[k]!]! += 1;
  return parts;
}

interface Chosen {
  grupo: GrupoOpcao;
  opcao: Opcao;
  quantidade: number;
}

/** The chosen options that exist, in the product's group and option order. */
function chosenOptions(produto: Produto, escolhas: ItemEscolha['escolhas']): Chosen[] {
  const out: Chosen[] = [];
  for (const grupo of produto.grupoopcoes) {
    if (isGroupHidden(grupo)) continue;
    const escolha = escolhas[grupo.idgrupoopcao];
    if (!escolha) continue;
    for (const opcao of grupo.opcoes) {
      const q = Math.trunc(escolha[opcao.idopcao] ?? 0);
      if (q > 0) out.push({ grupo, opcao, quantidade: q });
    }
  }
  return out;
}

function ownOptionPrice(o: Opcao): number {
  return effectivePrice(o.preco, o.precooferta);
}

/** Step 3: what the other chosen options' valorafetaopcao change this option's unit price by. */
function optionAdjustment(target: Chosen, all: readonly Chosen[]): number {
  const own = ownOptionPrice(target.opcao);
  let ajuste = 0;
  for (const c of all) {
    if (c === target || c.opcao.valorafetaopcao === 0) continue;
    ajuste +=
      c.opcao.stpercentualafetaopcao !== 0
        ? percentOf(own, c.opcao.valorafetaopcao)
        : Math.trunc(c.opcao.valorafetaopcao);
  }
  return ajuste;
}

/**
 * Prices one item (PRICING.md "One item" and "Sharing a group's price"): base with the OFERTA
 * rule, product adjustments, option unit prices with their adjustments, qtdinclusa, the group
 * price by stprecopraticado, Kit sharing, everything adjustments; never below zero.
 */
export function priceItem(produto: Produto, escolha: ItemEscolha): ItemPrecificado {
  const quantidade = Math.max(1, Math.trunc(escolha.quantidade));
  const chosen = chosenOptions(produto, escolha.escolhas);
  const base = productBasePrice(produto);

  // Step 2: product adjustments, once per option, percentages on the step-1 base.
  let ajusteProduto = 0;
  for (const c of chosen) {
    const v = c.opcao.valorafetaproduto;
    if (v === 0) continue;
    ajusteProduto += c.opcao.stpercentualafetaproduto !== 0 ? percentOf(base, v) : Math.trunc(v);
  }
  // Step 6: everything adjustments.
  const ajusteTudo = chosen.reduce((s, c) => s + Math.trunc(c.opcao.valorafetatudo), 0);

  // Step 3: unit prices, never below zero.
  const units = new Map<Chosen, { unit: number; ajuste: number }>();
  for (const c of chosen) {
    const ajuste = optionAdjustment(c, chosen);
    units.set(c, { unit: Math.max(0, ownOptionPrice(c.opcao) + ajuste), ajuste });
  }

  const kitPrice = Math.max(0, base + ajusteProduto);
  const subitens: SubitemPrecificado[] = [];
  let somaGrupos = 0;
  const kitChosen: { sub: SubSubitemPrecificado; weight: number }[] = [];
  let temKit = false;

  for (const grupo of produto.grupoopcoes) {
    const doGrupo = chosen.filter((c) => c.grupo === grupo);
    if (doGrupo.length === 0) continue;
    const modo = grupo.stprecopraticado;
    const subs: SubSubitemPrecificado[] = doGrupo.map((c) => ({
      opcao_id: c.opcao.idopcao,
      descricao: c.opcao.descricao,
      preco_unit: units.get(c)!.unit,
      preco_total: 0,
      quantidade: c.quantidade,
      quantidade_adicionada: c.quantidade,
      ajuste: units.get(c)!.ajuste,
    }));
    let preco = 0;

    if (grupo.stnegagrupoopcao !== 0 || modo === PRECO_PRATICADO.DesprezaOpcao) {
      for (const s of subs) Object.assign(s, { preco_unit: 0, preco_total: 0, quantidade_adicionada: 0 });
    } else if (modo === PRECO_PRATICADO.Kit) {
      temKit = true;
      preco = kitPrice;
      subs.forEach((s) => {
        kitChosen.push({ sub: s, weight: s.preco_unit * s.quantidade });
        s.quantidade_adicionada = 0;
      });
    } else if (modo === PRECO_PRATICADO.Normal) {
      // Step 4: the qtdinclusa cheapest units are free, whatever the order of clicks.
      let gratis = grupo.qtdinclusa;
      const porPreco = subs
        .map((s, i) => ({ s, i }))
        .sort((a, b) => a.s.preco_unit - b.s.preco_unit || a.i - b.i);
      for (const { s } of porPreco) {
        const livres = Math.min(gratis, s.quantidade);
        gratis -= livres;
        s.quantidade_adicionada = s.quantidade - livres;
        s.preco_total = s.preco_unit * s.quantidade_adicionada;
      }
      preco = subs.reduce((acc, s) => acc + s.preco_total, 0);
    } else {
      const totalQ = subs.reduce((acc, s) => acc + s.quantidade, 0);
      if (modo === PRECO_PRATICADO.MenorOpcao) preco = Math.min(...subs.map((s) => s.preco_unit));
      else if (modo === PRECO_PRATICADO.MaiorOpcao) preco = Math.max(...subs.map((s) => s.preco_unit));
      else preco = Math.trunc(subs.reduce((acc, s) => acc + s.preco_unit * s.quantidade, 0) / totalQ);
      const parts = shareProportionally(
        preco,
        subs.map((s) => s.quantidade),
      );
      subs.forEach((s, i) => {
        s.preco_total = parts[i]!;
        s.preco_unit = Math.trunc(parts[i]! / s.quantidade);
      });
    }
    if (modo !== PRECO_PRATICADO.Kit) somaGrupos += preco;
    subitens.push({ grupoopcao_id: grupo.idgrupoopcao, stprecopraticado: modo, preco, sub_subitens: subs });
  }

  if (temKit) {
    // The kit's price is shared once among every option of the item's Kit groups.
    const semPreco = kitChosen.every((k) => k.weight <= 0);
    const parts = shareProportionally(
      kitPrice,
      kitChosen.map((k) => (semPreco ? k.sub.quantidade : k.weight)),
    );
    kitChosen.forEach((k, i) => {
      k.sub.preco_total = parts[i]!;
      k.sub.preco_unit = Math.trunc(parts[i]! / k.sub.quantidade);
    });
    // With several Kit groups each one's price is the sum of its options' shares.
    for (const s of subitens) {
      if (s.stprecopraticado === PRECO_PRATICADO.Kit) {
        s.preco = s.sub_subitens.reduce((acc, x) => acc + x.preco_total, 0);
      }
    }
  }

  const preco_unit = Math.max(0, base + ajusteProduto + somaGrupos + ajusteTudo);
  return {
    produto_id: produto.idproduto,
    descricao: produto.descricao,
    quantidade,
    preco_base: base,
    preco_unit,
    preco_total: preco_unit * quantidade,
    ajuste: ajusteProduto + ajusteTudo,
    subitens,
  };
}

/** Σ item totals. */
export function subtotal(itens: readonly { preco_total: number }[]): number {
  return itens.reduce((s, i) => s + i.preco_total, 0);
}
