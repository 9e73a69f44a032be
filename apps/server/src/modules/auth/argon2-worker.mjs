// argon2id off the main thread (see passwords.ts). Plain JavaScript ESM so tsx, vitest and node
// run it the same. One job at a time: { id, op: 'hash', password, salt, params } answers the PHC
// string; { id, op: 'verify', password, hash } answers true or false.
import { parentPort } from 'node:worker_threads';
import { argon2Verify, argon2id } from 'hash-wasm';

if (!parentPort) throw new Error('argon2-worker.mjs runs only as a worker thread');
const port = parentPort;

port.on('message', async (job) => {
  try {
    const result =
      job.op === 'hash'
        ? await argon2id({ ...job.params, password: job.password, salt: job.salt, outputType: 'encoded' })
        : await argon2Verify({ password: job.password, hash: job.hash });
    port.postMessage({ id: job.id, ok: true, result });
  } catch (e) {
    port.postMessage({ id: job.id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});
