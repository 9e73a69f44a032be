import type { GeocodeAnswer } from '@rango/domain';

/** What is geocoded (spec section 7: 'rua, numero, bairro, cidade, uf'); the CEP helps the table. */
export interface GeocodeQuery {
  rua: string;
  numero: string;
  bairro: string;
  cidade: string;
  /** Two-letter sigla. */
  uf: string;
  cep?: string | undefined;
}

/**
 * The geocoding port: a point for an address, or null when the provider cannot place it. An
 * unreachable or failing provider throws UpstreamError (callers tell the two apart: a refusal
 * for the first, a 502 or a save without a point for the second).
 */
export interface Geocoder {
  geocode(q: GeocodeQuery): Promise<GeocodeAnswer | null>;
}
