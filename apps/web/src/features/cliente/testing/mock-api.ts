import type { Endereco } from '@rango/domain';

// The API stand-in the features' tests share.
export { mockApi, on, type Call } from '../../../test/mock-api.ts';

export const CEP_HADDOCK = {
  cep: '01414-001',
  logradouro: 'Rua Haddock Lobo',
  bairro: 'Cerqueira César',
  localidade: 'São Paulo',
  uf: 'SP',
};

export function makeEndereco(over: Partial<Endereco> = {}): Endereco {
  return {
    id: 7,
    idtipoendereco: 1,
    cep: '01414-001',
    rua: 'Rua Haddock Lobo',
    numero: '595',
    bairro: 'Cerqueira César',
    cidade: { descricao: 'São Paulo', uf: { sigla: 'SP' } },
    uf: 'SP',
    complemento: null,
    detalhe: null,
    latitude: -23.56,
    longitude: -46.66,
    ...over,
  };
}
