import type { AreaInput, AreaPainel } from '@rango/domain/painel/catalogo';

/** Which circle the form is editing: a saved area's id, or 'nova' for the one being added. */
export type IdCirculo = number | 'nova';

/** A circle being edited, with the numbers as typed (the map follows them before saving). */
export interface Rascunho {
  id: IdCirculo;
  v: AreaInput;
}

/** One circle as the map draws it. */
export interface CirculoDoMapa {
  id: IdCirculo;
  lat: number;
  lng: number;
  /** Metres. */
  raio: number;
  naoEntrega: boolean;
  editando: boolean;
}

export const COR_TAXA = '#1971c2';
export const COR_NAO_ENTREGA = '#c92a2a';
export const COR_LOJA = '#212529';

const desenhavel = (c: { lat: number; lng: number; raio: number }) =>
  Number.isFinite(c.lat) &&
  Number.isFinite(c.lng) &&
  Math.abs(c.lat) <= 90 &&
  Math.abs(c.lng) <= 180 &&
  Number.isFinite(c.raio) &&
  c.raio > 0;

/**
 * The saved areas with the one being edited replaced by its draft (plus a new one's), the
 * largest first so a smaller circle inside another is drawn on top and stays clickable; numbers
 * that cannot be drawn (half typed, out of range) leave their circle out until they can.
 */
export function circulosDoMapa(areas: readonly AreaPainel[], rascunho: Rascunho | null): CirculoDoMapa[] {
  const circulo = (id: IdCirculo, a: AreaInput): CirculoDoMapa => ({
    id,
    lat: a.lat,
    lng: a.lng,
    raio: a.raio,
    naoEntrega: a.taxaentrega === null,
    editando: rascunho?.id === id,
  });
  const lista = areas.map((a) =>
    rascunho?.id === a.idareaentrega ? circulo(a.idareaentrega, rascunho.v) : circulo(a.idareaentrega, a),
  );
  if (rascunho?.id === 'nova') lista.push(circulo('nova', rascunho.v));
  return lista.filter(desenhavel).sort((a, b) => b.raio - a.raio);
}

/** The smallest radius the map's handle sets, and the step it rounds to: 0.1 km. */
const PASSO_RAIO = 100;

/**
 * A radius dragged on the map (metres, any fraction) as the form keeps it: rounded to 0.1 km,
 * never under 0.1 km, so the field reads '1,5' and not '1,4837'.
 */
export function raioArrastado(metros: number): number {
  if (!Number.isFinite(metros)) return PASSO_RAIO;
  return Math.max(PASSO_RAIO, Math.round(metros / PASSO_RAIO) * PASSO_RAIO);
}
