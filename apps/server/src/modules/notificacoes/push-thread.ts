import { Worker } from 'node:worker_threads';
import type { AssinaturaPush, PushSender, Vapid } from './push-envio.ts';

/** A message for the push thread (push-worker.ts). */
export interface PedidoPush {
  id: number;
  assinatura: AssinaturaPush;
  payload: string;
  opcoes: { topico: string; ttlSegundos: number };
  vapid: Vapid;
}
/** Its answer: the push service's status, or the error that kept it from answering. */
export type RespostaDoWorker = { id: number; status: number } | { id: number; erro: string };

/**
 * The push thread's file: the build's push-worker.mjs beside main.mjs, or the source under tsx
 * (the dev server, the tests), which a worker only runs once tsx is registered in it.
 */
function novoWorker(workerData: { caPem?: string }): Worker {
  // Its own heap, its old generation capped (the young one as Node sizes it: never below the
  // server's own): about 12 MB of RSS once started.
  const resourceLimits = { maxOldGenerationSizeMb: 32 };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./push-worker.mjs', import.meta.url), { workerData, resourceLimits });
  const fonte = JSON.stringify(new URL('./push-worker.ts', import.meta.url).href);
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${fonte}); })`,
    { eval: true, workerData, resourceLimits },
  );
}

/**
 * The push port on a worker thread (issue 22's orders/s with notifications on ÷ off): a
 * message's encryption (an ECDH key pair and secret per message, RFC 8291) and its HTTPS request
 * took a third of a millisecond of the event loop that serves the orders each; here they run on
 * one thread of their own, started at the first message, and the loop only posts the message and
 * reads the status. The thread dying fails the messages it held (each is retried by the outbox,
 * as after a network error) and the next message starts a new one. `caPem`: a certificate to
 * trust besides the system's (the tests' push-service fake).
 */
export function createPushEmThread(
  vapid: () => Promise<Vapid>,
  { caPem }: { caPem?: string } = {},
): PushSender & { fechar(): Promise<void> } {
  let worker: Worker | undefined;
  let proximo = 0;
  const pendentes = new Map<
    number,
    { resolve: (r: { status: number }) => void; reject: (e: Error) => void }
  >();
  const falhar = (w: Worker, e: Error) => {
    if (worker !== w) return;
    worker = undefined;
    for (const p of pendentes.values()) p.reject(e);
    pendentes.clear();
  };
  const iniciar = (): Worker => {
    const w = novoWorker(caPem ? { caPem } : {});
    // Idle, it keeps no process alive; a message under way does (its promise is awaited).
    w.unref();
    w.on('message', (m: RespostaDoWorker) => {
      const p = pendentes.get(m.id);
      if (!p) return;
      pendentes.delete(m.id);
      if ('erro' in m) p.reject(new Error(m.erro));
      else p.resolve({ status: m.status });
    });
    w.on('error', (e) => falhar(w, e));
    w.on('exit', (code) => falhar(w, new Error(`a thread de push saiu (código ${code})`)));
    return w;
  };
  return {
    async enviar(assinatura, payload, opcoes) {
      const v = await vapid();
      const w = (worker ??= iniciar());
      const id = proximo++;
      return new Promise((resolve, reject) => {
        pendentes.set(id, { resolve, reject });
        w.postMessage({ id, assinatura, payload, opcoes, vapid: v } satisfies PedidoPush);
      });
    },
    /** Ends the thread; a message still under way fails (the outbox tries it again later). */
    async fechar() {
      const w = worker;
      if (!w) return;
      falhar(w, new Error('a thread de push foi encerrada'));
      await w.terminate();
    },
  };
}
