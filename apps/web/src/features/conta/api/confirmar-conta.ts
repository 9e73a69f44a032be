import { apiPost } from '../../../lib/api-client.ts';
import { detailSchema, type DetailAnswer } from './detail.ts';

/** POST /controle/cliente/{uuid}/confirmar/{token}/ — 200 or 400, both with `detail`. */
export function confirmarConta(clienteUuid: string, token: string): Promise<DetailAnswer> {
  const path = `/controle/cliente/${encodeURIComponent(clienteUuid)}/confirmar/${encodeURIComponent(token)}/`;
  return apiPost(path, undefined, detailSchema, { refreshOn401: false });
}
