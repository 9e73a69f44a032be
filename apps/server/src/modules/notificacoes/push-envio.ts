import type { Agent } from 'node:https';
import webpush from 'web-push';

/** The server's VAPID pair (base64url) and contact. */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
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

/** How long a VAPID JWT is signed for (RFC 8292 allows up to 24 h), and when a new one is signed. */
export const VAPID_VALIDADE_S = 12 * 3600;
const VAPID_RENOVAR_S = 3600;

/**
 * The maintained `web-push` library (RFC 8030 / 8291 aes128gcm / 8292 VAPID). `agent`: the tests'
 * HTTPS agent trusting the local push-service fake's certificate.
 *
 * The VAPID header (an ES256 JWT for the push service's origin) is signed once per origin and
 * reused until an hour before it expires, as RFC 8292 allows: web-push would sign a new one (and
 * convert the private key to PEM) for every message, the largest part of a message's CPU.
 */
export function createWebPushSender(vapid: () => Promise<Vapid>, agent?: Agent): PushSender {
  const cabecalhos = new Map<string, { chave: string; valor: string; exp: number }>();
  const autorizacao = (endpoint: string, v: Vapid): string => {
    const origem = new URL(endpoint).origin;
    const agora = Math.floor(Date.now() / 1000);
    const c = cabecalhos.get(origem);
    if (c && c.chave === v.publicKey && c.exp - agora > VAPID_RENOVAR_S) return c.valor;
    const exp = agora + VAPID_VALIDADE_S;
    const { Authorization: valor } = webpush.getVapidHeaders(
      origem,
      v.subject,
      v.publicKey,
      v.privateKey,
      'aes128gcm',
      exp,
    );
    cabecalhos.set(origem, { chave: v.publicKey, valor, exp });
    return valor;
  };
  return {
    async enviar(a, payload, { topico, ttlSegundos }) {
      const v = await vapid();
      try {
        const r = await webpush.sendNotification(
          { endpoint: a.endpoint, keys: { p256dh: a.p256dh, auth: a.auth } },
          payload,
          {
            // No vapidDetails (nothing calls web-push's setVapidDetails): the header signed above goes as is.
            headers: { Authorization: autorizacao(a.endpoint, v) },
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
