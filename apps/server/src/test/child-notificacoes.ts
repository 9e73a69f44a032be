/**
 * One notifications sender in a process of its own (the kill -9 test, modules/notificacoes/
 * kill.test.ts): on the PostgreSQL schema CHILD_SCHEMA of TEST_DATABASE_URL, it follows the event
 * log and sends what is due, in a loop, as the job does on every instance. Push goes to the local
 * push-service fake (its certificate in PUSH_CA), e-mail to the outbox. Prints `pronto` once
 * running. MORRER_APOS_EMAIL=n: right after its n-th e-mail is accepted, and before recording
 * it, the process kills itself with SIGKILL (the worst moment for an instance to die).
 */
import { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from '../adapters/mail/outbox.ts';
import { createDb } from '../db/index.ts';
import { carregarVapid, createWebPushSender } from '../modules/notificacoes/push.ts';
import { createNotificacoesService } from '../modules/notificacoes/service.ts';
import { testConfig } from './db.ts';

const url = process.env.TEST_DATABASE_URL;
const schema = process.env.CHILD_SCHEMA;
if (!url || !schema) throw new Error('TEST_DATABASE_URL e CHILD_SCHEMA');
const db = createDb(url, { schema });
const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const outbox = createOutboxMailer(db, silencio);
const morrerApos = Number(process.env.MORRER_APOS_EMAIL ?? 0);
let emails = 0;
const service = createNotificacoesService({
  db,
  mailer: {
    async send(msg) {
      await outbox.send(msg);
      emails++;
      if (morrerApos > 0 && emails >= morrerApos) process.kill(process.pid, 'SIGKILL');
    },
  },
  push: createWebPushSender(
    () => carregarVapid(db, testConfig()),
    new Agent({ ca: process.env.PUSH_CA, keepAlive: false }),
  ),
  publicUrl: 'http://rango.test',
  log: silencio,
  prazoTentativaMs: Number(process.env.PRAZO_MS ?? 60_000),
});
process.stdout.write('pronto\n');
for (;;) {
  try {
    await service.rodar();
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  }
  await new Promise((r) => setTimeout(r, 20));
}
