/**
 * One valid cash delivery order built the way the app builds it, from the server's own public
 * answers (menu, establishment, areas, payment methods) and a saved address of the customer,
 * priced by the domain engine. Shared by the load tests: the orders and balancer benchmarks and
 * the production end-to-end test (`@rango/e2e/pedido-api`).
 */
import { randomUUID } from 'node:crypto';
import {
  areasEntregaSchema,
  chooseDeliveryFee,
  defaultGroupChoice,
  enderecoSchema,
  estabelecimentoDetalheSchema,
  formasPgtoSchema,
  isGroupHidden,
  isGroupSatisfied,
  itemPedido,
  menuSchema,
  novoNumeroPedido,
  totaisPedido,
  type PedidoInput,
  type Produto,
  type QuantidadesGrupo,
} from '@rango/domain';

export async function getJson(url: string, token?: string): Promise<unknown> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A choice that satisfies every visible group: the defaults, topped up with the first available options. */
export function escolhasValidas(produto: Produto): Record<number, QuantidadesGrupo> | null {
  const escolhas: Record<number, QuantidadesGrupo> = {};
  for (const g of produto.grupoopcoes) {
    if (isGroupHidden(g)) continue;
    const e: Record<number, number> = { ...defaultGroupChoice(g) };
    for (const o of g.opcoes) {
      if (isGroupSatisfied(g, e)) break;
      if (o.stindisponivel === 0 && !e[o.idopcao]) e[o.idopcao] = 1;
    }
    if (!isGroupSatisfied(g, e)) return null;
    if (Object.keys(e).length > 0) escolhas[g.idgrupoopcao] = e;
  }
  return escolhas;
}

/** Builds one valid delivery order the way the app does, from the server's own public answers. */
export async function montarPedidoApi(
  baseUrl: string,
  token: string,
  idestabelecimento = 1,
): Promise<PedidoInput> {
  const api = `${baseUrl}/api/ead`;
  const [menuRaw, detalheRaw, areasRaw, formasRaw] = await Promise.all([
    getJson(`${api}/api/estabelecimento/${idestabelecimento}/menu/`),
    getJson(`${api}/controle/estabelecimento/${idestabelecimento}/`),
    getJson(`${api}/api/estabelecimento/${idestabelecimento}/areas_entrega/`),
    getJson(`${api}/api/estabelecimento/${idestabelecimento}/formapgto/`),
  ]);
  const menu = menuSchema.parse(menuRaw);
  const detalhe = estabelecimentoDetalheSchema.parse(detalheRaw);
  const areas = areasEntregaSchema.parse(areasRaw);
  const dinheiro = formasPgtoSchema.parse(formasRaw).find((f) => f.sttipopgto === 0);
  if (!dinheiro) throw new Error('o estabelecimento não aceita dinheiro');

  const res = await fetch(`${api}/controle/endereco/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      idtipoendereco: 1,
      cep: '01414-001',
      rua: 'Rua Haddock Lobo',
      numero: '100',
      bairro: 'Cerqueira César',
      cidade: 'São Paulo',
      uf: 'SP',
      complemento: '',
      detalhe: '',
    }),
  });
  if (!res.ok) throw new Error(`endereço: ${res.status} ${await res.text()}`);
  const endereco = enderecoSchema.parse(await res.json());
  const taxa = chooseDeliveryFee({
    areas,
    taxasentrega: detalhe.taxaentrega_set,
    endereco: { ...endereco, cidade: endereco.cidade.descricao },
  });
  if (!taxa.entrega) throw new Error(`sem entrega no endereço do benchmark: ${taxa.motivo}`);

  // Four products with option groups where possible: the re-pricing is the point.
  const produtos = menu.grupos
    .flatMap((g) => g.produtos)
    .filter((p) => p.stindisponivel === 0)
    .sort((a, b) => b.grupoopcoes.length - a.grupoopcoes.length);
  const itens = [];
  for (const p of produtos) {
    const escolhas = escolhasValidas(p);
    if (escolhas === null) continue;
    itens.push(itemPedido(p, { quantidade: 1 + (itens.length % 2), escolhas }, ''));
    if (itens.length === 4) break;
  }
  const t = totaisPedido({ itens, taxaCents: taxa.taxaCents, abonoCents: taxa.abonoCents, cupom: null });
  return {
    pedido_id: randomUUID(),
    entregue_as: null,
    ajuste: 0,
    desconto: t.desconto,
    cliente: {
      cpf: null,
      external_id: null,
      nome: 'Bench',
      telefone: '11987654321',
      endereco: { id: endereco.id },
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: idestabelecimento,
    itens,
    observacoes: '',
    numero_pedido: novoNumeroPedido(),
    origem: 'WEB',
    pagamentos: [
      {
        cartao: null,
        descricaoFormaPgto: dinheiro.descricao,
        formapgto_id: dinheiro.idformapgto,
        formapgto_sttipopgto: dinheiro.sttipopgto,
        pre_pago: false,
        tipo: null,
        troco_para: (Math.floor(t.total / 10_000) + 1) * 10_000,
        valor: t.total,
      },
    ],
    previsaoentregamax: detalhe.previsaoentregamax,
    previsaoentregamin: detalhe.previsaoentregamin,
    subtotal: t.subtotal,
    taxa_entrega: t.taxa_entrega,
    tipo: 'DELIVERY',
    total: t.total,
    endereco_togo: 'Quero encontrar o entregador.',
    codigo_cupom: null,
    abono_taxa_entrega: taxa.abonoCents,
  };
}
