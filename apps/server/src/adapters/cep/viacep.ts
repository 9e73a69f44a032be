import { maskCep } from '@rango/domain';
import { z } from 'zod/mini';
import { fetchJson, UpstreamError } from '../upstream.ts';
import type { CepLookup } from './port.ts';

/**
 * ViaCEP's documented answers: 200 with the address, 200 with `erro` ("true" in the current API,
 * true in the older one) for a CEP that does not exist, 400 for a malformed one.
 */
const found = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  localidade: z.string(),
  uf: z.string(),
});
const notFound = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

const SERVICE = 'ViaCEP';

/** ViaCEP (`${baseUrl}/ws/{cep}/json/`). */
export function createViacepLookup(baseUrl: string, options: { timeoutMs?: number } = {}): CepLookup {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async lookup(cep) {
      const { status, body } = await fetchJson(SERVICE, `${base}/ws/${encodeURIComponent(cep)}/json/`, {
        acceptStatus: [400],
        timeoutMs: options.timeoutMs,
      });
      // We only send 8 digits, so ViaCEP's 400 means it judged the CEP malformed: no such CEP.
      if (status === 400) return null;
      if (notFound.safeParse(body).success) return null;
      const r = found.safeParse(body);
      if (!r.success) throw new UpstreamError(SERVICE, 'resposta fora do formato');
      const { logradouro, bairro, localidade, uf } = r.data;
      return { cep: maskCep(r.data.cep), logradouro, bairro, localidade, uf };
    },
  };
}
