import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushEmThread } from './push.ts';
import type { Vapid } from './push.ts';
import { startPushFake } from './push-fake.ts';
import type { PushFake } from './push-fake.ts';

/**
 * Web Push on a worker thread (push-thread.ts, the server's default port): the same messages as
 * on the event loop, checked by the push-service fake (the VAPID JWT verified, the aes128gcm body
 * decrypted with the subscription's keys), the service's statuses answered, and a thread that
 * ends failing only the messages it held.
 */
describe('push numa thread', () => {
  let fake: PushFake;
  let vapid: Vapid;
  let porta: ReturnType<typeof createPushEmThread>;

  beforeAll(async () => {
    fake = await startPushFake();
    vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:teste@rango.local' };
    fake.exigirChave(vapid.publicKey);
    porta = createPushEmThread(async () => vapid, { caPem: fake.certificadoPem });
  });
  afterAll(async () => {
    await porta?.fechar();
    await fake?.close();
  });

  const assinatura = () => {
    const a = fake.novaAssinatura();
    return { endpoint: a.endpoint, p256dh: a.keys.p256dh, auth: a.keys.auth };
  };

  it('sends what the push service decrypts, with the topic and TTL asked, several at once', async () => {
    const a = assinatura();
    const antes = fake.recebidas.length;
    const r = await Promise.all(
      [1, 2, 3].map((n) =>
        porta.enviar(a, JSON.stringify({ titulo: `Pedido ${n}` }), { topico: `topico${n}`, ttlSegundos: 60 }),
      ),
    );
    expect(r).toEqual([{ status: 201 }, { status: 201 }, { status: 201 }]);
    const novas = fake.recebidas.slice(antes);
    expect(novas.map((m) => JSON.parse(m.corpo) as unknown).sort()).toEqual(
      [{ titulo: 'Pedido 1' }, { titulo: 'Pedido 2' }, { titulo: 'Pedido 3' }].sort(),
    );
    expect(novas.map((m) => m.topic).sort()).toEqual(['topico1', 'topico2', 'topico3']);
    expect(novas.every((m) => m.ttl === 60)).toBe(true);
    expect(fake.recusadas).toEqual([]);
  });

  it("answers the service's status: 410 for a subscription gone, 429 when slowed down", async () => {
    const gone = assinatura();
    fake.responder(gone.endpoint, 410);
    expect(await porta.enviar(gone, '{}', { topico: 't', ttlSegundos: 60 })).toEqual({ status: 410 });
    const lenta = assinatura();
    fake.responder(lenta.endpoint, 429);
    expect(await porta.enviar(lenta, '{}', { topico: 't', ttlSegundos: 60 })).toEqual({ status: 429 });
  });

  it('a VAPID key the service does not accept is refused there (403), not sent as another', async () => {
    const outra = createPushEmThread(
      async () => ({ ...webpush.generateVAPIDKeys(), subject: 'mailto:outra@rango.local' }),
      { caPem: fake.certificadoPem },
    );
    try {
      const r = await outra.enviar(assinatura(), '{}', { topico: 't', ttlSegundos: 60 });
      expect(r.status).toBe(403);
    } finally {
      await outra.fechar();
    }
  });

  it('a thread ended mid-send fails the message it held; the next message starts a new thread', async () => {
    fake.atrasar(1500);
    try {
      const a = assinatura();
      // Its outcome read from the start (a rejection nobody waits for yet is an unhandled one).
      const emCurso = porta.enviar(a, '{"n":1}', { topico: 't', ttlSegundos: 60 }).then(
        (r) => r,
        (e: unknown) => e,
      );
      // The request reached the service (stored), its answer not yet back.
      await expect
        .poll(() => fake.recebidas.some((m) => m.corpo === '{"n":1}'), { timeout: 5000 })
        .toBe(true);
      await porta.fechar();
      expect(await emCurso).toEqual(new Error('a thread de push foi encerrada'));
    } finally {
      fake.atrasar(0);
    }
    expect(await porta.enviar(assinatura(), '{"n":2}', { topico: 't', ttlSegundos: 60 })).toEqual({
      status: 201,
    });
  });

  it('an unreachable service is an error (the outbox retries it), not a status', async () => {
    const a = { ...assinatura(), endpoint: 'https://127.0.0.1:1/push/x' };
    await expect(porta.enviar(a, '{}', { topico: 't', ttlSegundos: 60 })).rejects.toThrow();
  });
});
