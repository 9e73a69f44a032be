import type { Generated } from 'kysely';

/**
 * Customers: accounts, their e-mailed tokens, social sign-ins, data deletion requests.
 * Written only by modules/customers (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface ClienteTables {
  cliente: ClienteTable;
  cliente_token: ClienteTokenTable;
  cliente_social: ClienteSocialTable;
  remocao_social: RemocaoSocialTable;
}

/** A customer. Times are ISO-8601 UTC text. A deleted account keeps its row with no personal data. */
export interface ClienteTable {
  id: Generated<number>;
  /** The public id in e-mailed links (`/confirma/{uuid}/{token}`). */
  uuid: string;
  nomeourazaosocial: string;
  /** Lower-cased; null once deleted. */
  email: string | null;
  /** Digits only. */
  telefone: string | null;
  /** Digits only. */
  cnpjoucpf: string | null;
  /** argon2id PHC string; null for social-only accounts and deleted ones. */
  senha_hash: string | null;
  confirmado: number;
  criado_em: string;
  excluido_em: string | null;
}

export interface ClienteTokenTable {
  id: Generated<number>;
  idcliente: number;
  tipo: 'confirmacao' | 'reset';
  /** SHA-256 hex of the e-mailed token. */
  token_hash: string;
  expira_em: string;
  usado_em: string | null;
  criado_em: string;
  /** Confirmation tokens: the argon2id hash of the password of the sign-up that sent it (0003). */
  senha_hash: string | null;
}

export interface ClienteSocialTable {
  id: Generated<number>;
  idcliente: number;
  provedor: 'google-oauth2' | 'facebook';
  sujeito: string;
  criado_em: string;
}

/** A data deletion request received from a provider (Facebook's callback): no user id kept. */
export interface RemocaoSocialTable {
  /** The confirmation code answered to the provider and shown on /fb_confirmar_remocao. */
  codigo: string;
  provedor: 'google-oauth2' | 'facebook';
  criado_em: string;
}
