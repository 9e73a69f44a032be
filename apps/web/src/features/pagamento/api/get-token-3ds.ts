import { token3dsSchema } from '@rango/domain';
import type { Token3ds } from '@rango/domain';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * A fresh token for each authentication (it is short-lived and names the order's attempt), so it
 * is fetched on 'Finalizar' and never cached.
 */
export function getToken3ds(signal?: AbortSignal, idestabelecimento?: number): Promise<Token3ds> {
  // The order's establishment: its payment account authenticates the debit it charges (issue 23).
  const q = idestabelecimento === undefined ? '' : `?estabelecimento=${idestabelecimento}`;
  return apiGet(`/controle/3ds/token/${q}`, token3dsSchema, signal);
}
