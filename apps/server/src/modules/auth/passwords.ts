import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane), a random 16-byte salt, stored
 * as the PHC string ('$argon2id$v=19$m=19456,t=2,p=1$…'), which carries its own parameters so
 * they can be raised later without breaking old hashes.
 */
const PARAMS = { parallelism: 1, iterations: 2, memorySize: 19 * 1024, hashLength: 32 } as const;

const WORKER_URL = new URL('./argon2-worker.mjs', import.meta.url);

type Job =
  | { op: 'hash'; password: string; salt: Uint8Array; params: typeof PARAMS }
  | { op: 'verify'; password: string; hash: string };
type Answer = { id: number; ok: true; result: string | boolean } | { id: number; ok: false; error: string };

interface Pending {
  job: Job;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

export interface Passwords {
  hashSenha(senha: string): Promise<string>;
  /**
   * True when `senha` matches `hash`. With no hash (unknown e-mail, social-only account) it still
   * runs one verification against a throwaway hash, so the answer takes as long either way and
   * its timing does not tell which e-mails have accounts.
   */
  verifySenha(senha: string, hash: string | null | undefined): Promise<boolean>;
  /** Ends the workers (app close); a later call starts new ones. */
  close(): Promise<void>;
}

/**
 * Password hashing on a small pool of worker threads: each argon2id run takes ~65 ms of CPU and
 * on the main thread would stall every other request meanwhile. Workers start on first use (at
 * most `size`, default min(4, available parallelism)), take one job at a time, and jobs beyond
 * them wait in a queue.
 */
export function createPasswords(
  size = Math.min(4, availableParallelism()),
  /** A worker idle this long exits (its isolate and 19 MiB of wasm memory go back to the OS). */
  idleMs = 10_000,
): Passwords {
  const idle: Worker[] = [];
  const idleTimers = new Map<Worker, NodeJS.Timeout>();
  const all = new Set<Worker>();
  const busy = new Map<Worker, { id: number; pending: Pending }>();
  const queue: Pending[] = [];
  let nextId = 1;

  function start(): Worker {
    const worker = new Worker(WORKER_URL);
    all.add(worker);
    worker.on('message', (answer: Answer) => {
      const current = busy.get(worker);
      busy.delete(worker);
      if (current && current.id === answer.id) {
        if (answer.ok) current.pending.resolve(answer.result);
        else current.pending.reject(new Error(`argon2: ${answer.error}`));
      }
      idle.push(worker);
      pump();
      if (idle.includes(worker)) {
        const timer = setTimeout(() => {
          idleTimers.delete(worker);
          const i = idle.indexOf(worker);
          if (i < 0) return;
          idle.splice(i, 1);
          all.delete(worker);
          void worker.terminate();
        }, idleMs);
        timer.unref();
        idleTimers.set(worker, timer);
      }
    });
    const fail = (error: Error) => {
      all.delete(worker);
      const i = idle.indexOf(worker);
      if (i >= 0) idle.splice(i, 1);
      const current = busy.get(worker);
      busy.delete(worker);
      current?.pending.reject(error);
      pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`argon2 worker exited (${code})`)));
    return worker;
  }

  function pump(): void {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (all.size < size ? start() : undefined);
      if (!worker) return;
      const pending = queue.shift()!;
      clearTimeout(idleTimers.get(worker));
      idleTimers.delete(worker);
      const id = nextId++;
      busy.set(worker, { id, pending });
      worker.postMessage({ id, ...pending.job });
    }
  }

  function run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      queue.push({ job, resolve, reject });
      pump();
    });
  }

  async function hashSenha(senha: string): Promise<string> {
    const result = await run({ op: 'hash', password: senha, salt: randomBytes(16), params: PARAMS });
    if (typeof result !== 'string') throw new Error('argon2: unexpected answer');
    return result;
  }

  let dummy: Promise<string> | undefined;

  return {
    hashSenha,
    async verifySenha(senha, hash) {
      if (!hash) {
        dummy ??= hashSenha(randomBytes(16).toString('hex'));
        await run({ op: 'verify', password: senha, hash: await dummy });
        return false;
      }
      try {
        return (await run({ op: 'verify', password: senha, hash })) === true;
      } catch {
        // A stored value that is not a PHC string is not a match (and not a 500).
        return false;
      }
    },
    async close() {
      const workers = [...all];
      all.clear();
      for (const t of idleTimers.values()) clearTimeout(t);
      idleTimers.clear();
      idle.length = 0;
      for (const p of queue.splice(0)) p.reject(new Error('argon2 pool closed'));
      dummy = undefined;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
