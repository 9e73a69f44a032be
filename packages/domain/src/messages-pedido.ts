/**
 * The spec's texts for checkout: delivery fee and coupons (sections 4, 5, 8), word for word, and
 * ours where the spec is silent. Apart from MSG so the menu route's entry does not carry them.
 */
export const MSG_PEDIDO = {
  // Delivery fee (section 4) and checkout (section 5)
  taxaEntregaTitulo: 'Taxa de entrega',
  okEntendi: 'Ok, entendi',
  receberNoEstabelecimento: 'Receber no estabelecimento.',
  naoEntregaNoEndereco: 'Estabelecimento não entrega no endereço escolhido…',
  // Coupon (sections 5, 8)
  insiraCodigo: 'Insira um código.',
  cupomAplicado: 'Cupom aplicado!',
  cupomInvalido: 'Cupom Inválido',
  cupomIndisponivel: 'Cupom indisponível',
  // Ours (the spec is silent): why a coupon is refused, in the same voice.
  cupomNaoEncontrado: 'Cupom não encontrado para este estabelecimento.',
  cupomInativo: 'Este cupom não está mais disponível.',
  cupomNaoIniciado: 'Este cupom ainda não está válido.',
  cupomExpirado: 'Este cupom expirou.',
  cupomEsgotado: 'Este cupom atingiu o limite de usos.',
  cupomLimiteCliente: 'Você já usou este cupom o máximo de vezes permitido.',
  /** Followed by the minimum, e.g. 'Este cupom vale para pedidos a partir de R$ 40,00.' */
  cupomSubtotalMinimo: 'Este cupom vale para pedidos a partir de',
  estabelecimentoInvalido: 'Estabelecimento inválido.',
} as const;
