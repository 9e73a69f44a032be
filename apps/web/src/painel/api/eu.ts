/** GET /painel/eu/: who is signed in and the establishments they work for, with their role. */
import { staffEuSchema, type StaffEu } from '@rango/domain/painel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { painelGet } from './client.ts';

export const getEu = (signal?: AbortSignal): Promise<StaffEu> =>
  painelGet('/painel/eu/', staffEuSchema, signal);

export const getEuQueryOptions = () =>
  queryOptions({
    queryKey: ['painel', 'eu'] as const,
    queryFn: ({ signal }) => getEu(signal),
    staleTime: 5 * 60_000,
  });

export const useEu = () => useQuery(getEuQueryOptions());
