/** GET/PUT …/loja/: the store's pause from the panel ('Fechar loja agora', reopening by itself). */
import { lojaPainelSchema, type LojaInput, type LojaPainel } from '@rango/domain/painel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estPath, painelGet, painelPut } from './client.ts';

export const getLoja = (idest: number, signal?: AbortSignal): Promise<LojaPainel> =>
  painelGet(estPath(idest, 'loja/'), lojaPainelSchema, signal);

export const putLoja = (idest: number, input: LojaInput): Promise<LojaPainel> =>
  painelPut(estPath(idest, 'loja/'), input, lojaPainelSchema);

export const getLojaQueryOptions = (idest: number) =>
  queryOptions({
    queryKey: ['painel', idest, 'loja'] as const,
    queryFn: ({ signal }) => getLoja(idest, signal),
    // A reopening time passes without an event: read again each minute (the server computes it).
    refetchInterval: 60_000,
  });

export const useLoja = (idest: number) => useQuery(getLojaQueryOptions(idest));

/** Opens or closes the store; the answer is the new state (another panel learns it from the 'loja' event). */
export function useMudarLoja(idest: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LojaInput) => putLoja(idest, input),
    onSuccess: (loja) => qc.setQueryData(getLojaQueryOptions(idest).queryKey, loja),
  });
}
