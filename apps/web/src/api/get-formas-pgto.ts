import { formasPgtoSchema, type FormaPgto } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { getEstabelecimentoQueryOptions, retryUnlessClientError } from './get-estabelecimento.ts';

/** GET /api/estabelecimento/{id}/formapgto/ — the payment methods ('Mais Informações', add-item check). */
export function getFormasPgto(id: number, signal?: AbortSignal): Promise<FormaPgto[]> {
  return apiGet(`/api/estabelecimento/${id}/formapgto/`, formasPgtoSchema, signal);
}

export function getFormasPgtoQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...getEstabelecimentoQueryOptions(id).queryKey, 'formapgto'],
    queryFn: ({ signal }) => getFormasPgto(id, signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

export function useFormasPgto(id: number, enabled = true) {
  return useQuery({ ...getFormasPgtoQueryOptions(id), enabled });
}
