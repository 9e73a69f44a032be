import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { ignoredBodySchema } from './ignored-body.ts';

/** DELETE /controle/cliente/{id}/ → 204; the caller then goes to /logout, which clears the session. */
export async function deleteCliente(id: number): Promise<void> {
  await apiRequest(`/controle/cliente/${id}/`, ignoredBodySchema, { method: 'DELETE' });
}

export function useDeleteCliente() {
  return useMutation({ mutationFn: deleteCliente });
}
