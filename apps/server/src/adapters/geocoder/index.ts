import type { GeocodeAnswer } from '@rango/domain';
import type { Config } from '../../config.ts';
import { createEmbeddedGeocoder } from './embedded.ts';
import { createGoogleGeocoder } from './google.ts';
import { createNominatimGeocoder } from './nominatim.ts';

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

/** The configured geocoder: the embedded table by default, Google or Nominatim with GEOCODER. */
export function createGeocoder(config: Pick<Config, 'geocoder' | 'geocoderKey' | 'geocoderUrl'>): Geocoder {
  switch (config.geocoder) {
    case 'google':
      if (!config.geocoderKey) throw new Error('GEOCODER=google precisa de GEOCODER_KEY');
      return createGoogleGeocoder({ key: config.geocoderKey, baseUrl: config.geocoderUrl });
    case 'nominatim':
      return createNominatimGeocoder({ baseUrl: config.geocoderUrl });
    default:
      return createEmbeddedGeocoder();
  }
}
