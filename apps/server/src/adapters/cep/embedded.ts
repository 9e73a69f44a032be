import type { CepLookup } from './port.ts';
import { CEP_TABLE } from './sao-paulo.ts';
import type { CepRow } from './sao-paulo.ts';

const digits = (cep: string) => cep.replace(/\D+/g, '');

/** The demo city's table (sao-paulo.ts), offline. */
export function createEmbeddedCepLookup(table: readonly CepRow[] = CEP_TABLE): CepLookup {
  const byCep = new Map(table.map((r) => [digits(r.cep), r]));
  return {
    async lookup(cep) {
      const r = byCep.get(digits(cep));
      if (!r) return null;
      return { cep: r.cep, logradouro: r.logradouro, bairro: r.bairro, localidade: r.localidade, uf: r.uf };
    },
  };
}
