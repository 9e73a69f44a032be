import type { RecuperarInput } from '@rango/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { detailSchema, type DetailAnswer } from './detail.ts';

/** POST /controle/cliente/token-resete-senha/ — the same answer for unknown e-mails. */
export function recuperarSenha(input: RecuperarInput): Promise<DetailAnswer> {
  return apiPost('/controle/cliente/token-resete-senha/', input, detailSchema, { refreshOn401: false });
}

export function useRecuperarSenha() {
  return useMutation({ mutationFn: recuperarSenha });
}
