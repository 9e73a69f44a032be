// The messages the customer was sent about one order, as the panel's order drawer shows them (issue 22).
import { z } from 'zod/mini';

/** The drawer's word for each state of a message. */
export const ESTADO_MENSAGEM_NOME: Record<string, string> = {
  pendente: 'na fila',
  enviando: 'enviando',
  enviada: 'enviada',
  entregue: 'entregue',
  lida: 'lida',
  falhou: 'falhou',
  descartada: 'não enviada',
};

/** The drawer's word for each channel. */
export const CANAL_MENSAGEM_NOME: Record<string, string> = {
  email: 'E-mail',
  push: 'Notificação',
  whatsapp: 'WhatsApp',
};

/** One message on one channel. */
export const mensagemDoPedidoSchema = z.object({
  id: z.int(),
  /** email, push, whatsapp. */
  canal: z.string(),
  /** recebido, aceito, saiu, pronto, entregue, cancelado, pix_pendente, pix_lembrete, pix_pago. */
  tipo: z.string(),
  titulo: z.string(),
  /** pendente, enviando, enviada, entregue, lida, falhou, descartada. */
  estado: z.string(),
  criado_em: z.string(),
  enviado_em: z.nullable(z.string()),
});
export type MensagemDoPedido = z.infer<typeof mensagemDoPedidoSchema>;

/**
 * GET /painel/estabelecimento/{id}/pedido/{idpedido}/mensagens/: the order's messages (oldest
 * first), its rating if the customer gave one, and the 'Conversar no WhatsApp' link (wa.me with
 * the customer's phone and the order number; null without a usable phone).
 */
export const mensagensDoPedidoSchema = z.object({
  mensagens: z.array(mensagemDoPedidoSchema),
  avaliacao: z.nullable(
    z.object({ nota: z.int(), comentario: z.nullable(z.string()), resposta: z.nullable(z.string()) }),
  ),
  whatsapp: z.nullable(z.string()),
});
export type MensagensDoPedido = z.infer<typeof mensagensDoPedidoSchema>;

/**
 * A wa.me link to a Brazilian phone (any format: 11 98765-4321, +55 (11) 98765-4321) with a first
 * message naming the order; null when the digits cannot be a Brazilian number.
 */
export function whatsappLink(telefone: string | null | undefined, referencia: string): string | null {
  let d = (telefone ?? '').replace(/\D/g, '');
  if (d.startsWith('0')) d = d.replace(/^0+/, '');
  if (d.length === 10 || d.length === 11) d = `55${d}`;
  if (!/^55[1-9][0-9]{9,10}$/.test(d)) return null;
  return `https://wa.me/${d}?text=${encodeURIComponent(`Olá! Sobre o pedido #${referencia}`)}`;
}
