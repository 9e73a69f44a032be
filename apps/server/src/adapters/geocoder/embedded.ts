import { CEP_TABLE } from '../cep/sao-paulo.ts';
import type { CepRow } from '../cep/sao-paulo.ts';
import type { Geocoder } from './port.ts';

/** Accents, case, punctuation and spacing do not tell two names apart. */
export function foldName(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** People type 'R.', 'Av.', 'Al.'; the table has the Correios' full words. */
const PREFIXES: Record<string, string> = {
  r: 'rua',
  av: 'avenida',
  al: 'alameda',
  pca: 'praca',
  pc: 'praca',
  trav: 'travessa',
  tv: 'travessa',
  est: 'estrada',
  rod: 'rodovia',
  lgo: 'largo',
};

function foldStreet(s: string): string {
  const f = foldName(s);
  const [first = '', ...rest] = f.split(' ');
  const full = PREFIXES[first];
  return full ? [full, ...rest].join(' ') : f;
}

interface Point {
  latitude: number;
  longitude: number;
}

function centroid(rows: readonly CepRow[]): Point {
  const lat = rows.reduce((s, r) => s + r.lat, 0) / rows.length;
  const lng = rows.reduce((s, r) => s + r.lng, 0) / rows.length;
  return { latitude: Number(lat.toFixed(6)), longitude: Number(lng.toFixed(6)) };
}

const pointOf = (r: CepRow): Point => ({ latitude: r.lat, longitude: r.lng });

function groupBy(rows: readonly CepRow[], key: (r: CepRow) => string): Map<string, CepRow[]> {
  const m = new Map<string, CepRow[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/**
 * The offline geocoder over the CEP table, from the most to the least precise: the CEP (when its
 * city is the one given), else the street in that city (the stretch in the given bairro if the
 * table has one, else the middle of the street's stretches), else the centroid of the bairro's
 * rows in that city, else null (cannot place it).
 */
export function createEmbeddedGeocoder(table: readonly CepRow[] = CEP_TABLE): Geocoder {
  const city = (r: { localidade: string; uf: string }) => `${foldName(r.localidade)}|${r.uf.toUpperCase()}`;
  const byCep = new Map(table.map((r) => [r.cep.replace(/\D+/g, ''), r]));
  const byStreet = groupBy(table, (r) => `${city(r)}|${foldStreet(r.logradouro)}`);
  const byBairro = groupBy(table, (r) => `${city(r)}|${foldName(r.bairro)}`);
  return {
    async geocode(q) {
      const c = city({ localidade: q.cidade, uf: q.uf });
      const hit = q.cep ? byCep.get(q.cep.replace(/\D+/g, '')) : undefined;
      if (hit && city(hit) === c) return pointOf(hit);
      const street = byStreet.get(`${c}|${foldStreet(q.rua)}`);
      if (street) {
        const inBairro = street.filter((r) => foldName(r.bairro) === foldName(q.bairro));
        return centroid(inBairro.length > 0 ? inBairro : street);
      }
      const bairro = byBairro.get(`${c}|${foldName(q.bairro)}`);
      return bairro ? centroid(bairro) : null;
    },
  };
}
