/**
 * Outgoing webhooks (issue 24 part 2): the back office's contract under
 * /api/ead/painel/estabelecimento/{id}/webhooks/… ('Integrações' → 'Webhooks'), its own entry
 * (`@rango/domain/painel/webhooks`) so no other page's chunk carries it.
 *
 * Each delivery is a POST of a JSON body `{ id, tipo, criado_em, idestabelecimento, dados }`
 * (an order's events carry the whole order in `dados.pedido`: items, totals in cents, the
 * customer's first name, delivery or pickup, payment, status, the channel when not Rango's own;
 * modules/webhooks/pedido.ts) with these headers:
 *   Rango-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(segredo, "<t>.<raw body>")>
 *   Rango-Event-Id: <the event's idempotency key, the same on every retry and replay>
 *   Rango-Event-Type: <tipo>
 * For 24 hours after the secret is rotated the header has two v1 entries, the new secret's first
 * (`t=…,v1=<new>,v1=<old>`). A receiver recomputes the HMAC over the raw bytes it got, accepts
 * when any v1 matches in constant time, and refuses a `t` too far from its clock (replays); it
 * keeps the ids it has processed (retries, replays).
 */
import { z } from 'zod/mini';

export const WEBHOOK_TIPOS = [
  'pedido.criado',
  'pedido.status',
  'pagamento.confirmado',
  'pedido.cancelado',
  'cardapio.alterado',
  'loja.status',
] as const;
export type WebhookTipo = (typeof WEBHOOK_TIPOS)[number];

/** What the owner reads for each kind. */
export const WEBHOOK_TIPO_NOME: Record<WebhookTipo, string> = {
  'pedido.criado': 'Pedido recebido',
  'pedido.status': 'Status do pedido mudou',
  'pagamento.confirmado': 'Pagamento confirmado',
  'pedido.cancelado': 'Pedido cancelado',
  'cardapio.alterado': 'Cardápio alterado',
  'loja.status': 'Loja aberta ou fechada',
};

/** The signature's header and the idempotency key's. */
export const WEBHOOK_ASSINATURA = 'Rango-Signature';
export const WEBHOOK_ID = 'Rango-Event-Id';
export const WEBHOOK_TIPO = 'Rango-Event-Type';
/** Endpoints per establishment. */
export const MAX_WEBHOOKS = 10;

export const MSG_WEBHOOK = {
  urlInvalida: 'Informe uma URL válida, começando com https://.',
  urlHttps: 'Use uma URL https://.',
  urlComSenha: 'A URL não pode conter usuário e senha.',
  urlPrivada: 'Essa URL aponta para um endereço privado ou local. Use um endereço público da internet.',
  urlSemEndereco: 'Não encontramos o endereço dessa URL. Confira o domínio.',
  eventosVazio: 'Escolha ao menos um evento.',
  eventoInvalido: 'Evento desconhecido.',
  limite: `Limite de ${MAX_WEBHOOKS} webhooks por estabelecimento.`,
  naoEncontrado: 'Webhook não encontrado.',
  entregaNaoEncontrada: 'Entrega não encontrada.',
  dataInvalida: 'Informe uma data e hora válidas.',
  desativado: 'Este webhook está desativado. Ative-o para enviar.',
} as const;

export const webhookInputSchema = z.object({
  url: z
    .string(MSG_WEBHOOK.urlInvalida)
    .check(z.refine((v) => v.trim().length > 0 && v.length <= 2000, MSG_WEBHOOK.urlInvalida)),
  eventos: z
    .array(z.enum(WEBHOOK_TIPOS, MSG_WEBHOOK.eventoInvalido), MSG_WEBHOOK.eventosVazio)
    .check(z.minLength(1, MSG_WEBHOOK.eventosVazio)),
  ativo: z.optional(z.boolean(MSG_WEBHOOK.urlInvalida)),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  id: z.int(),
  url: z.string(),
  eventos: z.array(z.string()),
  ativo: z.boolean(),
  /** The first failure of the current run of failures (null once a delivery succeeds). */
  falhando_desde: z.nullable(z.string()),
  /** Disabled by the server after 3 days failing (null when on or switched off by the owner). */
  desativado_em: z.nullable(z.string()),
  criado_em: z.string(),
  /** 'configurado' and the last 4 characters: the secret itself is shown only once. */
  segredo_final: z.nullable(z.string()),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksSchema = z.array(webhookSchema);

/** Creation and rotation: the one answer that carries the signing secret. */
export const webhookComSegredoSchema = z.object({ webhook: webhookSchema, segredo: z.string() });
export type WebhookComSegredo = z.infer<typeof webhookComSegredoSchema>;

export const ENTREGA_STATUS = ['pendente', 'entregue', 'falhou'] as const;
export type EntregaStatus = (typeof ENTREGA_STATUS)[number];

export const entregaSchema = z.object({
  id: z.int(),
  idwebhook: z.int(),
  chave: z.string(),
  tipo: z.string(),
  status: z.enum(ENTREGA_STATUS),
  tentativas: z.int(),
  proxima_em: z.nullable(z.string()),
  ultima_em: z.nullable(z.string()),
  /** The receiver's HTTP status (null: no answer — refused, timed out). */
  codigo: z.nullable(z.int()),
  duracao_ms: z.nullable(z.int()),
  /** The start of the receiver's answer, or why there was none. */
  resposta: z.nullable(z.string()),
  criado_em: z.string(),
});
export type Entrega = z.infer<typeof entregaSchema>;

export const entregasSchema = z.object({
  entregas: z.array(entregaSchema),
  total: z.int(),
  pagina: z.int(),
  por_pagina: z.int(),
});
export type Entregas = z.infer<typeof entregasSchema>;

export const reenviarDesdeSchema = z.object({
  desde: z.iso.datetime({ offset: true, error: MSG_WEBHOOK.dataInvalida }),
});
export const reenviadasSchema = z.object({ reenviadas: z.int() });
