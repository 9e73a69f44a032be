/**
 * The signed-in person's pending invitations (GET /painel/convites/, accept or decline each) and
 * leaving an establishment's team (POST …/sair/). Issue 20: an invitation waits for consent.
 */
import { convitesSchema, type Convites } from '@rango/domain/painel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estPath, painelGet, painelPost, semCorpo } from './client.ts';
import { getEuQueryOptions } from './eu.ts';

export type Convite = Convites[number];

export const getConvitesQueryOptions = () =>
  queryOptions({
    queryKey: ['painel', 'convites'] as const,
    queryFn: ({ signal }) => painelGet('/painel/convites/', convitesSchema, signal),
  });

export const useConvites = () => useQuery(getConvitesQueryOptions());

/** Accepts or declines one invitation; the list and the person's establishments are read again. */
export function useResponderConvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idestabelecimento, aceitar }: { idestabelecimento: number; aceitar: boolean }) =>
      painelPost(`/painel/convites/${idestabelecimento}/${aceitar ? 'aceitar' : 'recusar'}/`, {}, semCorpo),
    onSuccess: (_r, { idestabelecimento }) => {
      qc.setQueryData(getConvitesQueryOptions().queryKey, (lista) =>
        lista?.filter((c) => c.idestabelecimento !== idestabelecimento),
      );
      return Promise.all([
        qc.invalidateQueries({ queryKey: getConvitesQueryOptions().queryKey }),
        qc.invalidateQueries({ queryKey: getEuQueryOptions().queryKey }),
      ]);
    },
  });
}

/** Leaves the establishment's team (any member; the last owner is refused with the server's text). */
export function useSairDoEstabelecimento(idest: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => painelPost(estPath(idest, 'sair/'), {}, semCorpo),
    onSuccess: () => qc.invalidateQueries({ queryKey: getEuQueryOptions().queryKey }),
  });
}
