/** GET/PUT …/config/: the panel's settings (alert thresholds, acceptance limit, auto-accept, default estimate). */
import { painelConfigSchema, type PainelConfig } from '@rango/domain/painel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { estPath, painelGet } from './client.ts';

export const getConfigPainel = (idest: number, signal?: AbortSignal): Promise<PainelConfig> =>
  painelGet(estPath(idest, 'config/'), painelConfigSchema, signal);

export const getConfigPainelQueryOptions = (idest: number) =>
  queryOptions({
    queryKey: ['painel', idest, 'config'] as const,
    queryFn: ({ signal }) => getConfigPainel(idest, signal),
  });

export const useConfigPainel = (idest: number) => useQuery(getConfigPainelQueryOptions(idest));
