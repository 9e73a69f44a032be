import { cupomSchema, type Cupom, type CupomValidarInput } from '@rango/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/cupom/validar/ — the coupon to apply; a refusal's text is in response.data.error. */
export function validarCupom(input: CupomValidarInput): Promise<Cupom> {
  return apiPost('/api/cupom/validar/', input, cupomSchema);
}

export function useValidarCupom() {
  return useMutation({ mutationFn: validarCupom });
}
