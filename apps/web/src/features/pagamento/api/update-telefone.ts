import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { clienteQueryOptions } from '../../../api/cliente.ts';
import { apiRequest } from '../../../lib/api-client.ts';

// The answer is not read: the customer query is refetched after the save.
const ignorado = z.unknown();

/** PATCH /controle/cliente/{id}/ with the phone only (digits), as the profile saves it. */
export async function updateTelefone({ id, telefone }: { id: number; telefone: string }): Promise<void> {
  await apiRequest(`/controle/cliente/${id}/`, ignorado, { method: 'PATCH', body: { telefone } });
}

export function useUpdateTelefone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTelefone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clienteQueryOptions().queryKey }),
  });
}
