import type { Config } from '../../config.ts';
import { createEmbeddedGeocoder } from './embedded.ts';
import { createGoogleGeocoder } from './google.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import type { Geocoder } from './port.ts';

export type { GeocodeQuery, Geocoder } from './port.ts';

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
