import type { ColumnType, Generated } from 'kysely';

/**
 * The outgoing webhooks' tables (migration 0021_webhooks).
 * Written only by modules/webhooks (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables. Times are ISO text (toISOString: they sort as text); booleans 0/1.
 */
export interface WebhooksTables {
  webhook: WebhookTable;
  webhook_entrega: WebhookEntregaTable;
  webhook_cursor: WebhookCursorTable;
}

/** An owner's endpoint. Its signing secret is in the secrets store ('webhook.<id>'). */
export interface WebhookTable {
  id: Generated<number>;
  idestabelecimento: number;
  url: string;
  /** JSON array of WebhookTipo. */
  eventos: string;
  ativo: number;
  /** The first failed attempt of the current run of failures; null after a success. */
  falhando_desde: string | null;
  /** When the server switched it off (3 days failing); null otherwise. */
  desativado_em: string | null;
  criado_em: string;
  atualizado_em: string;
}

/**
 * One event for one endpoint: created once (unique idwebhook + chave) however many instances fan
 * the event out; the body is kept here, so a replay sends the same bytes after the event itself
 * is gone from `evento`. Purged 30 days after creation.
 */
export interface WebhookEntregaTable {
  id: Generated<number>;
  idwebhook: number;
  idestabelecimento: number;
  /** The idempotency key (Rango-Event-Id): 'evt_<evento.id>_<its time>', or 'teste_<uuid>' for a test. */
  chave: string;
  tipo: string;
  /** The JSON body sent, byte for byte. */
  corpo: string;
  /** 'pendente' | 'entregue' | 'falhou' (gave up after the retry window). */
  status: string;
  tentativas: number;
  /** When the next attempt is due (null when not pending). */
  proxima_em: string | null;
  /** Retries stop after this (24 h after creation or after a replay). */
  prazo_ate: string;
  /** An instance's claim on the attempt under way (until then no other instance takes it). */
  tentando_ate: string | null;
  ultima_em: string | null;
  codigo: number | null;
  duracao_ms: number | null;
  resposta: string | null;
  criado_em: string;
}

/** How far the fan-out has read the event log (one row, id 1; the events' delivery order). */
export interface WebhookCursorTable {
  id: number;
  txid: ColumnType<string | number, string | number, string | number>;
  idevento: ColumnType<string | number, string | number, string | number>;
}
