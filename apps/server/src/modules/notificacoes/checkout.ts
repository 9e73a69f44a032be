import type { CanalNotificacao } from '../../db/types.ts';
import type { Db } from '../../db/index.ts';
import { notificacoesRepository as repo } from './repository.ts';
import { whatsappRepository } from './whatsapp/repository.ts';
import { celularParaWhatsapp } from './whatsapp/service.ts';

/**
 * The checkout's 'Avisos deste pedido' (issue 22), for order placement (modules/orders): the
 * channels ticked, recorded as the customer's choice only when the order is placed, in the
 * order's transaction (a customer who ticks and leaves records nothing). A channel listed and
 * not chosen yet is chosen, one chosen and left out is revoked, each with the order's instant and
 * source 'checkout'; one already as asked is left as it was (its time and source kept).
 *
 * Checked before the order is written: WhatsApp needs the account's phone to be a Brazilian
 * mobile (else 400 `telefone`, in Portuguese, as /cliente answers). Answers what to write inside
 * the order's transaction, or undefined when nothing changes.
 */
export async function escolhaDoCheckout(
  db: Db,
  idcliente: number,
  canais: readonly CanalNotificacao[],
  agora: string,
): Promise<((trx: Db) => Promise<void>) | undefined> {
  const atuais = await repo.canais(db, idcliente);
  const ligar = [...new Set(canais)].filter((c) => !atuais.includes(c));
  const desligar = atuais.filter((c) => !canais.includes(c));
  if (ligar.length === 0 && desligar.length === 0) return undefined;
  const celular = ligar.includes('whatsapp')
    ? await celularParaWhatsapp(db, idcliente, undefined)
    : undefined;
  return async (trx) => {
    for (const canal of ligar) await repo.gravarConsentimento(trx, idcliente, canal, true, 'checkout', agora);
    for (const canal of desligar)
      await repo.gravarConsentimento(trx, idcliente, canal, false, 'checkout', agora);
    if (celular) await whatsappRepository.gravarTelefone(trx, idcliente, celular);
  };
}
