// The panel's ratings page ('Avaliações', issue 22 part 5): list, filters and the private reply.
import { z } from 'zod/mini';
import { MAX_RESPOSTA, MSG_AVALIACAO } from '../avaliacao.ts';

/** One rating as the restaurant sees it, with its private reply. */
export const avaliacaoPainelSchema = z.object({
  id: z.int(),
  idpedido: z.int(),
  /** The order's reference, as the queue shows it. */
  referencia: z.string(),
  nota: z.int(),
  comentario: z.nullable(z.string()),
  resposta: z.nullable(z.string()),
  respondido_em: z.nullable(z.string()),
  criado_em: z.string(),
  atualizado_em: z.string(),
});
export type AvaliacaoPainel = z.infer<typeof avaliacaoPainelSchema>;

/**
 * GET /painel/estabelecimento/{id}/avaliacoes/?nota=&dias=&limit=&offset=: one page (newest
 * first) of the filtered ratings and how many there are; `media` and `quantidade` are the last
 * 90 days' (null average without ratings), whatever the filters.
 */
export const avaliacoesPainelSchema = z.object({
  count: z.int(),
  results: z.array(avaliacaoPainelSchema),
  media: z.nullable(z.number()),
  quantidade: z.int(),
});
export type AvaliacoesPainel = z.infer<typeof avaliacoesPainelSchema>;

/** The period filter's choices, in days (none: every rating). */
export const PERIODOS_AVALIACAO = [7, 30, 90, 365] as const;
export const AVALIACOES_POR_PAGINA = 20;

/** PUT …/avaliacoes/{idavaliacao}/resposta/ */
export const respostaInputSchema = z.object({
  resposta: z.pipe(
    z.string(MSG_AVALIACAO.respostaVazia).check(
      z.refine((v) => v.trim().length > 0, { error: MSG_AVALIACAO.respostaVazia, abort: true }),
      z.refine((v) => v.trim().length <= MAX_RESPOSTA, MSG_AVALIACAO.respostaLonga),
    ),
    z.transform((v) => v.trim()),
  ),
});
export type RespostaInput = z.input<typeof respostaInputSchema>;
