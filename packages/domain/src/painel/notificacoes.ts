/**
 * The owner's 'Notificações' page (issue 22 part 2): the WhatsApp Business number, its message
 * templates, the status messages turned on or off, the month's messages and their estimated cost.
 */
import { z } from 'zod/mini';

const segredo = z.object({ configurado: z.boolean(), final: z.nullable(z.string()) });

export const contaWhatsappSchema = z.object({
  phone_number_id: z.string(),
  waba_id: z.string(),
  /** 'conectada', or 'erro' when WhatsApp refused the token. */
  estado: z.string(),
  erro: z.nullable(z.string()),
  /** hub.verify_token to type in Meta's app dashboard, with `webhook_url`. */
  verify_token: z.string(),
  token: segredo,
  app_secret: segredo,
});

export const notificacoesPainelSchema = z.object({
  conta: z.nullable(contaWhatsappSchema),
  webhook_url: z.string(),
  /** Why WhatsApp messages are not sent (no number, or the number in error); null when they are. */
  motivo: z.nullable(z.string()),
  modo: z.enum(['cloud', 'log']),
  aviso: z.nullable(z.string()),
  mensagens: z.array(z.object({ tipo: z.string(), rotulo: z.string(), ativo: z.boolean() })),
  resumo: z.object({
    mes: z.string(),
    canais: z.array(z.object({ canal: z.string(), enviadas: z.number(), falhas: z.number() })),
    /** WhatsApp's messages per pricing category, with the estimated cost in cents. */
    categorias: z.array(
      z.object({ categoria: z.string(), mensagens: z.number(), custo_estimado: z.number() }),
    ),
    custo_estimado: z.number(),
    precos: z.record(z.string(), z.number()),
  }),
});
export type NotificacoesPainel = z.infer<typeof notificacoesPainelSchema>;

export const modelosWhatsappSchema = z.array(
  z.object({
    nome: z.string(),
    tipo: z.string(),
    rotulo: z.string(),
    corpo: z.string(),
    /** At Meta: APPROVED, PENDING, REJECTED…; 'AUSENTE' when not submitted. */
    status: z.string(),
    motivo: z.nullable(z.string()),
  }),
);
export type ModelosWhatsapp = z.infer<typeof modelosWhatsappSchema>;

export const entradasWhatsappSchema = z.array(
  z.object({
    id: z.number(),
    de: z.string(),
    idcliente: z.nullable(z.number()),
    texto: z.string(),
    recebido_em: z.string(),
  }),
);

export const testeWhatsappSchema = z.object({ detail: z.string(), wamid: z.string() });

export interface ConectarWhatsapp {
  phone_number_id: string;
  waba_id: string;
  token?: string;
  app_secret?: string;
}
