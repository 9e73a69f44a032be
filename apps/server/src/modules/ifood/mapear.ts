import { MAX_DESCRICAO, MAX_OBSERVACOES, MAX_QUANTIDADE } from '@rango/domain';
import type { ItemGravado, PedidoGravado, Produto } from '@rango/domain';
import { centavos } from './api.ts';
import type { IfoodItem, IfoodPedido } from './api.ts';

/** iFood's payment methods, as the attendant reads them. */
const METODO: Record<string, string> = {
  CASH: 'Dinheiro',
  CREDIT: 'Cartão de crédito',
  DEBIT: 'Cartão de débito',
  MEAL_VOUCHER: 'Vale-refeição',
  FOOD_VOUCHER: 'Vale-alimentação',
  PIX: 'PIX',
  DIGITAL_WALLET: 'Carteira digital',
};

const texto = (v: string | null | undefined, max: number) => (v ?? '').trim().slice(0, max);
const digitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '').slice(0, 20);
const unidades = (q: number) => Math.min(MAX_QUANTIDADE, Math.max(1, Math.ceil(Number.isFinite(q) ? q : 1)));

/** Rango's product for an iFood item: its externalCode is the product id (how the menu is published there). */
function produtoDe(item: IfoodItem, produtos: ReadonlyMap<number, Produto>): Produto | undefined {
  const codigo = (item.externalCode ?? '').trim();
  if (!/^\d{1,9}$/.test(codigo)) return undefined;
  return produtos.get(Number(codigo));
}

function item(i: IfoodItem, produtos: ReadonlyMap<number, Produto>): ItemGravado {
  const produto = produtoDe(i, produtos);
  const opcoesRango = new Map(
    (produto?.grupoopcoes ?? []).flatMap((g) => g.opcoes.map((o) => [String(o.idopcao), { o, g }] as const)),
  );
  const opcoes = (i.options ?? []).map((o) => {
    const achada = opcoesRango.get((o.externalCode ?? '').trim());
    return {
      grupo: achada?.g.idgrupoopcao ?? 0,
      sub: {
        opcao_id: achada?.o.idopcao ?? 0,
        descricao: texto(o.groupName ? `${o.name}` : o.name, MAX_DESCRICAO) || 'Opção',
        preco_unit: centavos(o.unitPrice),
        preco_total: centavos(o.price),
        quantidade: unidades(o.quantity),
        quantidade_adicionada: 0,
        ajuste: 0 as const,
        ...(achada ? {} : { nao_cadastrado: true }),
      },
    };
  });
  // Options grouped as Rango's groups (unknown ones together, group 0).
  const grupos = new Map<number, (typeof opcoes)[number]['sub'][]>();
  for (const o of opcoes) grupos.set(o.grupo, [...(grupos.get(o.grupo) ?? []), o.sub]);
  const naoCadastrado = !produto || opcoes.some((o) => o.sub.opcao_id === 0);
  return {
    produto_id: produto?.idproduto ?? 0,
    descricao: texto(i.name, MAX_DESCRICAO) || 'Item',
    quantidade: unidades(i.quantity),
    preco_unit: centavos(i.unitPrice),
    preco_total: centavos(i.totalPrice),
    ajuste: 0,
    observacoes: texto(i.observations, MAX_OBSERVACOES),
    subitens: [...grupos].map(([grupoopcao_id, sub_subitens]) => ({
      grupoopcao_id,
      stprecopraticado: 0,
      sub_subitens,
    })),
    ...(naoCadastrado ? { nao_cadastrado: true } : {}),
  };
}

/**
 * iFood's payments as Rango stores them, one entry per method: a method paid on iFood (ONLINE)
 * is `pre_pago`; one to collect (OFFLINE) is not, with its own value — an order partly paid on
 * iFood (a voucher, a coupon of iFood's) is collected only for the rest — and cash carries the
 * amount to bring change for (`changeFor`), when above what is collected in cash.
 */
function pagamentosDo(p: IfoodPedido, tipo: 'DELIVERY' | 'TOGO', total: number): PedidoGravado['pagamentos'] {
  const quando = tipo === 'DELIVERY' ? 'cobrar na entrega' : 'cobrar na retirada';
  const metodos = (p.payments?.methods ?? []).filter((m) => m && typeof m.method === 'string');
  if (metodos.length === 0) {
    const pendente = centavos(p.payments?.pending);
    return [
      {
        descricaoFormaPgto: pendente > 0 ? `Pagamento (${quando})` : 'Pago no iFood',
        formapgto_id: 0,
        formapgto_sttipopgto: -1,
        pre_pago: pendente === 0,
        tipo: null,
        troco_para: null,
        valor: pendente > 0 ? pendente : total,
        cartao: null,
      },
    ];
  }
  return metodos.map((m) => {
    const online = m.type === 'ONLINE';
    const nome = METODO[m.method] ?? m.method;
    const dinheiro = !online && m.method === 'CASH';
    const valor = centavos(m.value);
    const troco = dinheiro ? centavos(m.cash?.changeFor) : 0;
    return {
      descricaoFormaPgto: (online ? `Pago no iFood (${nome})` : `${nome} (${quando})`).slice(0, 100),
      formapgto_id: 0,
      formapgto_sttipopgto: dinheiro ? 0 : -1,
      pre_pago: online,
      tipo: null,
      troco_para: dinheiro && troco > valor ? troco : null,
      valor,
      cartao: m.card?.brand ? { bandeira: m.card.brand, numero: '' } : null,
    };
  });
}

/**
 * iFood's order as Rango stores it: prices as iFood charged them (cents), no re-pricing; payment
 * as iFood says (paid on iFood, or to collect on delivery, with change for cash); an item whose
 * externalCode is not one of the store's products kept as its text, flagged `nao_cadastrado`.
 */
export function pedidoDoIfood(
  p: IfoodPedido,
  idestabelecimento: number,
  produtos: ReadonlyMap<number, Produto>,
): PedidoGravado {
  const tipo = p.orderType === 'DELIVERY' ? 'DELIVERY' : 'TOGO';
  const total = centavos(p.total.orderAmount);
  const end = p.delivery?.deliveryAddress;
  const numero = Number.parseInt(digitos(p.displayId).slice(-4), 10);
  return {
    pedido_id: `ifood:${p.id}`,
    entregue_as:
      p.orderTiming === 'SCHEDULED' && p.schedule?.deliveryDateTimeStart
        ? new Date(p.schedule.deliveryDateTimeStart).toISOString()
        : null,
    ajuste: 0,
    desconto: centavos(p.total.benefits),
    cliente: {
      cpf: null,
      external_id: null,
      nome: texto(p.customer?.name, 200) || 'Cliente iFood',
      telefone: digitos(p.customer?.phone?.number),
      endereco:
        tipo === 'DELIVERY' && end
          ? {
              id: 0,
              cep: digitos(end.postalCode),
              rua: texto(end.streetName ?? end.formattedAddress, 200),
              numero: texto(end.streetNumber, 20),
              bairro: texto(end.neighborhood, 100),
              cidade: texto(end.city, 100),
              uf: texto(end.state, 2),
              complemento: end.complement ? texto(end.complement, 200) : null,
              detalhe: end.reference ? texto(end.reference, 200) : null,
            }
          : null,
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: idestabelecimento,
    itens: p.items.map((i) => item(i, produtos)),
    observacoes: texto(p.extraInfo, MAX_OBSERVACOES),
    numero_pedido: Number.isNaN(numero) ? 0 : numero,
    origem: 'ifood',
    pagamentos: pagamentosDo(p, tipo, total),
    previsaoentregamax: 0,
    previsaoentregamin: 0,
    subtotal: centavos(p.total.subTotal),
    taxa_entrega: tipo === 'DELIVERY' ? centavos(p.total.deliveryFee) : null,
    tipo,
    total,
    endereco_togo: null,
    codigo_cupom: null,
    cupom: null,
    abono_taxa_entrega: null,
    // Delivered by iFood's courier (deliveredBy IFOOD, the default) or the restaurant's own.
    ...(tipo === 'DELIVERY'
      ? { entrega_por: p.delivery?.deliveredBy === 'MERCHANT' ? ('loja' as const) : ('ifood' as const) }
      : {}),
  };
}
