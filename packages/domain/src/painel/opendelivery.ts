/**
 * Open Delivery (issue 24 part 3): the back office's contract under
 * /api/ead/painel/estabelecimento/{id}/opendelivery/… ('Integrações' → 'Open Delivery'), its own
 * entry (`@rango/domain/painel/opendelivery`) so no other page's chunk carries it. The owner
 * creates client credentials for the restaurant's POS (the secret is shown once), revokes them,
 * and sees the POS's last poll and acknowledgements.
 */
import { z } from 'zod/mini';

export const credencialSchema = z.object({
  id: z.int(),
  client_id: z.string(),
  /** The secret's last 4 characters; never the secret. */
  final: z.string(),
  criado_em: z.string(),
  revogado_em: z.nullable(z.string()),
  ultimo_polling_em: z.nullable(z.string()),
  ultimo_ack_em: z.nullable(z.string()),
  acks: z.int(),
});
export type Credencial = z.infer<typeof credencialSchema>;

export const opendeliverySchema = z.object({
  /** The base URL the POS is configured with (the token route is {base}/oauth/token). */
  base_url: z.string(),
  /** Events waiting for the POS's acknowledgement. */
  pendentes: z.int(),
  /** What the store lacks for the merchant document (GET /v1/merchant answers 503 until none). */
  merchant_pendencias: z.array(z.string()),
  credenciais: z.array(credencialSchema),
});
export type OpenDeliveryPainel = z.infer<typeof opendeliverySchema>;

/** 201 of a new credential: the only answer that carries the secret. */
export const credencialComSegredoSchema = z.object({
  credencial: credencialSchema,
  client_secret: z.string(),
});
export type CredencialComSegredo = z.infer<typeof credencialComSegredoSchema>;

/** Active credentials per establishment. */
export const MAX_CREDENCIAIS = 5;

export const MSG_OPENDELIVERY = {
  naoEncontrada: 'Credencial não encontrada.',
  limite: `O limite é de ${MAX_CREDENCIAIS} credenciais ativas; revogue uma antes.`,
} as const;
