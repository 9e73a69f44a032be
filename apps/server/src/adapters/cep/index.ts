import type { Config } from '../../config.ts';
import { createEmbeddedCepLookup } from './embedded.ts';
import type { CepLookup } from './port.ts';
import { createViacepLookup } from './viacep.ts';

export type { CepEncontrado, CepLookup } from './port.ts';

/** The configured lookup: the embedded table by default, ViaCEP with CEP_PROVIDER=viacep. */
export function createCepLookup(config: Pick<Config, 'cepProvider' | 'viacepUrl'>): CepLookup {
  return config.cepProvider === 'viacep' ? createViacepLookup(config.viacepUrl) : createEmbeddedCepLookup();
}
