import type { ColumnType, Generated } from 'kysely';

/**
 * The customer's notifications (issue 22): consent per channel, push subscriptions per device,
 * the outbox of messages and its cursor over the event log. Written only by modules/notificacoes
 * (scripts/check-table-owners.mjs); `Database` (db/types.ts) is composed of each owner's tables.
 */
export interface NotificacoesTables {
  notificacao: NotificacaoTable;
  notificacao_consentimento: NotificacaoConsentimentoTable;
  notificacao_push: NotificacaoPushTable;
  notificacao_cursor: NotificacaoCursorTable;
  whatsapp_conta: WhatsappContaTable;
  whatsapp_mensagem: WhatsappMensagemTable;
  whatsapp_status: WhatsappStatusTable;
  whatsapp_entrada: WhatsappEntradaTable;
}

/** The channels the customer may choose. */
export type CanalNotificacao = 'email' | 'push' | 'whatsapp';

/** One customer's choice for one channel (0023). Revoked = ativo 0, kept with its time and source. */
export interface NotificacaoConsentimentoTable {
  idcliente: number;
  canal: CanalNotificacao;
  /** 1 chosen, 0 revoked. */
  ativo: number;
  /** Where the choice was made: 'cliente' (the /cliente page) or 'pedido' (the order page). */
  origem: string;
  /** ISO-8601 UTC of the latest choice. */
  atualizado_em: string;
  /** WhatsApp (0027): the number in E.164 (+55…) the customer chose; null for the other channels. */
  telefone: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A browser's push subscription (one per device and customer); removed when the push service answers 404/410. */
export interface NotificacaoPushTable {
  id: Generated<number>;
  idcliente: number;
  /** The push service's URL for this device (https); unique. */
  endpoint: string;
  /** The subscription's keys (base64url), as PushSubscription.toJSON() gives them. */
  p256dh: string;
  auth: string;
  criado_em: string;
}

/**
 * pendente (due at proxima_em), enviando (claimed and handed to the provider until proxima_em: a
 * row still 'enviando' after that is an instance that died mid-send, re-checked before any
 * re-send), enviada, entregue, lida (the provider's word), descartada (past its use), falhou.
 */
export type EstadoNotificacao =
  'pendente' | 'enviando' | 'enviada' | 'entregue' | 'lida' | 'descartada' | 'falhou';

/** One message on one channel, written once per event, channel and kind (`chave` unique). */
export interface NotificacaoTable {
  id: Generated<number>;
  /** `<evento id>:<canal>:<tipo>`: a second reader of the same event inserts nothing. */
  chave: string;
  idcliente: number;
  idpedido: number;
  idestabelecimento: number;
  canal: CanalNotificacao;
  /** recebido, aceito, saiu, pronto, entregue, cancelado, pix_pago. */
  tipo: string;
  titulo: string;
  texto: string;
  link: string;
  estado: EstadoNotificacao;
  tentativas: number;
  /** When the next attempt is due (ISO-8601 UTC); a claimed attempt pushes it past its lease. */
  proxima_em: string;
  /** What the provider last answered ('201', '410', 'erro: …'). */
  status_provedor: string | null;
  criado_em: string;
  enviado_em: string | null;
  /** A PIX message's attempt (0028): dropped once it is no longer the order's pending code. */
  idpagamento: number | null;
}

/** Where the outbox has read the event log up to (one row, `nome` 'notificacoes'). */
export interface NotificacaoCursorTable {
  nome: string;
  txid: number | string;
  idevento: number | string;
}

/** The state of an establishment's WhatsApp number: 'erro' when the provider refused its token (190). */
export type EstadoWhatsapp = 'conectada' | 'erro';

/**
 * One establishment's WhatsApp Business number (0027): the Cloud API's ids; the access token and
 * the app secret are in the secrets store ('whatsapp.token', 'whatsapp.app_secret').
 */
export interface WhatsappContaTable {
  idestabelecimento: number;
  /** The Cloud API's phone number id (unique: one number, one establishment). */
  phone_number_id: string;
  /** The WhatsApp Business Account id (templates). */
  waba_id: string;
  estado: EstadoWhatsapp;
  /** The provider's last refusal of the account ('Token inválido …'), shown to the owner. */
  erro: string | null;
  /** hub.verify_token of this account's webhook (typed by the owner in Meta's app dashboard). */
  verify_token: string;
  /** The status messages the owner turned off (JSON array of kinds: 'aceito', …). */
  desligados: string;
  atualizado_em: string;
}

/** One message sent on an establishment's number (0027), with the provider's latest status. */
export interface WhatsappMensagemTable {
  id: Generated<number>;
  idestabelecimento: number;
  /** The outbox's message it carries (null: a test message or an automatic reply). */
  idnotificacao: number | null;
  /** The provider's id ('wamid.…'), unique. */
  wamid: string;
  /** E.164 without '+', as the provider names it. */
  para: string;
  /** The template's name, or 'texto' (free-form, inside the service window). */
  modelo: string;
  /** The pricing category: 'utility', 'service' (free-form reply), 'marketing', 'authentication'. */
  categoria: string;
  /** accepted, sent, delivered, read, failed. */
  status: string;
  erro: string | null;
  criado_em: string;
  atualizado_em: string;
}

/** A status update already applied (0027): a replayed webhook changes nothing. */
export interface WhatsappStatusTable {
  wamid: string;
  status: string;
  recebido_em: string;
}

/** An inbound message on an establishment's number (0027), unique by the provider's id. */
export interface WhatsappEntradaTable {
  id: Generated<number>;
  idestabelecimento: number;
  wamid: string;
  /** The sender's number, E.164 without '+'. */
  de: string;
  idcliente: number | null;
  texto: string;
  recebido_em: string;
  /** 1 once answered automatically or read by a person in the panel. */
  lida: number;
}
