import { remocaoSocialSchema, type RemocaoSocial } from '@rango/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /controle/cliente/social/remocao/{codigo}/ — the data deletion request exists (404 if not). */
export function getRemocaoSocial(codigo: string, signal?: AbortSignal): Promise<RemocaoSocial> {
  return apiGet(
    `/controle/cliente/social/remocao/${encodeURIComponent(codigo)}/`,
    remocaoSocialSchema,
    signal,
  );
}

export const getRemocaoSocialQueryOptions = (codigo: string) =>
  queryOptions({
    queryKey: ['conta', 'remocao-social', codigo] as const,
    queryFn: ({ signal }) => getRemocaoSocial(codigo, signal),
    staleTime: Infinity,
    retry: false,
  });

/** Checks `codigo` when there is one; no request without it. */
export function useRemocaoSocial(codigo: string | null) {
  return useQuery({
    ...getRemocaoSocialQueryOptions(codigo ?? ''),
    enabled: codigo !== null && codigo !== '',
  });
}
