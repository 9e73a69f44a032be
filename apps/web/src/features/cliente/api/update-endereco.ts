import { enderecoSchema, type Endereco, type EnderecoValido } from '@rango/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { enderecoBody } from './create-endereco.ts';
import { invalidateEnderecos } from './invalidate.ts';

/** PUT /controle/endereco/{id}/ → the updated address. */
export function updateEndereco({
  id,
  endereco,
}: {
  id: number;
  endereco: EnderecoValido;
}): Promise<Endereco> {
  return apiRequest(`/controle/endereco/${id}/`, enderecoSchema, {
    method: 'PUT',
    body: enderecoBody(endereco),
  });
}

export function useUpdateEndereco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEndereco,
    onSuccess: () => invalidateEnderecos(queryClient),
  });
}
