import type { Generated } from 'kysely';

/**
 * Coupons.
 * Written only by modules/coupons (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface CupomTables {
  cupom: CupomTable;
}

/** A coupon of one establishment (0005). */
export interface CupomTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** Trimmed, upper-case; unique per establishment. */
  codigo: string;
  ehpercentual: number;
  /** The percentage, or cents when fixed. */
  desconto: number;
  /** Cents; 0 = no cap. */
  limitedesconto: number;
  /** Cents; 0 = no minimum. */
  subtotalminimo: number;
  /** ISO-8601 UTC; null = open-ended. */
  valido_de: string | null;
  valido_ate: string | null;
  /** Null = unlimited. */
  limite_total: number | null;
  limite_por_cliente: number | null;
  ativo: number;
  criado_em: string;
}
