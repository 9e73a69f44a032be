/** The spec's texts for accounts and addresses (sections 4, 5, 8), word for word. */
export const MSG_CONTA = {
  // Sign-up, login, reset, recovery (section 5)
  nomeObrigatorio: 'Seu nome é obrigatório.',
  emailObrigatorio: 'O email é obrigatório.',
  emailInvalido: 'Digite um email válido.',
  emailColado: 'Você precisa digitar o email.',
  telefoneObrigatorio: 'Telefone é obrigatório',
  telefoneInvalido: 'Telefone deve ter o DDD e 8 dígitos (fixo) ou 9 dígitos (celular)!',
  senhaObrigatoria: 'A senha é obrigatória.',
  senhaCurta: 'Mínimo de 4 caracteres.',
  confirmeSenha: 'Por favor, confirme sua senha!',
  senhasNaoCombinam: 'As duas senhas não combinam!',
  // Profile (section 5)
  cpfInvalido: 'O CPF precisa ter 11 dígitos.',
  // Session and auth flows (sections 4, 8)
  logout: 'Você fez logout!',
  sessaoExpirada: 'Sua sessão expirou, para continuar é preciso fazer login navamente.',
  socialFalhouTitulo: 'Não consegui dessa vez',
  socialFalhou: 'Vamos tentar de novo?',
  recuperacaoFalhou: 'Tente Novamente',
  cadastroSucesso: 'Sucesso!!',
  resetSolicitado: 'Falta Pouco',
  senhaAlterada: 'Senha alterada com sucesso!',
  confirmacaoSucesso: 'Tudo certo!!',
  confirmacaoFalhou: 'Algo deu errado...',
  // Profile (section 8)
  dadosAtualizados: 'Dados atualizados com sucesso.',
  erroAtualizarDados: 'Erro ao atualizar os dados.',
  contaExcluida: 'Conta excluída com sucesso.',
  erroExcluirConta: 'Erro ao tentar excluir a conta.',
  erroObterDados: 'Erro ao tentar obter os dados. Tente novamente recarregando a página.',
  // Addresses (sections 2, 5, 8)
  escolhaEndereco: 'Escolha o endereço de entrega',
  campoObrigatorio: 'Campo obrigatório.',
  ufDuasLetras: 'Sigla da UF deve ter duas letras',
  enderecoSalvo: 'Endereço salvo com sucesso.',
  erroSalvarEndereco: 'Erro ao tentar salvar o endereço.',
  enderecoRemovido: 'Endereço removido com sucesso.',
  erroExcluirEndereco: 'Erro ao tentar excluir o endereço.',
  erroObterEndereco: 'Erro ao obter o endereço.',
  cepNaoEncontrado: (cep: string) => `O endereço com o CEP ${cep} não foi encontrado.`,
  naoFoiPossivelCadastrarEndereco:
    'Não foi possível cadastrar o endereço, verifique sua cidade, estado e bairro, e tente novamente!',
  erroLocalizarEndereco:
    'Erro ao tentar localizar o endereço. Tente novamente selecionando o endereço novamente.',

  // Ours (the spec is silent): texts of server refusals and limits, in the same voice.
  textoLongo: 'Texto muito longo.',
  textoInvalido: 'Texto com caracteres inválidos.',
  senhaLonga: 'Máximo de 128 caracteres.',
  emailJaCadastrado: 'Já existe uma conta com este email.',
  credenciaisInvalidas: 'Email ou senha incorretos.',
  contaNaoConfirmada:
    'Sua conta ainda não foi confirmada. Abra o link que enviamos para o seu email para confirmá-la.',
  linkInvalido: 'Este link é inválido ou já expirou. Peça um novo.',
  muitasTentativas: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  socialNaoConfigurado: 'O login com esta rede social não está disponível neste site.',
  recuperacaoEnviada:
    'Se houver uma conta com este email, enviamos um link para você criar uma nova senha. Confira sua caixa de entrada.',
  cadastroEnviado: 'Enviamos um link de confirmação para o seu email. Abra-o para ativar sua conta.',
} as const;
