import type { PerfilInput } from '@rango/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clienteQueryOptions } from '../../../api/cliente.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { ignoredBodySchema } from './ignored-body.ts';

/** PATCH /controle/cliente/{id}/ with the profile fields; the customer query is refetched after. */
export async function updateCliente({ id, perfil }: { id: number; perfil: PerfilInput }): Promise<void> {
  await apiRequest(`/controle/cliente/${id}/`, ignoredBodySchema, { method: 'PATCH', body: perfil });
}

export function useUpdateCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCliente,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clienteQueryOptions().queryKey }),
  });
}
