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

  // Checkout (sections 2, 5, 9)
  finalizar: 'Finalizar',
  tipoEntrega: 'Tipo de entrega',
  observacoes: 'Observações',
  pagarOnline: 'Pagar online',
  pagarNaEntrega: 'Pagar na entrega',
  horarioInvalido: 'Horário inválido',
  entregaGratis: 'Entrega Grátis',
  /** Spec section 5, with the minimum as the app displays money. */
  pedidoMinimoTexto: (minimo: string) =>
    `O pedido mínimo para essa loja é de ${minimo} (sem contar a taxa de entrega).`,
  // Ours (the spec is silent on these texts).
  trocoObrigatorio: 'Informe para quanto precisa de troco.',
  trocoMaiorQueTotal: 'O valor para troco precisa ser maior que o total do pedido.',
  /** Above MAX_CENTS (R$ 1.000.000,00), the most the server takes for an amount. */
  trocoAltoDemais: 'O valor para troco é alto demais.',
  /** The fee for the chosen address, on the way or failed (also said when 'Finalizar' is pressed then). */
  taxaCalculando: 'Calculando a taxa de entrega…',
  taxaNaoCalculada: 'Não foi possível calcular a taxa de entrega.',
  tipoEntregaObrigatorio: 'Escolha o tipo de entrega.',
  enderecoObrigatorio: 'Escolha o endereço de entrega.',
  localEntregaObrigatorio: 'Escolha o local de entrega.',
  formaPgtoObrigatoria: 'Escolha a forma de pagamento.',
  formaPgtoInvalida: 'Forma de pagamento indisponível para este estabelecimento.',
  /** Ours (issue 12): the owner offers this method online only. */
  formaPgtoNaoAceitaNaEntrega: 'Forma de pagamento não aceita para pagamento na entrega.',
  enderecoInvalido: 'Endereço não encontrado.',
  valorPagamentoInvalido: 'O valor do pagamento não confere com o total do pedido.',
  // Ours, on the checkout page.
  dataObrigatoria: 'Escolha o dia.',
  horarioObrigatorio: 'Escolha o horário.',
  lojaFechadaAgendar:
    'A loja está fechada agora. Você pode agendar o pedido para um horário de funcionamento.',
  telefoneCheckoutTitulo: 'Confirme seu telefone',
  telefoneCheckoutTexto:
    'Informe um telefone com DDD (10 ou 11 dígitos) para o estabelecimento falar com você sobre o pedido.',
  pedidoNaoEnviadoTitulo: 'Pedido não enviado',
  pedidoNaoEnviado:
    'Não conseguimos falar com o servidor. Seu carrinho e os dados do pagamento continuam aqui: verifique sua internet e tente de novo.',

  // Order submission (section 8): titles and texts, word for word.
  pedidoMinimoTitulo: 'Pedido Mínimo',
  pedidoMinimoPadrao: 'Pedido mínimo da loja não foi atingido',
  pagamentoOnlineTitulo: 'Pagamento Online',
  pagamentoOnlinePadrao: 'Erro inesperado na transação',
  dataExpiracaoInvalida: 'Data de expiração é inválida',
  lojaFechadaTitulo: 'Loja Está Fechada',
  lojaFechadaTexto: 'Infelizmente, a loja está fechada. Você pode tentar novamente mais tarde!',
  pedidoDuplicadoPadrao: 'O restaurante já recebeu esse pedido',
  limparCarrinho: 'Limpar Carrinho',
  opsTitulo: 'Ops!',
  opsTexto: 'Tivemos um probleminha, tente novamente depois',
  naoFoiPossivelFinalizar: 'Não foi possível finalizar o pedido',

  // Orders (sections 2, 4, 8)
  pendentes: 'Pendentes',
  concluidos: 'Concluídos',
  semPendentes: 'Você não possui pedidos pendentes.',
  semConcluidos: 'Você ainda não possui algum pedido concluído.',
  problemaComPedido: (referencia: string) => `PROBLEMA COM O PEDIDO #${referencia}`,
  erroExibirPedido: 'Houve um erro ao tentar exibir as informações.',
  erroObterPedido: 'Ocorreu um erro ao tentar obter os dados do pedido.',
  erroPendentes: 'Erro ao tentar obter os pedidos pendentes.',
  erroConcluidos: 'Erro ao tentar obter os pedidos concluídos.',
  erroQrCode: 'Houve um problema ao tentar obter o QRCode para o pagamento.',
  erroCupomPedido: 'Não foi possível exibir o cupom do pedido…',
  continuarComprando: 'Continuar comprando',
  pagamentoPendenteUm: 'Você possui um pedido com pagamento pendente.',
  pagamentoPendenteUmAcao: 'Clique aqui para concluir o pagamento.',
  pagamentoPendenteVarios: 'Você possui pedidos com pagamento pendente.',
  pagamentoPendenteVariosAcao:
    'Clique aqui para ser redirecionado à página de pedidos e concluir o pagamento.',
  nenhumMeioPagamento: 'Nenhum meio de pagamento configurado.',
  // Ours (orders pages; the spec is silent on these texts).
  meusPedidos: 'Meus Pedidos',
  acompanharPedido: 'Acompanhar pedido',
  recarregarPagina: 'Tente novamente recarregando a página.',
  tentarNovamente: 'Tentar novamente',
  carregarMais: 'Carregar mais',
  pedidoNaoEncontrado: 'Pedido não encontrado',
  pedidoNaoEncontradoTexto: 'Este pedido não existe ou não é da sua conta.',
  semTelefone: 'O estabelecimento não informou um telefone para contato.',
  verCupom: 'Ver cupom',
  cupomDoPedido: (referencia: string) => `Cupom do pedido #${referencia}`,
  imprimir: 'Imprimir',

  // Online payments on the tracking page (spec sections 4, 8), word for word.
  autenticacaoNegadaDebito: 'Autenticação negada para o pagamento em débito.',
  pagamentoEfetuado: 'Pagamento efetuado com sucesso.',
  pagamentoNaoEfetuado: 'Pagamento não efetuado.',
  // Ours (the spec is silent on these texts).
  debitoPendenteTitulo: 'Pagamento em débito',
  debitoPendenteTexto: 'Para concluir o pagamento, confirme a compra na página de autenticação do seu banco.',
  autenticarPagamento: 'Autenticar pagamento',
  autenticacaoDebitoTitulo: 'Autenticação do pagamento em débito',
  paginaBancoTitulo: 'Página de autenticação do banco',
  debitoAprovado: 'Pagamento em débito aprovado.',
  // A credit card the bank asked to authenticate (Mercado Pago's 3-D Secure, issue 23).
  autenticacaoNegadaCredito: 'Autenticação negada para o pagamento com cartão de crédito.',
  creditoPendenteTitulo: 'Pagamento com cartão de crédito',
  autenticacaoCreditoTitulo: 'Autenticação do pagamento com cartão de crédito',
  creditoAprovado: 'Pagamento com cartão de crédito aprovado.',
  pixTitulo: 'Pagamento via PIX',
  pixInstrucoes:
    'No app do seu banco, escolha pagar com PIX e escaneie o QR Code ou use o código copia e cola.',
  pixInstrucoesCelular: 'Copie o código e cole no app do seu banco, na opção PIX copia e cola.',
  pixQrCodeAlt: 'QR Code do pagamento PIX',
  pixCodigoRotulo: 'Código PIX copia e cola',
  copiarCodigo: 'Copiar código',
  codigoPixCopiado: 'Código PIX copiado.',
  codigoPixNaoCopiado: 'Não foi possível copiar o código.',
  copieCodigoAbaixo: 'Copie o código abaixo',
  /** The PIX charge's expiry, e.g. 'Expira às 19:30' (or with the date when not today). */
  pixExpira: (quando: string) => `Expira ${quando}`,
  pixAguardando: 'Aguardando o pagamento. Esta página é atualizada sozinha.',
  /** The sandbox gateway's 'bank app' (demo installs only). */
  pixPagarNoSandbox: 'Pagar no banco sandbox (ambiente de testes)',
  verificacaoFalhou: 'Não foi possível verificar o pagamento agora. Tentando de novo…',
  /** A cancelled order's online payment, given back (with the amount as the app displays money). */
  valorEstornado: (valor: string) => `O valor pago (${valor}) foi estornado.`,
  estornoPendente: 'Estorno em andamento.',
  nadaCobrado: 'Nenhum valor foi cobrado.',

  // 'Pagar online' at checkout (issue 5). Ours (the spec is silent on these texts).
  meioPagamentoOnline: 'Meio de pagamento online',
  nenhumMeioPagamentoOnline: 'Este estabelecimento não aceita pagamento online. Escolha "Pagar na entrega".',
  nenhumMeioPagamentoNaEntrega:
    'Este estabelecimento não aceita pagamento na entrega. Escolha "Pagar online".',
  cartoesSalvos: 'Cartões salvos',
  novoCartao: 'Novo cartão',
  carregandoCartoes: 'Carregando os cartões salvos…',
  cartaoObrigatorio: 'Escolha um cartão salvo ou "Novo cartão".',
  debitoExplicacao: 'Débito com Mastercard ou Visa. Ao finalizar, seu banco pode pedir uma confirmação.',
  pixExplicacao:
    'Ao finalizar, mostramos o QR Code e o código PIX copia e cola na página do pedido. O pedido segue para o estabelecimento assim que o pagamento for confirmado.',
  validandoCartao: 'Validando o cartão…',
  autenticandoDebito: 'Autenticando o cartão de débito…',
  autenticacaoDebitoErro: 'Não foi possível autenticar o cartão de débito. Tente novamente.',
  /** Beside 'Local de entrega' while paying on delivery (spec section 9). */
  locaisSoComOnline: 'Outros locais ficam disponíveis com o pagamento online.',
} as const;
