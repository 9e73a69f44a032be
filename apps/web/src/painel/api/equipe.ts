/** The team (owner only): GET/POST …/equipe/, DELETE …/equipe/{idfuncionario}/. */
import { equipeSchema, type ConviteInput, type Equipe } from '@rango/domain/painel';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estPath, painelDelete, painelGet, painelPost } from './client.ts';

const membroSchema = equipeSchema.def.element;
export type Membro = Equipe[number];

export const getEquipe = (idest: number, signal?: AbortSignal): Promise<Equipe> =>
  painelGet(estPath(idest, 'equipe/'), equipeSchema, signal);

export const getEquipeQueryOptions = (idest: number) =>
  queryOptions({
    queryKey: ['painel', idest, 'equipe'] as const,
    queryFn: ({ signal }) => getEquipe(idest, signal),
  });

export const useEquipe = (idest: number) => useQuery(getEquipeQueryOptions(idest));

/** Invites by e-mail (or gives the role to someone who already works elsewhere). */
export function useConvidar(idest: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ConviteInput): Promise<Membro> =>
      painelPost(estPath(idest, 'equipe/'), input, membroSchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: getEquipeQueryOptions(idest).queryKey }),
  });
}

export function useRemoverMembro(idest: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (idfuncionario: number) => painelDelete(estPath(idest, `equipe/${idfuncionario}/`)),
    onSuccess: (_r, idfuncionario) => {
      const key = getEquipeQueryOptions(idest).queryKey;
      qc.setQueryData(key, (lista) => lista?.filter((m) => m.id !== idfuncionario));
      return qc.invalidateQueries({ queryKey: key });
    },
  });
}
