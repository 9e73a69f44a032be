import { areasEntregaSchema, type AreaEntrega } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getEstabelecimentoQueryOptions, retryUnlessClientError } from '../../../api/get-estabelecimento.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/estabelecimento/{id}/areas_entrega/ — the delivery circles (empty: fees by bairro). */
export function getAreasEntrega(id: number, signal?: AbortSignal): Promise<AreaEntrega[]> {
  return apiGet(`/api/estabelecimento/${id}/areas_entrega/`, areasEntregaSchema, signal);
}

export function getAreasEntregaQueryOptions(id: number) {
  return queryOptions({
    // Under the establishment's key: public data, refreshed with the rest after a 1101 refusal.
    queryKey: [...getEstabelecimentoQueryOptions(id).queryKey, 'areas_entrega'],
    queryFn: ({ signal }) => getAreasEntrega(id, signal),
    staleTime: 60_000,
    retry: retryUnlessClientError,
  });
}

export function useAreasEntrega(id: number, enabled = true) {
  return useQuery({ ...getAreasEntregaQueryOptions(id), enabled });
}
