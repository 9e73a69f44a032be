/**
 * The owner's ratings (issue 22): GET …/avaliacoes/?nota=&dias=&limit=&offset= and the private
 * reply, PUT …/avaliacoes/{id}/resposta/.
 */
import { AVALIACOES_POR_PAGINA, avaliacaoPainelSchema, avaliacoesPainelSchema } from '@rango/domain/painel';
import type { AvaliacoesPainel, RespostaInput } from '@rango/domain/painel';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estPath, painelGet, painelPut } from '../../api/client.ts';

export interface FiltroAvaliacoes {
  nota: number | null;
  dias: number | null;
  pagina: number;
}

export function avaliacoesPath({ nota, dias, pagina }: FiltroAvaliacoes): string {
  const qs = new URLSearchParams();
  if (nota !== null) qs.set('nota', String(nota));
  if (dias !== null) qs.set('dias', String(dias));
  qs.set('limit', String(AVALIACOES_POR_PAGINA));
  qs.set('offset', String(pagina * AVALIACOES_POR_PAGINA));
  return `avaliacoes/?${qs.toString()}`;
}

const chave = (idest: number) => ['painel', idest, 'avaliacoes'] as const;

export const getAvaliacoesQueryOptions = (idest: number, filtro: FiltroAvaliacoes) =>
  queryOptions({
    queryKey: [...chave(idest), filtro] as const,
    queryFn: ({ signal }): Promise<AvaliacoesPainel> =>
      painelGet(estPath(idest, avaliacoesPath(filtro)), avaliacoesPainelSchema, signal),
    // Another filter or page keeps the list on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useAvaliacoes = (idest: number, filtro: FiltroAvaliacoes) =>
  useQuery(getAvaliacoesQueryOptions(idest, filtro));

export function useResponder(idest: number, idavaliacao: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RespostaInput) =>
      painelPut(estPath(idest, `avaliacoes/${idavaliacao}/resposta/`), input, avaliacaoPainelSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chave(idest) }),
  });
}
