/** The sales report (issue 12): GET …/relatorio/?de=&ate= (owner) and its CSV …/relatorio.csv. */
import { relatorioSchema, type Relatorio } from '@rango/domain/painel/relatorio';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { estPath, painelGet, painelGetBlob } from '../../api/client.ts';

export const relatorioPath = (de: string, ate: string, csv = false) =>
  `relatorio${csv ? '.csv' : '/'}?de=${encodeURIComponent(de)}&ate=${encodeURIComponent(ate)}`;

export const getRelatorioQueryOptions = (idest: number, de: string, ate: string) =>
  queryOptions({
    queryKey: ['painel', idest, 'relatorio', de, ate] as const,
    queryFn: ({ signal }): Promise<Relatorio> =>
      painelGet(estPath(idest, relatorioPath(de, ate)), relatorioSchema, signal),
    // Another period keeps the last figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useRelatorio = (idest: number, periodo: { de: string; ate: string } | null) =>
  useQuery({
    ...getRelatorioQueryOptions(idest, periodo?.de ?? '', periodo?.ate ?? ''),
    enabled: periodo !== null,
  });

/** Downloads the period's CSV as the browser's own file download. */
export async function baixarRelatorioCsv(idest: number, de: string, ate: string): Promise<void> {
  const blob = await painelGetBlob(estPath(idest, relatorioPath(de, ate, true)));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `relatorio-${de}-a-${ate}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
