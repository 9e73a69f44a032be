import { Agent } from 'node:https';
import { parentPort, workerData } from 'node:worker_threads';
import { createWebPushSender } from './push-envio.ts';
import type { PedidoPush, RespostaDoWorker } from './push-thread.ts';
import type { Vapid } from './push-envio.ts';

/**
 * The push thread (push-thread.ts): web-push's encryption and the HTTPS request, off the event
 * loop that serves the orders. Messages come in with the VAPID pair to use; each answer goes back
 * with its id. `workerData.caPem`: a certificate to trust besides the system's (the tests' fake).
 */
const { caPem } = (workerData ?? {}) as { caPem?: string };
const agent = caPem ? new Agent({ keepAlive: true, ca: caPem }) : undefined;
let vapid: Vapid | undefined;
const sender = createWebPushSender(async () => vapid!, agent);

parentPort!.on('message', (m: PedidoPush) => {
  vapid = m.vapid;
  sender.enviar(m.assinatura, m.payload, m.opcoes).then(
    (r) => parentPort!.postMessage({ id: m.id, status: r.status } satisfies RespostaDoWorker),
    (e: unknown) =>
      parentPort!.postMessage({
        id: m.id,
        erro: e instanceof Error ? e.message : String(e),
      } satisfies RespostaDoWorker),
  );
});
