/**
 * Where an order came from (issue 24 part 5): Rango's own app, iFood, or a POS/app over Open
 * Delivery. Every order has one; the panel badges and filters by it, the reports split by it,
 * the webhooks carry it.
 */
export const CANAIS = ['rango', 'ifood', 'opendelivery'] as const;
export type Canal = (typeof CANAIS)[number];

export const CANAL_NOME: Record<Canal, string> = {
  rango: 'Rango',
  ifood: 'iFood',
  opendelivery: 'Open Delivery',
};

export const isCanal = (v: unknown): v is Canal =>
  typeof v === 'string' && (CANAIS as readonly string[]).includes(v);
