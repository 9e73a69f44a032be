import { cepAnswerSchema, onlyDigits, type CepAnswer } from '@rango/domain';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/cep/{cep}/ — ViaCEP's shape: the street, district, city and state, or `erro`. */
export function getCep(cep: string, signal?: AbortSignal): Promise<CepAnswer> {
  return apiGet(`/api/cep/${onlyDigits(cep)}/`, cepAnswerSchema, signal);
}
