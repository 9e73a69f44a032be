import type { ColumnType, Generated } from 'kysely';

/**
 * Customers' ratings of their orders.
 * Written only by modules/avaliacoes (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface AvaliacaoTables {
  avaliacao: AvaliacaoTable;
}

/**
 * A customer's rating of one delivered order (issue 22 part 5): one row per order (unique
 * `idpedido`), written only by modules/avaliacoes. Times are ISO instants (UTC), so text order
 * is time order on both dialects. `resposta` is the restaurant's private reply.
 */
export interface AvaliacaoTable {
  id: Generated<number>;
  idpedido: number;
  idcliente: number;
  idestabelecimento: number;
  /** 1 to 5. */
  nota: number;
  comentario: string | null;
  resposta: ColumnType<string | null, string | null | undefined, string | null>;
  respondido_em: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first rating: the 7-day editing window and the 90-day average count from here. */
  criado_em: string;
  atualizado_em: string;
}
