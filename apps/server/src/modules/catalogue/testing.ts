import type { EstabelecimentoInput } from '@rango/domain/painel/catalogo';

/** A valid POST /painel/estabelecimentos/ body: a new establishment named `nome`. */
export function novoEstabelecimento(
  nome: string,
  extra: Partial<EstabelecimentoInput> = {},
): EstabelecimentoInput {
  return {
    apelidooufantasia: nome,
    nomeourazaosocial: `${nome} Ltda`,
    endereco: {
      rua: 'Rua Augusta',
      numero: '100',
      bairro: 'Consolação',
      complemento: null,
      cep: '01305-000',
      cidade: 'São Paulo',
      uf: 'SP',
    },
    fones: ['(11) 3333-4444'],
    pedidominimo: 2000,
    previsaoentregamin: 30,
    previsaoentregamax: 50,
    ...extra,
  };
}
