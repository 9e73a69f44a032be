import type { ResetarSenhaInput } from '@rango/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { detailSchema, type DetailAnswer } from './detail.ts';

export interface ResetarSenhaVars extends ResetarSenhaInput {
  clienteUuid: string;
  token: string;
}

/** POST /controle/cliente/{uuid}/resetar-senha/{token}/ — 400 {detail} for a bad link. */
export function resetarSenha({ clienteUuid, token, senha }: ResetarSenhaVars): Promise<DetailAnswer> {
  const path = `/controle/cliente/${encodeURIComponent(clienteUuid)}/resetar-senha/${encodeURIComponent(token)}/`;
  return apiPost(path, { senha }, detailSchema, { refreshOn401: false });
}

export function useResetarSenha() {
  return useMutation({ mutationFn: resetarSenha });
}
