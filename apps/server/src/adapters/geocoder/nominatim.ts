import { enderecoGeocodeQuery } from '@rango/domain';
import { z } from 'zod/mini';
import { fetchJson, UpstreamError } from '../upstream.ts';
import type { Geocoder } from './port.ts';

/** Nominatim's /search (jsonv2): an array of places whose lat/lon are decimal strings. */
const answer = z.array(z.object({ lat: z.string(), lon: z.string() }));

const SERVICE = 'Nominatim';

/**
 * OpenStreetMap's Nominatim, restricted to Brazil. Its usage policy asks for an identifying
 * User-Agent (and at most one request a second on the public instance).
 */
export function createNominatimGeocoder(options: { baseUrl?: string | undefined }): Geocoder {
  const base = (options.baseUrl ?? 'https://nominatim.openstreetmap.org').replace(/\/+$/, '');
  return {
    async geocode(q) {
      const params = new URLSearchParams({
        format: 'jsonv2',
        limit: '1',
        countrycodes: 'br',
        q: enderecoGeocodeQuery(q),
      });
      const { body } = await fetchJson(SERVICE, `${base}/search?${params}`, {
        headers: { 'user-agent': 'Rango/1.0' },
      });
      const r = answer.safeParse(body);
      if (!r.success) throw new UpstreamError(SERVICE, 'resposta fora do formato');
      const first = r.data[0];
      if (!first) return null;
      const latitude = Number(first.lat);
      const longitude = Number(first.lon);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) {
        throw new UpstreamError(SERVICE, 'coordenadas inválidas');
      }
      return { latitude, longitude };
    },
  };
}
