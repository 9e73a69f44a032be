/**
 * The texts of cards (spec sections 5 and 8), word for word, and ours where the spec is silent.
 * A module of its own (not messages.ts): the menu route never loads the card screens.
 */
export const MSG_CARTAO = {
  // Card form (section 5)
  numeroTamanho: 'Digite um número de 14 à 16 dígitos.',
  mesObrigatorio: 'Informe o mês.',
  anoObrigatorio: 'Informe o ano.',
  cnpjoucpfInvalido: 'O campo precisa ter 11 ou 14 dígitos.',
  debitoSomenteMasterVisa: 'Para débito, por favor, utilize Mastercard ou Visa.',
  // Saved cards (section 8)
  cartaoRemovido: 'Cartão removido com sucesso.',
  erroExcluirCartao: 'Erro ao tentar excluir o cartão.',
  cartaoSalvo: 'Cartão salvo com sucesso.',
  erroSalvarCartao: 'Erro ao tentar salvar o cartão de crédito.',
  erroObterCartoes: 'Erro ao tentar obter os cartões salvos.',

  // Ours (the spec is silent), in the same voice.
  numeroInvalido: 'Número do cartão inválido.',
  bandeiraNaoReconhecida: 'Bandeira do cartão não reconhecida.',
  /** Discover outside the profile (spec section 5: 'Discover (profile only)'). */
  bandeiraNaoAceita: 'Esta bandeira não é aceita neste pagamento.',
  titularObrigatorio: 'Informe o nome do titular.',
  titularLongo: 'Nome do titular muito longo.',
  textoInvalido: 'Texto com caracteres inválidos.',
  cvvInvalido: 'Digite o código de segurança de 3 ou 4 dígitos.',
  cartaoVencido: 'Cartão vencido.',
  expiracaoInvalida: 'Data de expiração é inválida',
  /** POST /controle/cartao/ without a token or a number. */
  numeroObrigatorio: 'Informe o número do cartão.',
  /** A token the gateway does not know, or another customer's: the same text for both. */
  tokenInvalido: 'Cartão não encontrado. Digite os dados do cartão novamente.',
  /** The tokenisation's access token expired (SOP error 132): the form is simply sent again. */
  tokenizacaoExpirada: 'O tempo para enviar o cartão acabou. Tente novamente.',
  erroTokenizar: 'Não foi possível validar o cartão. Confira os dados e tente novamente.',
  limiteCartoes: (max: number) => `Você já tem ${max} cartões salvos. Exclua um para salvar outro.`,
  nenhumCartao: 'Nenhum cartão salvo.',
} as const;
