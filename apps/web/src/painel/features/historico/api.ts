/** The audit log (issue 12): GET …/auditoria/?antes={id}, newest first, 50 per page (owner). */
import { auditoriaSchema, type Auditoria } from '@rango/domain/painel/catalogo';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { estPath, painelGet } from '../../api/client.ts';

export const auditoriaPath = (antes: number | null) =>
  antes === null ? 'auditoria/' : `auditoria/?antes=${antes}`;

export const getAuditoria = (idest: number, antes: number | null, signal?: AbortSignal): Promise<Auditoria> =>
  painelGet(estPath(idest, auditoriaPath(antes)), auditoriaSchema, signal);

export const getAuditoriaQueryOptions = (idest: number) =>
  infiniteQueryOptions({
    queryKey: ['painel', idest, 'auditoria'] as const,
    queryFn: ({ pageParam, signal }) => getAuditoria(idest, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (ultima) => ultima.proximo,
  });

export const useAuditoria = (idest: number) => useInfiniteQuery(getAuditoriaQueryOptions(idest));
