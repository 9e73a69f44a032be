/** Open Delivery's calls (issue 24 part 3): the paths live here only. */
import { credencialComSegredoSchema, opendeliverySchema } from '@rango/domain/painel/opendelivery';
import { queryOptions } from '@tanstack/react-query';
import { estPath, painelDelete, painelGet, painelPost } from '../../api/client.ts';

const base = (id: number, resto = '') => estPath(id, `opendelivery/${resto}`);

export const openDeliveryQuery = (id: number) =>
  queryOptions({
    queryKey: ['painel', id, 'opendelivery'] as const,
    queryFn: ({ signal }) => painelGet(base(id), opendeliverySchema, signal),
    // The POS's last poll and acknowledgements follow as it polls.
    refetchInterval: 15_000,
  });

export const criarCredencial = (id: number) =>
  painelPost(base(id, 'credenciais/'), {}, credencialComSegredoSchema);
export const revogarCredencial = (id: number, idcredencial: number) =>
  painelDelete(base(id, `credenciais/${idcredencial}/`));
