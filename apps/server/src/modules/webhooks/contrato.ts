import {
  ENTREGA_STATUS,
  MSG_WEBHOOK as M,
  entregaSchema,
  entregasSchema,
  reenviadasSchema,
  reenviarDesdeSchema,
  webhookComSegredoSchema,
  webhookInputSchema,
  webhookSchema,
  webhooksSchema,
} from '@rango/domain/painel/webhooks';
import { z } from 'zod/mini';
import { inteiroDaQuery } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';

const tag = 'Painel: integrações';
const acesso = 'funcionario';
const dono = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou o webhook não existe nele.'),
};

/**
 * The deliveries' query string, validated by the route with `validar` (routes.ts): `status` one
 * of the situations, `desde` a date and time (as an ISO string), `pagina` a whole number from 1
 * (the default) to 100,000; anything else a 400 naming the field.
 */
export const ENTREGAS_QUERY = z.object({
  status: z.optional(z.enum(ENTREGA_STATUS, { error: 'Situação inválida.' })),
  desde: z.optional(
    z.pipe(
      z
        .string({ error: M.dataInvalida })
        .check(z.refine((v) => !Number.isNaN(Date.parse(v)), { error: M.dataInvalida })),
      z.transform((v) => new Date(v).toISOString()),
    ),
  ),
  pagina: inteiroDaQuery(1, 1, 100_000, 6, 'Página inválida.'),
});

/** The owner's webhooks ('Integrações', issue 24 part 2); every route is the owner's. */
export const CONTRATOS_WEBHOOK = {
  listar: {
    resumo: 'Os webhooks do estabelecimento (o segredo só pelos seus 4 últimos caracteres).',
    tag,
    acesso,
    respostas: { 200: R.ok(webhooksSchema), ...dono },
  },
  criar: {
    resumo: 'Cadastra um webhook (URL https:// pública e eventos); a resposta traz o segredo, só desta vez.',
    tag,
    acesso,
    corpo: webhookInputSchema,
    respostas: {
      201: R.ok(webhookComSegredoSchema, 'O webhook criado e seu segredo de assinatura.'),
      400: R.campos('Entrada recusada (ou o limite de webhooks): `{ campo: [mensagens] }`.'),
      ...dono,
    },
  },
  mudar: {
    resumo: 'Altera a URL, os eventos ou se o webhook está ativo.',
    tag,
    acesso,
    corpo: webhookInputSchema,
    respostas: { 200: R.ok(webhookSchema), 400: R.campos(), ...dono },
  },
  excluir: {
    resumo: 'Exclui o webhook e suas entregas.',
    tag,
    acesso,
    respostas: { 204: R.semCorpo('Excluído.'), ...dono },
  },
  segredo: {
    resumo: 'Gera um novo segredo de assinatura (o antigo deixa de valer); a resposta o traz, só desta vez.',
    tag,
    acesso,
    respostas: { 200: R.ok(webhookComSegredoSchema, 'O webhook e seu novo segredo.'), ...dono },
  },
  teste: {
    resumo: 'Envia agora um evento `teste` ao webhook (registrado como qualquer entrega).',
    tag,
    acesso,
    respostas: {
      200: R.ok(entregaSchema, 'A entrega do teste.'),
      ...dono,
      409: R.detalhe('O webhook está desativado.'),
    },
  },
  entregas: {
    resumo: 'Uma página das entregas do webhook, mais novas primeiro, filtradas por situação e data.',
    tag,
    acesso,
    query: ENTREGAS_QUERY,
    respostas: { 200: R.ok(entregasSchema), 400: R.campos(), ...dono },
  },
  reenviarUma: {
    resumo: 'Põe uma entrega de volta na fila, para ser enviada de novo.',
    tag,
    acesso,
    respostas: {
      202: R.ok(entregaSchema, 'A entrega, de volta na fila.'),
      403: dono[403],
      404: R.naoEncontrado('Sem acesso a este estabelecimento, ou o webhook ou a entrega não existe.'),
    },
  },
  reenviarDesde: {
    resumo: 'Põe de volta na fila as entregas do webhook criadas desde uma data e hora.',
    tag,
    acesso,
    corpo: reenviarDesdeSchema,
    respostas: {
      202: R.ok(reenviadasSchema, 'Quantas entregas voltaram à fila.'),
      400: R.campos(),
      ...dono,
    },
  },
} satisfies Record<string, Contrato>;
