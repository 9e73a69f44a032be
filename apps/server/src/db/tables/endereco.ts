import type { Generated } from 'kysely';

/**
 * Customers' addresses.
 * Written only by modules/addresses (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface EnderecoTables {
  endereco: EnderecoTable;
}

export interface EnderecoTable {
  id: Generated<number>;
  idcliente: number;
  idtipoendereco: number;
  cep: string;
  rua: string;
  numero: string;
  bairro: string;
  cidade: string;
  /** Two-letter sigla. */
  uf: string;
  complemento: string | null;
  detalhe: string | null;
  lat: number | null;
  lng: number | null;
  criado_em: string;
}
