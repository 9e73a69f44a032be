/**
 * An endpoint down for a while, in simulated time (bench/src/webhooks.ts runs this in a process of
 * its own on the benchmark's SQLite file, the server stopped): the webhooks service with its clock
 * injected, a receiver on a local port answering 503 while 'down'. POR_MINUTO orders a minute for
 * MINUTOS_FORA minutes ('pedido.criado' events of existing orders of establishment 1), the job run
 * every 2 simulated seconds; then the receiver answers 200 and the clock goes on, 10 s a step,
 * until every delivery is recorded (or 2 simulated hours). Prints one line of JSON: the events,
 * the refused attempts, the deliveries recorded, the events that got a 2xx, the copies (an event
 * with a 2xx more than once), the simulated minutes from the recovery to the last delivery and the
 * real seconds the whole took.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTO, STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from '../adapters/mail/outbox.ts';
import { createDb } from '../db/index.ts';
import { registrarEvento } from '../modules/events/record.ts';
import { createSegredos } from '../modules/secrets/service.ts';
import { createHttpPost } from '../modules/webhooks/http-post.ts';
import { createWebhooks } from '../modules/webhooks/service.ts';

const arquivo = process.env.DATABASE_URL;
if (!arquivo) throw new Error('DATABASE_URL');
const POR_MINUTO = Number(process.env.POR_MINUTO ?? 100);
const MINUTOS_FORA = Number(process.env.MINUTOS_FORA ?? 10);

const rx = { fora: true, recebidos: 0, ok: new Map<string, number>() };
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    rx.recebidos++;
    if (!rx.fora) {
      const id = String(req.headers['rango-event-id']);
      rx.ok.set(id, (rx.ok.get(id) ?? 0) + 1);
    }
    res.writeHead(rx.fora ? 503 : 200, { 'content-type': 'text/plain' }).end(rx.fora ? 'fora do ar' : 'ok');
  });
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rango`;

const db = createDb(arquivo);
let agora = Date.now();
const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const svc = createWebhooks({
  db,
  segredos: createSegredos(db, { production: false, secretsKeys: undefined }),
  mailer: createOutboxMailer(db, silencio),
  log: silencio,
  producao: false,
  agora: () => new Date(agora),
  http: createHttpPost({ soPublico: false }),
});
// No endpoint is on (the benchmark removed its own): one run moves the fan-out past the old events.
await svc.processar();
const { webhook } = await svc.criar(
  { idestabelecimento: 1, idfuncionario: null },
  { url, eventos: ['pedido.criado'] },
);
const pedidos = (
  await db
    .selectFrom('pedido')
    .select('id')
    .where('idestabelecimento', '=', 1)
    .orderBy('id')
    .limit(1000)
    .execute()
).map((p) => p.id);
if (pedidos.length === 0) throw new Error('nenhum pedido do estabelecimento 1');
const n = POR_MINUTO * MINUTOS_FORA;
const inicio = performance.now();
let rodada = agora;
for (let i = 0; i < n; i++) {
  const id = pedidos[i % pedidos.length]!;
  await registrarEvento(db, {
    idestabelecimento: 1,
    idpedido: id,
    tipo: EVENTO.pedidoNovo,
    dados: { idpedido: id, status: STATUS.Realizado },
  });
  agora += 60_000 / POR_MINUTO;
  if (agora - rodada >= 2000) {
    await svc.processar();
    rodada = agora;
  }
}
const recusadas = rx.recebidos;
rx.fora = false;
const volta = agora;
const registradas = async () =>
  Number(
    (
      await db
        .selectFrom('webhook_entrega')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('idwebhook', '=', webhook.id)
        .where('status', '=', 'entregue')
        .executeTakeFirstOrThrow()
    ).n,
  );
let ultima = volta;
let feitas = 0;
while (agora - volta < 2 * 3_600_000) {
  agora += 10_000;
  if ((await svc.processar()).enviadas > 0) ultima = agora;
  feitas = await registradas();
  if (feitas >= n) break;
}
const linhas = Number(
  (
    await db
      .selectFrom('webhook_entrega')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idwebhook', '=', webhook.id)
      .executeTakeFirstOrThrow()
  ).n,
);
process.stdout.write(
  `${JSON.stringify({
    eventos: n,
    recusadas,
    linhas,
    registradas: feitas,
    com2xx: rx.ok.size,
    copias: [...rx.ok.values()].reduce((s, k) => s + k - 1, 0),
    minutosAteUltima: Math.round((ultima - volta) / 6000) / 10,
    segundosReais: Math.round((performance.now() - inicio) / 100) / 10,
  })}\n`,
);
await db.destroy();
server.closeAllConnections();
server.close();
