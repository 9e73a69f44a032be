import type { CadastroInput } from '@rango/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { detailSchema, type DetailAnswer } from './detail.ts';

/** POST /controle/cliente/ — 201 with the confirmation notice; 400 with field errors. */
export function cadastrar(input: CadastroInput): Promise<DetailAnswer> {
  return apiPost('/controle/cliente/', input, detailSchema, { refreshOn401: false });
}

export function useCadastrar() {
  return useMutation({ mutationFn: cadastrar });
}
