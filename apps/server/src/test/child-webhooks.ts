/**
 * One webhooks sender in a process of its own (the kill -9 test, modules/webhooks/kill.test.ts):
 * on the PostgreSQL schema CHILD_SCHEMA of TEST_DATABASE_URL it runs the job's work (fan the event
 * log out, claim and send the due attempts) in a loop, as every instance does. Its clock is the
 * real one plus the milliseconds written in the file RELOGIO (the test moves every instance's
 * time at once: a claim of a dead instance then expires). Prints `pronto` once running.
 * MORRER_APOS_ENVIO=n: right after its n-th POST was answered by the receiver, and before the
 * outcome is recorded, the process kills itself with SIGKILL (the worst moment to die).
 */
import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { createOutboxMailer } from '../adapters/mail/outbox.ts';
import { createDb } from '../db/index.ts';
import { createSegredos } from '../modules/secrets/service.ts';
import { createHttpPost } from '../modules/webhooks/http-post.ts';
import { createWebhooks } from '../modules/webhooks/service.ts';
import { testConfig } from './db.ts';

const url = process.env.TEST_DATABASE_URL;
const schema = process.env.CHILD_SCHEMA;
const relogio = process.env.RELOGIO;
if (!url || !schema || !relogio) throw new Error('TEST_DATABASE_URL, CHILD_SCHEMA e RELOGIO');
const db = createDb(url, { schema });
const silencio = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const desvio = (): number => {
  try {
    return Number(readFileSync(relogio, 'utf8')) || 0;
  } catch {
    return 0;
  }
};
const morrerApos = Number(process.env.MORRER_APOS_ENVIO ?? 0);
const post = createHttpPost({ soPublico: false });
let enviados = 0;
const svc = createWebhooks({
  db,
  segredos: createSegredos(db, testConfig()),
  mailer: createOutboxMailer(db, silencio),
  log: silencio,
  producao: false,
  agora: () => new Date(Date.now() + desvio()),
  timeoutMs: 5_000,
  async http(pedido) {
    const r = await post(pedido);
    enviados++;
    if (morrerApos > 0 && enviados >= morrerApos) process.kill(process.pid, 'SIGKILL');
    return r;
  },
});
process.stdout.write('pronto\n');
for (;;) {
  try {
    await svc.processar();
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  }
  await new Promise((r) => setTimeout(r, 20));
}
