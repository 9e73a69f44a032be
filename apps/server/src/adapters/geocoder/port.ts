import type { GeocodeAnswer, GeocodeQuery } from '@rango/domain';

export type { GeocodeQuery };

/**
 * The geocoding port: a point for an address, or null when the provider cannot place it. An
 * unreachable or failing provider throws UpstreamError (callers tell the two apart: a refusal
 * for the first, a 502 or a save without a point for the second).
 */
export interface Geocoder {
  geocode(q: GeocodeQuery): Promise<GeocodeAnswer | null>;
}
