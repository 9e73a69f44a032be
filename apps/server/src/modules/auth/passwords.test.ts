import { afterAll, describe, expect, it } from 'vitest';
import { createPasswords, limitConcurrency } from './passwords.ts';

/**
 * Hashes made by the previous implementation (hash-wasm's argon2id in worker threads, same
 * parameters) for 'senha-antiga-1' and for a password with accents and an emoji (both sides
 * must hash the UTF-8 bytes): every account created before the native binding must still log in.
 */
const OLD_HASHES = [
  [
    'senha-antiga-1',
    '$argon2id$v=19$m=19456,t=2,p=1$hEfxwjc+jk4PDz7EYux80g$ubBlJ4mQ/z6AFFlx6i2EZM8zJ5Kkgni+52CFORwE20o',
  ],
  [
    'Çábio ñ 🍕 123',
    '$argon2id$v=19$m=19456,t=2,p=1$laBOAgssjZC0+5Vf9ESHCA$CanBL12p3yf0zhkpx9H5asNKRAppoa+A4oNlmTLtsYA',
  ],
] as const;

describe('passwords (native argon2id off the event loop)', () => {
  const passwords = createPasswords();
  afterAll(async () => {
    await passwords.close();
  });

  it('hashes to the same PHC form (argon2id v19, 19 MiB, 2 passes, 1 lane, 16-byte salt) and verifies', async () => {
    const hash = await passwords.hashSenha('segredo1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await passwords.verifySenha('segredo1', hash)).toBe(true);
    expect(await passwords.verifySenha('segredo2', hash)).toBe(false);
    // A fresh salt each time.
    expect(await passwords.hashSenha('segredo1')).not.toBe(hash);
  });

  it('verifies the hashes the WebAssembly implementation stored', async () => {
    for (const [senha, hash] of OLD_HASHES) {
      expect(await passwords.verifySenha(senha, hash), senha).toBe(true);
      expect(await passwords.verifySenha(`${senha}x`, hash), senha).toBe(false);
    }
  });

  it('refuses without throwing for no hash or a stored value that is not a PHC string', async () => {
    expect(await passwords.verifySenha('x', null)).toBe(false);
    expect(await passwords.verifySenha('x', undefined)).toBe(false);
    expect(await passwords.verifySenha('x', 'nao-e-hash')).toBe(false);
    expect(await passwords.verifySenha('x', '$argon2id$v=19$m=19456,t=2,p=1$curto$x')).toBe(false);
  });

  it('does not block the event loop: it stays idle while 8 hashes run, and a timer fires before they end', async () => {
    await passwords.hashSenha('aquecer');
    // Event-loop utilisation counts the time this thread spends running JavaScript (or native
    // code called from it) against the time it waits for I/O: about 1 if the hashes ran here,
    // low while they run on libuv's pool. It does not depend on how loaded the machine is.
    const before = performance.eventLoopUtilization();
    const started = performance.now();
    const all = Promise.all(
      ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'].map((s) => passwords.hashSenha(s)),
    );
    const timer = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 0));
    const hashes = await all;
    const ended = performance.now();
    const elu = performance.eventLoopUtilization(before);
    expect(new Set(hashes).size).toBe(8);
    expect(timer).toBeLessThan(ended);
    expect(
      elu.utilization,
      `utilização ${elu.utilization.toFixed(2)} em ${Math.round(ended - started)} ms`,
    ).toBeLessThan(0.5);
  });

  it('runs at most `concurrency` works at once; the others start in order as slots free, failures too', async () => {
    const limited = limitConcurrency(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: Array<{ open: () => void; fail: () => void }> = [];
    const work = (n: number) => () =>
      new Promise<number>((resolve, reject) => {
        running++;
        peak = Math.max(peak, running);
        started.push(n);
        const end = (ok: boolean) => {
          running--;
          if (ok) resolve(n);
          else reject(new Error(`falhou ${n}`));
        };
        gates[n] = { open: () => end(true), fail: () => end(false) };
      });
    const tick = () => new Promise((r) => setImmediate(r));
    const results = [0, 1, 2, 3, 4].map((n) => limited(work(n)));
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.fail();
    await expect(results[1]).rejects.toThrow('falhou 1');
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const n of [2, 3]) gates[n]!.open();
    await tick();
    gates[4]!.open();
    expect(await Promise.all([results[0], results[2], results[3], results[4]])).toEqual([0, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('close waits for the hashes under way; later calls still work', async () => {
    const pending = passwords.hashSenha('em-curso');
    await passwords.close();
    await expect(Promise.race([pending, Promise.resolve('ainda não')])).resolves.toMatch(/^\$argon2id\$/);
    const hash = await passwords.hashSenha('depois');
    expect(await passwords.verifySenha('depois', hash)).toBe(true);
  });
});
