import { credencialComSegredoSchema, opendeliverySchema } from '@rango/domain/painel/opendelivery';
import { z } from 'zod/mini';
import { R } from '../../http/openapi.ts';
import type { Contrato, Resposta } from '../../http/openapi.ts';
import { MAX_ACKS } from './regras.ts';

/**
 * The standard's bodies Rango reads (Open Delivery v1.3.0, schemas/README.md), as zod for validar
 * and the OpenAPI document; what Rango emits is checked against the standard's own JSON schemas
 * in the tests.
 */
const EVENT_TYPES = [
  'CREATED',
  'CONFIRMED',
  'DISPATCHED',
  'READY_FOR_PICKUP',
  'PICKUP_AREA_ASSIGNED',
  'DELIVERED',
  'CONCLUDED',
  'CANCELLATION_REQUESTED',
  'CANCELLATION_REQUEST_DENIED',
  'CANCELLED',
  'ORDER_CANCELLATION_REQUEST',
  'CANCELLED_DENIED',
] as const;

export const tokenRequestSchema = z.object({
  client_id: z.optional(z.string().check(z.maxLength(200))),
  client_secret: z.optional(z.string().check(z.maxLength(500))),
  grant_type: z.string().check(z.maxLength(100)),
});

export const ackSchema = z
  .array(
    z.object({
      id: z.string().check(z.maxLength(64)),
      orderId: z.optional(z.string().check(z.maxLength(64))),
      eventType: z.optional(z.string().check(z.maxLength(40))),
    }),
  )
  .check(z.minLength(1), z.maxLength(MAX_ACKS));

export const confirmSchema = z.object({
  reason: z.optional(z.string().check(z.maxLength(500))),
  createdAt: z.optional(z.string()),
  orderExternalCode: z.optional(z.string().check(z.maxLength(100))),
  preparationTime: z.optional(z.int()),
});

export const CANCEL_CODES = [
  'SYSTEMIC_ISSUES',
  'DUPLICATE_APPLICATION',
  'UNAVAILABLE_ITEM',
  'RESTAURANT_WITHOUT_DELIVERY_PERSON',
  'OUTDATED_MENU',
  'ORDER_OUTSIDE_THE_DELIVERY_AREA',
  'BLOCKED_CUSTOMER',
  'OUTSIDE_DELIVERY_HOURS',
  'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT',
  'RISK_AREA',
  'DELIVERY_PROBLEM',
] as const;

export const requestCancellationSchema = z.object({
  reason: z.string().check(z.minLength(1), z.maxLength(200)),
  code: z.enum(CANCEL_CODES),
  mode: z.enum(['AUTO', 'MANUAL']),
  outOfStockItems: z.optional(z.array(z.string()).check(z.maxLength(100))),
  invalidItems: z.optional(z.array(z.string()).check(z.maxLength(100))),
});

export const denyCancellationSchema = z.object({
  reason: z.string().check(z.maxLength(500)),
  code: z.enum(['DISH_ALREADY_DONE', 'OUT_FOR_DELIVERY']),
});

export const pollingQuerySchema = z.object({
  eventType: z.optional(z.union([z.enum(EVENT_TYPES), z.array(z.enum(EVENT_TYPES)).check(z.maxLength(15))])),
});

const erro = z.object({ title: z.string(), status: z.int() });
const E = (descricao: string): Resposta => ({ descricao, schema: erro });
const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
const evento = z.looseObject({
  eventId: z.string(),
  eventType: z.enum(EVENT_TYPES),
  orderId: z.string(),
  orderURL: z.string(),
  createdAt: z.string(),
  sourceAppId: z.string(),
});
const pedido = z.looseObject({ id: z.string(), type: z.string(), displayId: z.string() });
const merchant = z.looseObject({
  lastUpdate: z.string(),
  TTL: z.int(),
  id: z.string(),
  status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
  basicInfo: z.looseObject({ name: z.string(), document: z.string() }),
  services: z.array(z.looseObject({ id: z.string(), serviceType: z.string() })),
  menus: z.array(z.looseObject({ id: z.string() })),
  categories: z.array(z.looseObject({ id: z.string() })),
  itemOffers: z.array(z.looseObject({ id: z.string() })),
  items: z.array(z.looseObject({ id: z.string() })),
});

const tag = 'Open Delivery';
const acesso = 'publico';
const comToken = {
  401: E('Token ausente, inválido ou expirado (formato Error do padrão).'),
};
const movimento = (resumo: string, corpo?: z.ZodMiniType): Contrato => ({
  resumo: `${resumo} (passa pela máquina de status do Rango; o painel e a página do cliente acompanham ao vivo).`,
  tag,
  acesso,
  ...(corpo ? { corpo } : {}),
  respostas: {
    202: R.semCorpo('Aceito.'),
    400: E('Corpo recusado.'),
    ...comToken,
    404: E('Pedido não encontrado (ou de outro estabelecimento).'),
    422: E('A máquina de status não permite este movimento agora.'),
  },
});

/** The standard's routes (Rango as the Ordering Application) and the owner's page. */
export const CONTRATOS_OD = {
  token: {
    resumo:
      'OAuth2 client_credentials (form ou JSON; client_id/client_secret no corpo ou em Basic): um token Bearer com validade.',
    tag,
    acesso,
    corpo: tokenRequestSchema,
    respostas: {
      200: R.ok(tokenResponse),
      400: E('grant_type não suportado ou corpo recusado.'),
      401: E('Credenciais inválidas ou revogadas.'),
    },
  },
  polling: {
    resumo:
      'Eventos do estabelecimento ainda não reconhecidos (mais antigos primeiro); 204 sem eventos; 429 se consultado antes de 5 s.',
    tag,
    acesso,
    query: pollingQuerySchema,
    respostas: {
      200: R.ok(z.array(evento)),
      204: R.semCorpo('Nenhum evento.'),
      400: E('Parâmetro recusado.'),
      ...comToken,
      429: E('Consultas frequentes demais (Retry-After em segundos).'),
    },
  },
  ack: {
    resumo:
      'Reconhece eventos (não voltam no polling); ids desconhecidos → 404 depois de reconhecer os demais.',
    tag,
    acesso,
    corpo: ackSchema,
    respostas: {
      202: R.semCorpo('Reconhecidos.'),
      400: E('Corpo recusado.'),
      ...comToken,
      404: E('Algum evento não é deste estabelecimento.'),
    },
  },
  merchant: {
    resumo:
      'A loja e o cardápio no documento Merchant do padrão (basicInfo, serviços com horários e áreas, cardápio, categorias, itens, ofertas, grupos de opções); o estabelecimento é o do token.',
    tag,
    acesso,
    respostas: {
      200: R.ok(merchant),
      ...comToken,
      503: E("Cadastro da loja incompleto (CNPJ, e-mail de contato, telefone ou localização em 'Loja')."),
    },
  },
  pedido: {
    resumo: 'O pedido no formato Order do padrão (itens, opções, preços, cliente, entrega, pagamentos).',
    tag,
    acesso,
    respostas: {
      200: R.ok(pedido),
      ...comToken,
      404: E('Pedido não encontrado (ou de outro estabelecimento).'),
    },
  },
  confirm: movimento('Confirma o pedido', confirmSchema),
  preparing: movimento('Em preparo (no Rango, o pedido confirmado já está em preparo)'),
  readyForPickup: movimento('Pronto'),
  dispatch: movimento('Saiu para entrega (no Rango, o pedido pronto já "logo será entregue")'),
  delivered: movimento('Entregue (retirada: concluído)'),
  requestCancellation: movimento('Cancela o pedido com o motivo dado', requestCancellationSchema),
  acceptCancellation: movimento('Aceita um pedido de cancelamento do cliente (o Rango não tem: 422)'),
  denyCancellation: movimento(
    'Nega um pedido de cancelamento do cliente (o Rango não tem: 422)',
    denyCancellationSchema,
  ),
  painel: {
    resumo:
      'As credenciais Open Delivery do estabelecimento (sem segredos), a URL base e os eventos pendentes.',
    tag: 'Painel: integrações',
    acesso: 'funcionario',
    respostas: {
      200: R.ok(opendeliverySchema),
      403: R.detalhe('Só o dono pode fazer isto.'),
      404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
    },
  },
  criar: {
    resumo: 'Cria client_id e client_secret para o PDV; o segredo só vem nesta resposta.',
    tag: 'Painel: integrações',
    acesso: 'funcionario',
    respostas: {
      201: R.ok(credencialComSegredoSchema),
      400: R.campos('O limite de credenciais ativas.'),
      403: R.detalhe('Só o dono pode fazer isto.'),
      404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
    },
  },
  revogar: {
    resumo: 'Revoga a credencial; seus tokens deixam de valer na hora.',
    tag: 'Painel: integrações',
    acesso: 'funcionario',
    respostas: {
      204: R.semCorpo('Revogada.'),
      403: R.detalhe('Só o dono pode fazer isto.'),
      404: R.naoEncontrado(
        'Sem acesso a este estabelecimento, ou a credencial não existe (ou já foi revogada).',
      ),
    },
  },
} satisfies Record<string, Contrato>;
