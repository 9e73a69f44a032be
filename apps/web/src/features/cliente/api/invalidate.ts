import type { QueryClient } from '@tanstack/react-query';
import { clienteQueryOptions } from '../../../api/cliente.ts';
import { getEnderecosQueryOptions } from './get-enderecos.ts';

/** After an address changes: the list and the customer (its clienteendereco_set). */
export function invalidateEnderecos(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getEnderecosQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: clienteQueryOptions().queryKey }),
  ]).then(() => undefined);
}
