import type { Generated } from 'kysely';

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
}

/** The channels the customer may choose (WhatsApp is another part of the issue). */
export type CanalNotificacao = 'email' | 'push';

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
