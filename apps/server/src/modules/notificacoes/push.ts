import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { storedSecret } from '../../http/auth.ts';

/** The server's VAPID pair (base64url) and contact. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

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

export interface AssinaturaPush {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: its HTTP status (201 accepted; 404/410 gone; 429 slow down). */
export interface RespostaPush {
  status: number;
}

/** The push port: sends one encrypted message to one subscription. */
export interface PushSender {
  enviar(
    a: AssinaturaPush,
    payload: string,
    opcoes: { topico: string; ttlSegundos: number },
  ): Promise<RespostaPush>;
}

/** A Topic header (≤ 32 base64url characters) from the message's key: the service replaces an undelivered copy. */
export const topicoDe = (chave: string): string =>
  createHash('sha256').update(chave).digest('base64url').slice(0, 32);

/**
 * The maintained `web-push` library (RFC 8030 / 8291 aes128gcm / 8292 VAPID). `agent`: the tests'
 * HTTPS agent trusting the local push-service fake's certificate.
 */
export function createWebPushSender(vapid: () => Promise<Vapid>, agent?: Agent): PushSender {
  return {
    async enviar(a, payload, { topico, ttlSegundos }) {
      const v = await vapid();
      try {
        const r = await webpush.sendNotification(
          { endpoint: a.endpoint, keys: { p256dh: a.p256dh, auth: a.auth } },
          payload,
          {
            vapidDetails: { subject: v.subject, publicKey: v.publicKey, privateKey: v.privateKey },
            TTL: ttlSegundos,
            topic: topico,
            urgency: 'high',
            timeout: 10_000,
            ...(agent ? { agent } : {}),
          },
        );
        return { status: r.statusCode };
      } catch (e) {
        if (e instanceof webpush.WebPushError) return { status: e.statusCode };
        throw e;
      }
    },
  };
}
