import { enderecoSchema, type Endereco, type EnderecoValido } from '@rango/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateEnderecos } from './invalidate.ts';

/** The body of POST and PUT: the form's fields, idtipoendereco always 1 (spec section 3). */
export const enderecoBody = (e: EnderecoValido) => ({
  cep: e.cep,
  numero: e.numero,
  rua: e.rua,
  bairro: e.bairro,
  cidade: e.cidade,
  uf: e.uf,
  complemento: e.complemento ?? '',
  detalhe: e.detalhe ?? '',
  idtipoendereco: 1 as const,
});

/** POST /controle/endereco/ → the saved address. */
export function createEndereco(endereco: EnderecoValido): Promise<Endereco> {
  return apiRequest('/controle/endereco/', enderecoSchema, { method: 'POST', body: enderecoBody(endereco) });
}

export function useCreateEndereco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndereco,
    onSuccess: () => invalidateEnderecos(queryClient),
  });
}
