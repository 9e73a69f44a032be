import { geocodeAnswerSchema, type GeocodeAnswer, type GeocodeQuery } from '@rango/domain';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/geocode/?rua=&numero=&bairro=&cidade=&uf=&cep= — the address's point, or 404. */
export function geocodeEndereco(e: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeAnswer> {
  const params = new URLSearchParams({
    rua: e.rua,
    numero: e.numero,
    bairro: e.bairro,
    cidade: e.cidade,
    uf: e.uf,
    cep: e.cep ?? '',
  });
  return apiGet(`/api/geocode/?${params.toString()}`, geocodeAnswerSchema, signal);
}
