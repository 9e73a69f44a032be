import { MSG, avaliacaoDoPedidoSchema, avaliacaoInputSchema, avaliacaoSchema } from '@rango/domain';
import {
  AVALIACOES_POR_PAGINA,
  avaliacaoPainelSchema,
  avaliacoesPainelSchema,
  respostaInputSchema,
} from '@rango/domain/painel';
import { z } from 'zod/mini';
import { inteiroDaQuery } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const pedidoNaoEncontrado = R.naoEncontrado('Pedido não encontrado (ou de outro cliente).');
const dono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou a avaliação não existe nele.'),
};
const MAX_PAGINA = 50;
const MAX_OFFSET = 2_147_483_647;
const MAX_DIAS = 3650;
const mal = MSG.requisicaoMalFormada;

/**
 * The listing's query string, validated by the route with `validar`: `nota` 1–5, `dias`
 * 1–3650 (both optional filters), `limit` 1–50 (20), `offset` (0); anything else a 400 naming
 * the first bad field.
 */
export const AVALIACOES_QUERY = z.object({
  nota: inteiroDaQuery(undefined, 1, 5, 10, mal),
  dias: inteiroDaQuery(undefined, 1, MAX_DIAS, 10, mal),
  limit: inteiroDaQuery(AVALIACOES_POR_PAGINA, 1, MAX_PAGINA, 10, mal),
  offset: inteiroDaQuery(0, 0, MAX_OFFSET, 10, mal),
});

/** Ratings (issue 22 part 5): the customer's on their own order, the owner's list and reply. */
export const CONTRATOS_AVALIACAO = {
  doPedido: {
    resumo: 'A avaliação do cliente logado para um pedido seu (null enquanto não há).',
    tag: 'Cliente',
    acesso: 'cliente',
    respostas: { 200: R.ok(avaliacaoDoPedidoSchema), 404: pedidoNaoEncontrado },
  },
  avaliar: {
    resumo: `Avalia um pedido entregue (nota 1–5, comentário opcional), ou altera a avaliação no prazo de edição.`,
    tag: 'Cliente',
    acesso: 'cliente',
    corpo: avaliacaoInputSchema,
    respostas: {
      200: R.ok(avaliacaoSchema, 'A avaliação gravada.'),
      400: R.campos(),
      404: pedidoNaoEncontrado,
      409: R.detalhe('O pedido ainda não foi entregue, ou o prazo para editar a avaliação terminou.'),
    },
  },
  listar: {
    resumo:
      'Uma página das avaliações do estabelecimento (mais novas primeiro), filtradas por nota e período, com a média dos últimos 90 dias.',
    tag: 'Painel: avaliações',
    acesso: 'funcionario',
    query: AVALIACOES_QUERY,
    respostas: { 200: R.ok(avaliacoesPainelSchema), 400: R.campos(), ...dono },
  },
  responder: {
    resumo: 'Grava a resposta (privada) do estabelecimento a uma avaliação.',
    tag: 'Painel: avaliações',
    acesso: 'funcionario',
    corpo: respostaInputSchema,
    respostas: { 200: R.ok(avaliacaoPainelSchema, 'A avaliação com a resposta.'), 400: R.campos(), ...dono },
  },
} satisfies Record<string, Contrato>;
