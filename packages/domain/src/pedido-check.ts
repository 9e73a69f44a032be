/**
 * Building and checking an order (ARCHITECTURE.md "The server decides", PRICING.md "What the
 * server checks"). The app builds each payload item with `itemPedido` from the product and the
 * customer's choices; the server rebuilds the same figures from its own catalogue with
 * `verificarPedido` and refuses any difference with the spec's codes (section 8). One engine:
 * a cart the app prices is always accepted, a single changed cent is always refused.
 */
import type { DeliveryFee } from './delivery-fee.ts';
import { formatBRL } from './money.ts';
import { couponDiscount, taxaCobrada, type CupomValores } from './order-totals.ts';
import { invalidOptionChoices, unmetGroups, type QuantidadesGrupo } from './option-groups.ts';
import type { ItemInput, PedidoInput, SubitemInput } from './pedido-schema.ts';
import { priceItem, type ItemEscolha } from './pricing.ts';
import type { HorarioExcecao, HorarioFuncionamento, Produto } from './schemas.ts';
import { isWithinHours, wallClock, FUSO_PADRAO } from './store-hours.ts';

/** The order refusals listed in the 'Não foi possível finalizar o pedido' modal (codigo 105). */
export const ERRO_PEDIDO = {
  taxaAtualizada: 1101,
  taxaAusente: 1102,
  produtoIndisponivel: 1201,
  produtoPrecoUnit: 1202,
  produtoPrecoTotal: 1203,
  opcaoIndisponivel: 1301,
  opcaoPrecoUnit: 1302,
  opcaoPrecoTotal: 1303,
  total: 1403,
} as const;
export type CodigoErroPedido = (typeof ERRO_PEDIDO)[keyof typeof ERRO_PEDIDO];

export interface ErroPedido {
  codigo: CodigoErroPedido;
  msg: string;
}

/** Ours (the spec names the codes, not their texts). */
export const MSG_ERRO_PEDIDO = {
  taxaAtualizada: (c: number) => `A taxa de entrega foi atualizada para ${formatBRL(c)}.`,
  taxaRetirada: 'Pedidos para retirar no estabelecimento não têm taxa de entrega.',
  naoEntrega: 'O estabelecimento não entrega no endereço escolhido.',
  taxaAusente: 'A taxa de entrega do endereço escolhido não foi informada.',
  produtoIndisponivel: (d: string) => `O produto ${d} está indisponível no momento.`,
  produtoPrecoUnit: (d: string, c: number) => `O preço do produto ${d} foi atualizado para ${formatBRL(c)}.`,
  produtoPrecoTotal: (d: string, c: number) =>
    `O valor total do produto ${d} foi atualizado para ${formatBRL(c)}.`,
  opcaoIndisponivel: (d: string, p: string) => `A opção ${d} do produto ${p} está indisponível no momento.`,
  opcoesObrigatorias: (p: string) => `As opções escolhidas para o produto ${p} não são mais válidas.`,
  opcaoPrecoUnit: (d: string, c: number) => `O preço da opção ${d} foi atualizado para ${formatBRL(c)}.`,
  opcaoPrecoTotal: (d: string, c: number) =>
    `O valor total da opção ${d} foi atualizado para ${formatBRL(c)}.`,
  total: (c: number) => `O valor total do pedido foi atualizado para ${formatBRL(c)}.`,
} as const;

/** The choices a payload item carries (grupoopcao_id → opcao_id → quantity), or null when one repeats. */
export function escolhasDoItem(subitens: readonly SubitemInput[]): ItemEscolha['escolhas'] | null {
  const escolhas: Record<number, Record<number, number>> = {};
  for (const s of subitens) {
    if (escolhas[s.grupoopcao_id]) return null;
    const grupo: Record<number, number> = {};
    for (const o of s.sub_subitens) {
      if (grupo[o.opcao_id] !== undefined) return null;
      grupo[o.opcao_id] = o.quantidade;
    }
    escolhas[s.grupoopcao_id] = grupo;
  }
  return escolhas;
}

/** One payload item priced by the engine: what the app sends and what the server expects. */
export function itemPedido(
  produto: Produto,
  escolha: { quantidade: number; escolhas: Readonly<Record<number, QuantidadesGrupo>> },
  observacoes: string,
): ItemInput {
  const p = priceItem(produto, escolha);
  return {
    produto_id: p.produto_id,
    descricao: p.descricao,
    quantidade: p.quantidade,
    preco_unit: p.preco_unit,
    preco_total: p.preco_total,
    ajuste: p.ajuste,
    observacoes,
    subitens: p.subitens.map((s) => ({
      grupoopcao_id: s.grupoopcao_id,
      stprecopraticado: s.stprecopraticado,
      sub_subitens: s.sub_subitens.map((o) => ({ ...o })),
    })),
  };
}

/** The order's figures in cents (PRICING.md "Order totals"). */
export function totaisPedido(input: {
  itens: readonly { preco_total: number }[];
  /** The delivery fee before the waiver, or null for pickup. */
  taxaCents: number | null;
  abonoCents: number | null;
  cupom: CupomValores | null;
}): { subtotal: number; taxa_entrega: number | null; desconto: number; total: number } {
  const subtotal = input.itens.reduce((s, i) => s + i.preco_total, 0);
  const taxa = taxaCobrada(input.taxaCents, input.abonoCents, subtotal);
  const desconto = couponDiscount(input.cupom, subtotal);
  return { subtotal, taxa_entrega: taxa, desconto, total: subtotal + (taxa ?? 0) - desconto };
}

/** Checks one item against the product; returns the server's priced item, or null with errors. */
function verificarItem(item: ItemInput, produto: Produto | undefined, erros: ErroPedido[]): ItemInput | null {
  if (!produto || produto.stindisponivel !== 0) {
    erros.push({
      codigo: ERRO_PEDIDO.produtoIndisponivel,
      msg: MSG_ERRO_PEDIDO.produtoIndisponivel(produto?.descricao ?? item.descricao),
    });
    return null;
  }
  const escolhas = escolhasDoItem(item.subitens);
  if (escolhas === null) {
    erros.push({
      codigo: ERRO_PEDIDO.opcaoIndisponivel,
      msg: MSG_ERRO_PEDIDO.opcoesObrigatorias(produto.descricao),
    });
    return null;
  }
  const invalidas = invalidOptionChoices(produto.grupoopcoes, escolhas);
  // A zero quantity is never sent by the app; the schema already refuses it.
  if (invalidas.length > 0) {
    for (const { idgrupoopcao, idopcao } of invalidas) {
      const grupo = produto.grupoopcoes.find((g) => g.idgrupoopcao === idgrupoopcao);
      const opcao = grupo?.opcoes.find((o) => o.idopcao === idopcao);
      const enviada = item.subitens
        .find((s) => s.grupoopcao_id === idgrupoopcao)
        ?.sub_subitens.find((o) => o.opcao_id === idopcao);
      erros.push({
        codigo: ERRO_PEDIDO.opcaoIndisponivel,
        msg: MSG_ERRO_PEDIDO.opcaoIndisponivel(
          opcao?.descricao ?? enviada?.descricao ?? String(idopcao),
          produto.descricao,
        ),
      });
    }
    return null;
  }
  if (unmetGroups(produto.grupoopcoes, escolhas).length > 0) {
    erros.push({
      codigo: ERRO_PEDIDO.opcaoIndisponivel,
      msg: MSG_ERRO_PEDIDO.opcoesObrigatorias(produto.descricao),
    });
    return null;
  }
  const esperado = itemPedido(produto, { quantidade: item.quantidade, escolhas }, item.observacoes);
  for (const sub of esperado.subitens) {
    const enviado = item.subitens.find((s) => s.grupoopcao_id === sub.grupoopcao_id);
    for (const o of sub.sub_subitens) {
      const e = enviado?.sub_subitens.find((x) => x.opcao_id === o.opcao_id);
      if (!e) continue;
      if (e.preco_unit !== o.preco_unit) {
        erros.push({
          codigo: ERRO_PEDIDO.opcaoPrecoUnit,
          msg: MSG_ERRO_PEDIDO.opcaoPrecoUnit(o.descricao, o.preco_unit),
        });
      }
      if (e.preco_total !== o.preco_total) {
        erros.push({
          codigo: ERRO_PEDIDO.opcaoPrecoTotal,
          msg: MSG_ERRO_PEDIDO.opcaoPrecoTotal(o.descricao, o.preco_total),
        });
      }
    }
  }
  if (item.preco_unit !== esperado.preco_unit) {
    erros.push({
      codigo: ERRO_PEDIDO.produtoPrecoUnit,
      msg: MSG_ERRO_PEDIDO.produtoPrecoUnit(produto.descricao, esperado.preco_unit),
    });
  }
  if (item.preco_total !== esperado.preco_total) {
    erros.push({
      codigo: ERRO_PEDIDO.produtoPrecoTotal,
      msg: MSG_ERRO_PEDIDO.produtoPrecoTotal(produto.descricao, esperado.preco_total),
    });
  }
  return esperado;
}

export interface ContextoPedido {
  /** The establishment's products by id (from its own catalogue). */
  produtos: ReadonlyMap<number, Produto>;
  /** For delivery: the fee the server determined for the customer's stored address. */
  taxa: DeliveryFee | null;
  /** The coupon, already checked as usable (103/104 are answered before this). */
  cupom: CupomValores | null;
}

export type VerificacaoPedido =
  | { ok: false; erros: ErroPedido[] }
  | {
      ok: true;
      /** The items as the server priced them (descriptions from the catalogue). */
      itens: ItemInput[];
      subtotal: number;
      taxa_entrega: number | null;
      abono_taxa_entrega: number | null;
      desconto: number;
      total: number;
    };

/**
 * Re-prices an order from the server's own data and compares every figure (codes 1101–1403).
 * Visibility of the group ('hidden groups count as valid') follows the drawer's rules.
 */
export function verificarPedido(input: PedidoInput, ctx: ContextoPedido): VerificacaoPedido {
  const erros: ErroPedido[] = [];
  const itens: ItemInput[] = [];
  for (const item of input.itens) {
    const ok = verificarItem(item, ctx.produtos.get(item.produto_id), erros);
    if (ok) itens.push(ok);
  }

  let taxaCents: number | null = null;
  let abono: number | null = null;
  if (input.tipo === 'TOGO') {
    if (input.taxa_entrega !== null && input.taxa_entrega !== 0) {
      erros.push({ codigo: ERRO_PEDIDO.taxaAtualizada, msg: MSG_ERRO_PEDIDO.taxaRetirada });
    }
  } else if (!ctx.taxa || !ctx.taxa.entrega) {
    erros.push({ codigo: ERRO_PEDIDO.taxaAusente, msg: MSG_ERRO_PEDIDO.naoEntrega });
  } else {
    taxaCents = ctx.taxa.taxaCents;
    abono = ctx.taxa.abonoCents;
  }

  if (erros.some((e) => e.codigo !== ERRO_PEDIDO.taxaAtualizada) || itens.length !== input.itens.length) {
    return { ok: false, erros };
  }
  const t = totaisPedido({ itens, taxaCents, abonoCents: abono, cupom: ctx.cupom });
  if (input.tipo === 'DELIVERY') {
    if (input.taxa_entrega === null) {
      erros.push({ codigo: ERRO_PEDIDO.taxaAusente, msg: MSG_ERRO_PEDIDO.taxaAusente });
    } else if (input.taxa_entrega !== t.taxa_entrega || input.abono_taxa_entrega !== abono) {
      erros.push({
        codigo: ERRO_PEDIDO.taxaAtualizada,
        msg: MSG_ERRO_PEDIDO.taxaAtualizada(t.taxa_entrega ?? 0),
      });
    }
  }
  if (input.subtotal !== t.subtotal || input.desconto !== t.desconto || input.total !== t.total) {
    erros.push({ codigo: ERRO_PEDIDO.total, msg: MSG_ERRO_PEDIDO.total(t.total) });
  }
  if (erros.length > 0) return { ok: false, erros };
  return {
    ok: true,
    itens,
    subtotal: t.subtotal,
    taxa_entrega: t.taxa_entrega,
    abono_taxa_entrega: input.tipo === 'DELIVERY' ? abono : null,
    desconto: t.desconto,
    total: t.total,
  };
}

/** How far ahead an order may be scheduled (ours). */
export const AGENDAMENTO_MAX_DIAS = 7;
/** A scheduled time must be at least this far in the future (ours: time to prepare). */
export const AGENDAMENTO_MIN_MINUTOS = 0;

/**
 * A scheduled time (spec section 5): in the future, inside the opening hours of its weekday
 * (wall clock of the establishment), at most AGENDAMENTO_MAX_DIAS ahead. 'Horário inválido' otherwise.
 */
export function agendamentoValido(
  entregueAs: Date,
  horarios: readonly HorarioFuncionamento[],
  agora: Date = new Date(),
  timeZone: string = FUSO_PADRAO,
  excecoes: readonly HorarioExcecao[] = [],
): boolean {
  const t = entregueAs.getTime();
  if (!Number.isFinite(t)) return false;
  if (t <= agora.getTime() + AGENDAMENTO_MIN_MINUTOS * 60_000) return false;
  if (t > agora.getTime() + AGENDAMENTO_MAX_DIAS * 86_400_000) return false;
  const { dia, minutos, data } = wallClock(entregueAs, timeZone);
  return isWithinHours(horarios, dia, minutos, data, excecoes);
}

/** Spec section 9: drop-off places. The default; the others only with online payment. */
export const LOCAL_ENTREGA_PADRAO = 'Quero encontrar o entregador.';
export const LOCAIS_ENTREGA_ONLINE = [
  'Portão da casa / prédio.',
  'Portaria do prédio / condomínio.',
] as const;

/** Checkout phone rule (spec sections 5, 9): 10 or 11 digits. */
export const telefoneCheckoutValido = (telefone: string | null | undefined): boolean =>
  /^\d{10,11}$/.test((telefone ?? '').replace(/\D/g, ''));

/** Random order number 1000–9999 (spec section 9). */
export const novoNumeroPedido = (random: () => number = Math.random): number =>
  1000 + Math.floor(random() * 9000);
