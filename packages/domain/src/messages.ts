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
  /** Ours: a request that never reached the server. */
  semConexao: 'Não foi possível conectar ao servidor. Verifique sua internet e tente novamente.',
} as const;
