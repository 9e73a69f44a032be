import { token3dsSchema } from '@rango/domain';
import type { Token3ds } from '@rango/domain';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * A fresh token for each authentication (it is short-lived and names the order's attempt), so it
 * is fetched on 'Finalizar' and never cached.
 */
export function getToken3ds(signal?: AbortSignal): Promise<Token3ds> {
  return apiGet('/controle/3ds/token/', token3dsSchema, signal);
}
