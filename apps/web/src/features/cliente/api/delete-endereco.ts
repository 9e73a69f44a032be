import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateEnderecos } from './invalidate.ts';
import { ignoredBodySchema } from './ignored-body.ts';

/** DELETE /controle/endereco/{id}/ → 204. */
export async function deleteEndereco(id: number): Promise<void> {
  await apiRequest(`/controle/endereco/${id}/`, ignoredBodySchema, { method: 'DELETE' });
}

export function useDeleteEndereco() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEndereco,
    onSuccess: () => invalidateEnderecos(queryClient),
  });
}
