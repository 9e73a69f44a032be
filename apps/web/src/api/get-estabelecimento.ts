import { estabelecimentoDetalheSchema, type EstabelecimentoDetalhe } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../lib/api-client.ts';

/** GET /controle/estabelecimento/{id}/ — header, hours, store switch, minimum order. */
export function getEstabelecimento(id: number, signal?: AbortSignal): Promise<EstabelecimentoDetalhe> {
  return apiGet(`/controle/estabelecimento/${id}/`, estabelecimentoDetalheSchema, signal);
}

/** Retry network and server errors twice; a 4xx (unknown establishment) answers at once. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return failureCount < 2;
}

export function getEstabelecimentoQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['estabelecimento', id],
    queryFn: ({ signal }) => getEstabelecimento(id, signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

export function useEstabelecimento(id: number, enabled = true) {
  return useQuery({ ...getEstabelecimentoQueryOptions(id), enabled });
}
