/**
 * How the customer hears about orders (issue 22): the answers of the notification settings'
 * routes (GET/PUT /controle/cliente/notificacoes/, GET /controle/notificacoes/chave-publica/).
 */
import { z } from 'zod/mini';

/**
 * One channel's choice: `canal` 'email', 'push' or 'whatsapp', `origem` 'cliente', 'pedido' or
 * 'checkout' (where it was made).
 */
export const consentimentoNotificacaoSchema = z.object({
  canal: z.string(),
  ativo: z.boolean(),
  origem: z.string(),
  /** ISO instant of the last choice. */
  atualizado_em: z.string(),
  /** WhatsApp: the mobile number (E.164) the messages go to; null for the other channels. */
  telefone: z.optional(z.nullable(z.string())),
});

/** The customer's choices (a channel never chosen is absent) and how many devices get Web Push. */
export const notificacoesSchema = z.object({
  canais: z.array(consentimentoNotificacaoSchema),
  dispositivos: z.int(),
});
export type NotificacoesCliente = z.infer<typeof notificacoesSchema>;

/** The server's VAPID public key, the browser's `applicationServerKey` (base64url). */
export const chavePublicaPushSchema = z.object({ chave: z.string() });
