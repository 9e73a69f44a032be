import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { storedSecret } from '../../http/auth.ts';
import type { Vapid } from './push-envio.ts';

/**
 * The VAPID keys: from the environment (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY), else a pair
 * generated at first start and kept in `configuracao` (every instance on the database shares it;
 * the private key is never logged nor answered).
 */
export async function carregarVapid(db: Db, config: Pick<Config, 'vapid'>): Promise<Vapid> {
  const subject = config.vapid?.subject ?? 'mailto:nao-responda@rango.local';
  const { publicKey, privateKey } = config.vapid ?? {};
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  if (publicKey || privateKey) throw new Error('VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY: as duas ou nenhuma');
  const guardado = JSON.parse(
    await storedSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as { publicKey: string; privateKey: string };
  return { ...guardado, subject };
}

/** A Topic header (≤ 32 base64url characters) from the message's key: the service replaces an undelivered copy. */
export const topicoDe = (chave: string): string =>
  createHash('sha256').update(chave).digest('base64url').slice(0, 32);

/** Sending itself (web-push, the VAPID header signed once per origin): push-envio.ts. */
export type { AssinaturaPush, PushSender, RespostaPush, Vapid } from './push-envio.ts';
export { VAPID_VALIDADE_S, createWebPushSender } from './push-envio.ts';
export { createPushEmThread } from './push-thread.ts';
