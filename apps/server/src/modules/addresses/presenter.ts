import type { Endereco } from '@rango/domain';
import type { Selectable } from 'kysely';
import type { EnderecoTable } from '../../db/types.ts';

/** The columns an address answer needs (a row may carry more). */
export type EnderecoRow = Pick<
  Selectable<EnderecoTable>,
  | 'id'
  | 'idtipoendereco'
  | 'cep'
  | 'rua'
  | 'numero'
  | 'bairro'
  | 'cidade'
  | 'uf'
  | 'complemento'
  | 'detalhe'
  | 'lat'
  | 'lng'
>;

/**
 * An address row in the fetched shape (spec section 3: `cidade` as `{descricao, uf: {sigla}}`),
 * shared by GET /controle/endereco/ and the customer's `clienteendereco_set`.
 */
export function presentEndereco(row: EnderecoRow): Endereco {
  return {
    id: row.id,
    idtipoendereco: row.idtipoendereco,
    cep: row.cep,
    rua: row.rua,
    numero: row.numero,
    bairro: row.bairro,
    cidade: { descricao: row.cidade, uf: { sigla: row.uf } },
    uf: row.uf,
    complemento: row.complemento,
    detalhe: row.detalhe,
    latitude: row.lat === null ? null : Number(row.lat),
    longitude: row.lng === null ? null : Number(row.lng),
  };
}
