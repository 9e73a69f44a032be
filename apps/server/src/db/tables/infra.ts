import type { Generated } from 'kysely';

/**
 * Infrastructure, each table with its own owner outside the modules (scripts/check-table-owners.mjs):
 * the mail outbox (adapters/mail), rate-limit windows (http/rate-limit.ts), settings
 * (http/auth.ts). `Database` (db/types.ts) is composed of each owner's tables.
 */
export interface InfraTables {
  mail_outbox: MailOutboxTable;
  rate_limit: RateLimitTable;
  configuracao: ConfiguracaoTable;
}

export interface MailOutboxTable {
  id: Generated<number>;
  para: string;
  assunto: string;
  texto: string;
  html: string;
  link: string | null;
  criado_em: string;
  enviado_em: string | null;
  /** The message's Message-ID when its sender gave one (unique: a repeated send is recorded once). */
  message_id: string | null;
}

export interface RateLimitTable {
  chave: string;
  /** Window start, epoch seconds. */
  janela: number;
  contagem: number;
}

export interface ConfiguracaoTable {
  chave: string;
  valor: string;
}
