import type { CepAnswer } from '@rango/domain';

/** A found CEP, ViaCEP's fields (cep as 99999-999). */
export type CepEncontrado = Exclude<CepAnswer, { erro: true }>;

/**
 * The postal-code lookup port (spec section 7, External): ViaCEP's answer for a CEP, or null
 * when the CEP does not exist. An unreachable or broken provider throws UpstreamError.
 */
export interface CepLookup {
  /** `cep`: exactly 8 digits. */
  lookup(cep: string): Promise<CepEncontrado | null>;
}
