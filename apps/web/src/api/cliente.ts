/**
 * The logged-in customer (GET /controle/cliente/: a list whose first element is the customer).
 * Shared by the shell's user menu, the profile page and checkout, so one query key serves all;
 * a mutation invalidates with `clienteQueryOptions().queryKey`.
 */
import { clientesSchema } from '@rango/domain';
import type { Cliente } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { useIsLoggedIn } from '../stores/session.ts';

export async function getCliente(signal?: AbortSignal): Promise<Cliente | null> {
  const lista = await apiGet('/controle/cliente/', clientesSchema, signal);
  return lista[0] ?? null;
}

export const clienteQueryOptions = () =>
  queryOptions({
    queryKey: ['cliente'] as const,
    queryFn: ({ signal }) => getCliente(signal),
    staleTime: 60_000,
  });

/** The customer while logged in; disabled (data undefined) for a visitor. */
export function useCliente() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...clienteQueryOptions(), enabled: loggedIn });
}
