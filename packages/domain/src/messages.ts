/** The spec's texts, word for word. Screens and the server take their strings from here. */
export const MSG = {
  // Establishment menu (section 2)
  nenhumProduto: 'Nenhum produto encontrado.',
  buscandoProdutos: 'Aguarde, buscando os produtos do estabelecimento.',
  produtoSemDescricao: 'Produto sem descrição.',
  buscarNoCardapio: 'Buscar no cardápio',
  maisInformacoes: 'Mais Informações',
  comentarioPlaceholder: 'Exemplo: Sem verdura, sem mostarda etc.',
  fechado: 'FECHADO',
  oferta: 'OFERTA',
  indisponivelTag: 'INDISPONÍVEL',
  obrigatorio: 'OBRIGATÓRIO',
  // Add item (section 5)
  produtoIndisponivelTitulo: 'Produto indisponível',
  produtoIndisponivel: 'No momento o produto está indisponível.',
  itensObrigatoriosTitulo: 'Itens Obrigatórios',
  itensObrigatorios: 'Você precisa escolher todos os itens obrigatórios para adicionar o produto.',
  estabelecimentoFechado: 'Estabelecimento Fechado',
  semFormaPagamento: 'Sem Forma de Pagamento',
  nenhumMeioPagamento: 'Nenhum meio de pagamento configurado.',
  quantidadeMaximaExcedida: 'Quantidade máxima da opção excedida!',
  // Cart (section 2, 4, 5)
  carrinhoVazioTitulo: 'CARRINHO',
  carrinhoVazio: 'Seu carrinho está sem itens =(',
  finalizarPedido: 'Finalizar pedido',
  // Delivery fee (section 4) and checkout (section 5)
  taxaEntregaTitulo: 'Taxa de entrega',
  okEntendi: 'Ok, entendi',
  receberNoEstabelecimento: 'Receber no estabelecimento.',
  naoEntregaNoEndereco: 'Estabelecimento não entrega no endereço escolhido…',
  // Shell (section 4)
  siteAtualizado: 'Nosso site foi atualizado, talvez você tenha que fazer login novamente',
  aguarde: 'Aguarde...',
  // Error texts (section 8)
  requisicaoMalFormada: 'Requisição mal formada',
  naoAutorizado: 'Não autorizado',
  rotaNaoEncontrada: 'Rota não encontrada',
  semPermissao: 'Sem permissão',
  requisicaoInvalida: 'Requisição inválida',
  probleminha: 'Tivemos um probleminha, tente novamente depois.',
  erroNaoIdentificado: 'Erro não identificado',
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
  /** Ours: a request that never reached the server. */
  semConexao: 'Não foi possível conectar ao servidor. Verifique sua internet e tente novamente.',
} as const;
