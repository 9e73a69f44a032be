/**
 * Delivery fee determination (spec section 4; waiver, sections 5 and 9): by delivery circles
 * around the establishment when it has any, else by the neighbourhood table. Amounts in cents;
 * the wire's reais are converted here. Used by the app to show the fee and by the server to check it.
 */
import type { EnderecoLocal } from './endereco-local.ts';
import { formatBRL, reaisToCents } from './money.ts';
import { abonoCents } from './order-totals.ts';
import type { AreaEntrega, TaxaEntrega } from './schemas.ts';
import { normalizeSearch } from './search.ts';

/** Mean Earth radius (IUGG), metres. */
const EARTH_RADIUS_M = 6_371_008.8;

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine on the mean Earth radius). */
export function distanceMeters(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  // min(1, …) keeps float noise near antipodes inside asin's domain.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The parts of a delivery area the rule reads (the fetched AreaEntrega or a server row). */
export type AreaEntregaRegra = Pick<
  AreaEntrega,
  'idareaentrega' | 'geo_data' | 'taxaentrega' | 'valorminimo'
>;
/** The parts of a neighbourhood fee row the rule reads. */
export type TaxaEntregaRegra = Pick<
  TaxaEntrega,
  'bairro' | 'cidade' | 'uf' | 'valor' | 'abonotaxaentrega_set'
>;
/** The customer's address: the chosen address with its geocoded point, when it has one. */
export type EnderecoEntrega = Pick<EnderecoLocal, 'bairro' | 'cidade' | 'uf' | 'latitude' | 'longitude'>;

export interface DeliveryFeeInput {
  /** GET /api/estabelecimento/{id}/areas_entrega/ (empty: the establishment uses the neighbourhood table). */
  areas: readonly AreaEntregaRegra[];
  /** The establishment's `taxaentrega_set`. */
  taxasentrega: readonly TaxaEntregaRegra[];
  endereco: EnderecoEntrega;
}

/** Why the establishment does not deliver to the address (fee null, the order is picked up). */
export type MotivoSemEntrega =
  /** Areas exist and the address lies in none. */
  | 'fora-da-area'
  /** The address lies in an area whose taxaentrega is null. */
  | 'area-excluida'
  /** No areas, and no neighbourhood row matches bairro, cidade and uf. */
  | 'bairro-sem-taxa'
  /** Areas exist but the address has no coordinates. */
  | 'sem-localizacao';

export type DeliveryFee =
  | {
      entrega: true;
      origem: 'area';
      taxaCents: number;
      /** Free delivery from this subtotal (cents), or null for no waiver. */
      abonoCents: number | null;
      idareaentrega: number;
    }
  | { entrega: true; origem: 'bairro'; taxaCents: number; abonoCents: number | null }
  | { entrega: false; motivo: MotivoSemEntrega };

function coordinates(endereco: EnderecoEntrega): GeoPoint | null {
  const { latitude, longitude } = endereco;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  return { latitude, longitude };
}

/** Orders two waivers, the lower first and none last (a tie on fee goes to the customer's advantage). */
function compareAbono(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** The lowest usable waiver of a neighbourhood row, in cents (none → null). */
function abonoBairroCents(row: TaxaEntregaRegra): number | null {
  let best: number | null = null;
  for (const { valorminimo } of row.abonotaxaentrega_set) {
    const cents = abonoCents(valorminimo);
    if (cents !== null && (best === null || cents < best)) best = cents;
  }
  return best;
}

/**
 * The delivery fee for an address (spec section 4). With areas: the address must be located and
 * inside a circle (on the edge counts); a matching area with a null fee, or no match, means no
 * delivery; else the lowest fee among the matching areas (ties: the lower waiver, then the lower id).
 * Without areas: the row whose bairro, cidade and uf equal the address's, ignoring accents, case
 * and spacing (several: the lowest fee).
 */
export function chooseDeliveryFee(input: DeliveryFeeInput): DeliveryFee {
  const { areas, taxasentrega, endereco } = input;
  if (areas.length > 0) {
    const point = coordinates(endereco);
    if (point === null) return { entrega: false, motivo: 'sem-localizacao' };
    const matching = areas.filter(
      (area) =>
        distanceMeters(point, {
          latitude: area.geo_data.center.lat,
          longitude: area.geo_data.center.lng,
        }) <= area.geo_data.radius,
    );
    if (matching.length === 0) return { entrega: false, motivo: 'fora-da-area' };
    let best: Extract<DeliveryFee, { origem: 'area' }> | null = null;
    for (const area of matching) {
      if (area.taxaentrega === null) return { entrega: false, motivo: 'area-excluida' };
      const candidate = {
        entrega: true,
        origem: 'area',
        taxaCents: reaisToCents(area.taxaentrega),
        abonoCents: abonoCents(area.valorminimo),
        idareaentrega: area.idareaentrega,
      } as const;
      const order =
        best === null
          ? -1
          : candidate.taxaCents - best.taxaCents ||
            compareAbono(candidate.abonoCents, best.abonoCents) ||
            candidate.idareaentrega - best.idareaentrega;
      if (order < 0) best = candidate;
    }
    // Unreachable fallback: matching is non-empty and every matching area has a fee here.
    return best ?? { entrega: false, motivo: 'fora-da-area' };
  }

  const bairro = normalizeSearch(endereco.bairro);
  const cidade = normalizeSearch(endereco.cidade);
  const uf = normalizeSearch(endereco.uf);
  let row: TaxaEntregaRegra | null = null;
  for (const candidate of taxasentrega) {
    if (
      normalizeSearch(candidate.bairro) === bairro &&
      normalizeSearch(candidate.cidade) === cidade &&
      normalizeSearch(candidate.uf) === uf &&
      (row === null || reaisToCents(candidate.valor) < reaisToCents(row.valor))
    ) {
      row = candidate;
    }
  }
  if (row === null) return { entrega: false, motivo: 'bairro-sem-taxa' };
  return {
    entrega: true,
    origem: 'bairro',
    taxaCents: reaisToCents(row.valor),
    abonoCents: abonoBairroCents(row),
  };
}

/** Fee modal text (spec section 4): 'não cobra …' for 0, else the fee as the app displays money. */
export function textoTaxaEntrega(taxaCents: number, bairro: string): string {
  // formatBRL already starts with 'R$ ', the spec's 'R$ {valor}'.
  return taxaCents === 0
    ? `não cobra uma taxa de entrega para o bairro ${bairro}`
    : `cobra uma taxa de entrega de ${formatBRL(taxaCents)} para o bairro ${bairro}`;
}

/** Free-delivery banner (spec section 5); null when there is no usable waiver (nothing is shown). */
export function textoEntregaGratis(abonoCents: number | null): string | null {
  if (abonoCents === null || !Number.isFinite(abonoCents) || abonoCents <= 0) return null;
  return `Entrega Grátis com o mínimo de ${formatBRL(abonoCents)}!`;
}
