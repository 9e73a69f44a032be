/**
 * A deleted customer's orders stay for the restaurant's books, without who placed them: the
 * stored order's name, phone, CPFs, customer uuid, street address and free-text notes are blanked
 * (neighbourhood, city and state stay: the books may count orders by area). Money, items and
 * statuses are untouched. Pure: status.ts `anonimizarPedidosDoCliente` runs it inside the account
 * deletion (modules/customers asks orders for its part).
 */
export function anonimizarPedidoJson(json: string): string {
  const pedido = JSON.parse(json) as Record<string, unknown>;
  const cliente = (pedido.cliente ?? {}) as Record<string, unknown>;
  const endereco = cliente.endereco as Record<string, unknown> | null | undefined;
  pedido.cliente = {
    ...cliente,
    cpf: null,
    external_id: null,
    nome: '',
    telefone: '',
    endereco: endereco
      ? { ...endereco, cep: '', rua: '', numero: '', complemento: null, detalhe: null }
      : (endereco ?? null),
  };
  pedido.cpf_pagador = null;
  // Free text the customer wrote to the restaurant often carries names and directions.
  pedido.observacoes = '';
  if (Array.isArray(pedido.itens)) {
    pedido.itens = (pedido.itens as Record<string, unknown>[]).map((i) => ({ ...i, observacoes: '' }));
  }
  return JSON.stringify(pedido);
}
