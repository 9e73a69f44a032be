/**
 * Ratings after delivery (issue 22 part 5): the customer's 1–5 `nota` and optional `comentario`
 * on a delivered order, editable for 7 days after the first rating; the restaurant's reply is
 * private (never shown to the customer). The menu header shows the 90-day average once there
 * are at least 5 (the establishment detail's `avaliacao`).
 */
import { z } from 'zod/mini';

export const NOTA_MIN = 1;
export const NOTA_MAX = 5;
export const MAX_COMENTARIO = 500;
export const MAX_RESPOSTA = 500;
/** The customer may change a rating for this long after the first one. */
export const DIAS_EDITAR_AVALIACAO = 7;
/** The menu header shows the average of this many last days… */
export const DIAS_MEDIA_AVALIACAO = 90;
/** …once at least this many ratings fall in them. */
export const MIN_AVALIACOES_MEDIA = 5;

export const MSG_AVALIACAO = {
  notaInvalida: 'Escolha uma nota de 1 a 5.',
  comentarioLongo: `O comentário pode ter até ${MAX_COMENTARIO} caracteres.`,
  respostaLonga: `A resposta pode ter até ${MAX_RESPOSTA} caracteres.`,
  respostaVazia: 'Escreva a resposta.',
  naoEntregue: 'O pedido só pode ser avaliado depois de entregue.',
  prazoEncerrado: `O prazo de ${DIAS_EDITAR_AVALIACAO} dias para editar esta avaliação terminou.`,
  avaliacaoNaoEncontrada: 'Avaliação não encontrada.',
  titulo: 'Avalie o seu pedido',
  enviar: 'Enviar avaliação',
  editar: 'Editar',
  enviada: 'Obrigado pela sua avaliação!',
  erroEnviar: 'Não foi possível enviar a avaliação. Tente novamente.',
  erroCarregar: 'Não foi possível carregar a avaliação.',
} as const;

const nota = z
  .int(MSG_AVALIACAO.notaInvalida)
  .check(z.minimum(NOTA_MIN, MSG_AVALIACAO.notaInvalida), z.maximum(NOTA_MAX, MSG_AVALIACAO.notaInvalida));

/** PUT …/avaliacao/: a blank comment is none. */
export const avaliacaoInputSchema = z.object({
  nota,
  comentario: z.optional(
    z.nullable(
      z.pipe(
        z
          .string(MSG_AVALIACAO.comentarioLongo)
          .check(z.refine((v) => v.trim().length <= MAX_COMENTARIO, MSG_AVALIACAO.comentarioLongo)),
        z.transform((v) => v.trim() || null),
      ),
    ),
  ),
});
export type AvaliacaoInput = z.input<typeof avaliacaoInputSchema>;

/** The customer's rating of one order (GET/PUT …/avaliacao/); the reply is not in it. */
export const avaliacaoSchema = z.object({
  idpedido: z.int(),
  nota: z.int(),
  comentario: z.nullable(z.string()),
  /** ISO instants: the first rating, the last change, the end of the editing window. */
  criado_em: z.string(),
  atualizado_em: z.string(),
  editavel_ate: z.string(),
});
export type Avaliacao = z.infer<typeof avaliacaoSchema>;

/** GET …/avaliacao/: null while the order has none. */
export const avaliacaoDoPedidoSchema = z.nullable(avaliacaoSchema);

/** Whether a rating may still be changed at `agora`. */
export const avaliacaoEditavel = (a: Pick<Avaliacao, 'editavel_ate'>, agora = new Date()): boolean =>
  agora.getTime() < Date.parse(a.editavel_ate);
