/**
 * Restaurants' encrypted credentials.
 * Written only by modules/secrets (scripts/check-table-owners.mjs); `Database` (db/types.ts) is
 * composed of each owner's tables.
 */
export interface SecretsTables {
  segredo: SegredoTable;
}

/**
 * A restaurant's credential (0019, modules/secrets): AES-256-GCM under the key `chave_id` of the
 * ring (SECRETS_KEYS), its establishment and name bound as additional data. Never plaintext.
 */
export interface SegredoTable {
  idestabelecimento: number;
  /** 'mercadopago.access_token', 'whatsapp.token', … (modules/secrets: NOME). */
  nome: string;
  chave_id: string;
  /** The 96-bit IV, base64. */
  iv: string;
  /** Ciphertext followed by GCM's 16-byte tag, base64. */
  cifra: string;
  atualizado_em: string;
}
