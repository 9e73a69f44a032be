import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane), a random 16-byte salt, stored
 * as the PHC string ('$argon2id$v=19$m=19456,t=2,p=1$…'), which carries its own parameters so
 * they can be raised later without breaking old hashes. The binding's defaults are argon2id and
 * version 0x13 (its `Algorithm`/`Version` are ambient const enums, which isolated modules cannot
 * read); the tests pin the PHC prefix so a changed default would show.
 */
const PARAMS = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export interface Passwords {
  hashSenha(senha: string): Promise<string>;
  /**
   * True when `senha` matches `hash`. With no hash (unknown e-mail, social-only account) it still
   * runs one verification against a throwaway hash, so the answer takes as long either way and
   * its timing does not tell which e-mails have accounts.
   */
  verifySenha(senha: string, hash: string | null | undefined): Promise<boolean>;
  /** Waits for the hashes under way (app close); later calls still work. */
  close(): Promise<void>;
}

/** Runs at most `max` of the works given at once; the others start in their order of arrival. */
export function limitConcurrency(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line (running stays the same), or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Password hashing in native code (@node-rs/argon2, prebuilt for each platform inside its npm
 * packages): its async calls run on libuv's thread pool, never on the event loop, and take about
 * a third of the CPU the WebAssembly build on worker threads took. At most `concurrency` runs at
 * once (default min(4, available parallelism)), the others wait here: libuv's pool has 4 threads
 * shared with file reads, DNS and zlib, and a login burst must not take all of them, nor more
 * cores than the machine has, from the requests that only read the menu.
 */
export function createPasswords(concurrency = Math.min(4, availableParallelism())): Passwords {
  const limited = limitConcurrency(concurrency);
  const underWay = new Set<Promise<unknown>>();

  function track<T>(promise: Promise<T>): Promise<T> {
    underWay.add(promise);
    const forget = () => underWay.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  const hashSenha = (senha: string): Promise<string> =>
    track(limited(() => hash(senha, { ...PARAMS, salt: randomBytes(16) })));

  let dummy: Promise<string> | undefined;

  return {
    hashSenha,
    async verifySenha(senha, stored) {
      if (!stored) {
        dummy ??= hashSenha(randomBytes(16).toString('hex'));
        const throwaway = await dummy;
        await track(limited(() => verify(throwaway, senha)));
        return false;
      }
      try {
        return await track(limited(() => verify(stored, senha)));
      } catch {
        // A stored value that is not a PHC string is not a match (and not a 500).
        return false;
      }
    },
    async close() {
      await Promise.allSettled([...underWay]);
    },
  };
}
