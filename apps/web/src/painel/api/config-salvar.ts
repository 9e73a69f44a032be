/** PUT …/config/ (owner): the panel's settings; the read is in config.ts. */
import { painelConfigSchema, type PainelConfig } from '@rango/domain/painel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estPath, painelPut } from './client.ts';
import { getConfigPainelQueryOptions } from './config.ts';

export const putConfigPainel = (idest: number, config: PainelConfig): Promise<PainelConfig> =>
  painelPut(estPath(idest, 'config/'), config, painelConfigSchema);

/** Saves, and every screen of this tab reading the settings (the queue's alerts) gets the answer. */
export function useSalvarConfigPainel(idest: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (config: PainelConfig) => putConfigPainel(idest, config),
    onSuccess: (config) => qc.setQueryData(getConfigPainelQueryOptions(idest).queryKey, config),
  });
}
