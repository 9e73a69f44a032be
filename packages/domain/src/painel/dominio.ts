/**
 * The establishment's own host names (issue 23 part 5): the back office's 'Domínios' section and
 * the server's /painel/estabelecimento/{id}/dominios/ routes. The server normalises and checks a
 * host (apps/server's modules/establishments/dominio-host.ts); these are the wire shapes.
 */
import { z } from 'zod/mini';

/** POST …/dominios/: the host name as the owner typed it (normalised by the server). */
export const dominioInputSchema = z.object({ host: z.string().check(z.maxLength(300)) });
export type DominioInput = z.infer<typeof dominioInputSchema>;

/** One host name of the establishment. */
export const dominioSchema = z.object({
  id: z.number(),
  /** Normalised: lowercase, punycode, no port, no trailing dot. */
  host: z.string(),
  /** The establishment's menu under it (what e-mails and messages link to). */
  url: z.string(),
  criado_em: z.string(),
});
export type Dominio = z.infer<typeof dominioSchema>;

/** GET …/dominios/: the host names and the platform's host, the CNAME's target. */
export const dominiosSchema = z.object({ alvo: z.string(), dominios: z.array(dominioSchema) });
export type Dominios = z.infer<typeof dominiosSchema>;

export const MSG_DOMINIO = {
  invalido: 'Informe um nome de domínio válido, como pedidos.seurestaurante.com.br.',
  ip: 'Use um nome de domínio, não um endereço IP.',
  reservado: 'Este nome de domínio é reservado e não pode ser usado.',
  plataforma: 'Este é um endereço da própria plataforma e não pode ser usado.',
  emUso: 'Este domínio já está em uso.',
  limite: 'Limite de domínios desta loja atingido: remova um antes de adicionar outro.',
  naoEncontrado: 'Domínio não encontrado.',
} as const;
