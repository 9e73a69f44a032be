import { menuSchema, type Menu } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';
import { getEstabelecimentoQueryOptions, retryUnlessClientError } from './get-estabelecimento.ts';

/** GET /api/estabelecimento/{id}/menu/ — the groups and their products. */
export function getMenu(id: number, signal?: AbortSignal): Promise<Menu> {
  return apiGet(`/api/estabelecimento/${id}/menu/`, menuSchema, signal);
}

export function getMenuQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...getEstabelecimentoQueryOptions(id).queryKey, 'menu'],
    queryFn: ({ signal }) => getMenu(id, signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

export function useMenu(id: number, enabled = true) {
  return useQuery({ ...getMenuQueryOptions(id), enabled });
}
