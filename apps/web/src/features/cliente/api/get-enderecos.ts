import { enderecosSchema, type Endereco } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { useIsLoggedIn } from '../../../stores/session.ts';

/** GET /controle/endereco/ — the customer's saved addresses. */
export function getEnderecos(signal?: AbortSignal): Promise<Endereco[]> {
  return apiGet('/controle/endereco/', enderecosSchema, signal);
}

export function getEnderecosQueryOptions() {
  return queryOptions({
    queryKey: ['enderecos'] as const,
    queryFn: ({ signal }) => getEnderecos(signal),
    staleTime: 60_000,
  });
}

/** The saved addresses while logged in; disabled for a visitor. */
export function useEnderecos() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...getEnderecosQueryOptions(), enabled: loggedIn });
}
