import { enderecoGeocodeQuery } from '@rango/domain';
import { z } from 'zod/mini';
import { fetchJson, UpstreamError } from '../upstream.ts';
import type { Geocoder } from './port.ts';

/** The Geocoding API's documented answer: a status, and results with geometry.location. */
const answer = z.object({
  status: z.string(),
  results: z.optional(
    z.array(z.object({ geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }) })),
  ),
  error_message: z.optional(z.string()),
});

const SERVICE = 'Google Geocoding';

/** Google Geocoding API, restricted to Brazil. */
export function createGoogleGeocoder(options: { key: string; baseUrl?: string | undefined }): Geocoder {
  const base = (options.baseUrl ?? 'https://maps.googleapis.com').replace(/\/+$/, '');
  return {
    async geocode(q) {
      const params = new URLSearchParams({
        address: enderecoGeocodeQuery(q),
        key: options.key,
        region: 'br',
        components: 'country:BR',
      });
      const { body } = await fetchJson(SERVICE, `${base}/maps/api/geocode/json?${params}`);
      const r = answer.safeParse(body);
      if (!r.success) throw new UpstreamError(SERVICE, 'resposta fora do formato');
      if (r.data.status === 'ZERO_RESULTS') return null;
      const first = r.data.results?.[0];
      if (r.data.status !== 'OK' || !first) {
        // OVER_QUERY_LIMIT, REQUEST_DENIED (bad key), INVALID_REQUEST, UNKNOWN_ERROR: not an
        // answer about the address, so it must not be read as 'cannot place it'.
        throw new UpstreamError(SERVICE, `${r.data.status} ${r.data.error_message ?? ''}`.trim());
      }
      return { latitude: first.geometry.location.lat, longitude: first.geometry.location.lng };
    },
  };
}
