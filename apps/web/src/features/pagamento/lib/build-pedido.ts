/**
 * The order as sent (spec section 3, money in cents), built from the cart and the establishment's
 * current menu with the domain's engine: each item by `itemPedido`, the figures by `totaisPedido`
 * — the same functions the server re-prices with, so an honest cart is always accepted.
 */
import {
  abonoCents,
  itemPedido,
  mascararCartao,
  somenteDigitos,
  MSG_ERRO_PEDIDO,
  reaisToCents,
  totaisPedido,
  TIPO_PGTO,
  type CartaoPayload,
  type Cliente,
  type EnderecoLocal,
  type EstabelecimentoDetalhe,
  type FormaPgto,
  type ItemInput,
  type PagamentoInput,
  type PedidoInput,
  type Produto,
} from '@rango/domain';
import type { Cart } from '../../../stores/cart.ts';

export type TipoEntrega = PedidoInput['tipo'];

/** The card an online payment sends: a gateway token, never the number or the CVV. */
export interface CartaoPedido {
  /** Tokenised in the browser (a new card) or a saved card's. */
  token: string;
  bandeira: string;
  titular: string;
  cnpjoucpf: string;
  /** 'MM/YYYY'; null for a saved card (the gateway has it with the token). */
  expiracao: string | null;
  /** Any form of the number whose last 4 are shown: the payload carries only '************1234'. */
  final: string;
  tipo: 'CREDITO' | 'DEBITO';
  salvar: boolean;
  /** Debit's 3-D Secure data. */
  autenticacao: CartaoPayload['external_authentication'];
}

/** 'Pagar online' (issue 5): by card (credit, debit) or PIX. */
export type PagamentoOnline = { tipo: 'PIX' } | { tipo: 'CARTAO'; cartao: CartaoPedido };

export interface DadosPedido {
  cart: Cart;
  /** The establishment's products by id, from its current menu. */
  produtos: ReadonlyMap<number, Produto>;
  detalhe: EstabelecimentoDetalhe;
  cliente: Pick<Cliente, 'nomeourazaosocial' | 'cnpjoucpf'>;
  /** Digits, 10 or 11. */
  telefone: string;
  tipo: TipoEntrega;
  /** The chosen saved address (delivery). */
  endereco: (EnderecoLocal & { id: number }) | null;
  entregueAs: string | null;
  observacoes: string;
  /** Drop-off place (delivery). */
  localEntrega: string | null;
  forma: FormaPgto;
  /** 'Pagar online': what the payment carries; null pays on delivery. */
  online?: PagamentoOnline | null;
  /** Cash: the note paid with, in cents. */
  trocoPara: number | null;
  numeroPedido: number;
}

export type PedidoMontado = { ok: true; pedido: PedidoInput } | { ok: false; erros: string[] };

/** The products of a menu by id. */
export function produtosPorId(grupos: readonly { produtos: readonly Produto[] }[]): Map<number, Produto> {
  const m = new Map<number, Produto>();
  for (const g of grupos) for (const p of g.produtos) m.set(p.idproduto, p);
  return m;
}

function cartaoPayload(c: CartaoPedido): CartaoPayload {
  return {
    token: c.token,
    bandeira: c.bandeira,
    titular: c.titular.trim(),
    cnpjoucpf: somenteDigitos(c.cnpjoucpf),
    expiracao: c.expiracao,
    tipo: c.tipo,
    salvar: c.salvar,
    // Display only; the number and the CVV never leave the browser but to the gateway.
    numero: mascararCartao(c.final),
    cvv: null,
    external_authentication: c.autenticacao ?? null,
  };
}

/** The payment entry (spec section 3): on delivery, or prepaid online by card or PIX. */
function pagamento(d: DadosPedido, total: number): PagamentoInput {
  const base = {
    descricaoFormaPgto: d.forma.descricao,
    formapgto_id: d.forma.idformapgto,
    formapgto_sttipopgto: d.forma.sttipopgto,
    valor: total,
  };
  const online = d.online ?? null;
  if (online) {
    return {
      ...base,
      pre_pago: true,
      tipo: online.tipo,
      troco_para: null,
      cartao: online.tipo === 'CARTAO' ? cartaoPayload(online.cartao) : null,
    };
  }
  return {
    ...base,
    cartao: null,
    pre_pago: false,
    tipo: null,
    troco_para: d.forma.sttipopgto === TIPO_PGTO.Dinheiro ? d.trocoPara : null,
  };
}

/** The payload, or the texts of the items that can no longer be ordered (as the server says them). */
export function buildPedido(d: DadosPedido): PedidoMontado {
  const { cart, detalhe } = d;
  const erros: string[] = [];
  const itens: ItemInput[] = [];
  for (const item of cart.itens) {
    const produto = d.produtos.get(item.idproduto);
    if (!produto || produto.stindisponivel !== 0) {
      erros.push(MSG_ERRO_PEDIDO.produtoIndisponivel(produto?.descricao ?? item.descricao));
      continue;
    }
    itens.push(
      itemPedido(produto, { quantidade: item.quantidade, escolhas: item.grupoopcoes }, item.observacoes),
    );
  }
  if (erros.length > 0) return { ok: false, erros };

  const entrega = d.tipo === 'DELIVERY';
  const taxaCents = entrega && cart.taxaentrega !== null ? reaisToCents(cart.taxaentrega) : null;
  const abono = entrega ? abonoCents(cart.abono) : null;
  const t = totaisPedido({ itens, taxaCents, abonoCents: abono, cupom: cart.cupom });
  const e = d.endereco;
  const pedido: PedidoInput = {
    pedido_id: cart.pedidoid ?? '',
    entregue_as: d.entregueAs,
    ajuste: 0,
    desconto: t.desconto,
    cliente: {
      cpf: d.cliente.cnpjoucpf ? d.cliente.cnpjoucpf : null,
      // The customer's uuid is not given to the app (GET /controle/cliente/ leaves it out); the
      // server knows the customer from the session.
      external_id: null,
      nome: d.cliente.nomeourazaosocial,
      telefone: d.telefone,
      endereco:
        entrega && e
          ? {
              id: e.id,
              cep: e.cep,
              rua: e.rua,
              numero: e.numero,
              bairro: e.bairro,
              cidade: e.cidade,
              uf: e.uf,
              complemento: e.complemento ?? null,
              detalhe: e.detalhe ?? null,
            }
          : null,
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: detalhe.id,
    itens,
    observacoes: d.observacoes.trim(),
    numero_pedido: d.numeroPedido,
    origem: 'WEB',
    pagamentos: [pagamento(d, t.total)],
    previsaoentregamax: detalhe.previsaoentregamax,
    previsaoentregamin: detalhe.previsaoentregamin,
    subtotal: t.subtotal,
    taxa_entrega: t.taxa_entrega,
    tipo: d.tipo,
    total: t.total,
    endereco_togo: entrega ? d.localEntrega : null,
    codigo_cupom: cart.cupom?.codigo ?? null,
    abono_taxa_entrega: entrega ? abono : null,
  };
  return { ok: true, pedido };
}
