import { afterAll, describe, expect, it } from 'vitest';
import { createPasswords } from './passwords.ts';

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

  it('does not block the event loop: a 5 ms interval keeps ticking during 4 concurrent hashes', async () => {
    await passwords.hashSenha('aquecer');
    let ticks = 0;
    let worstGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    const hashes = await Promise.all(['a1', 'b2', 'c3', 'd4'].map((s) => passwords.hashSenha(s)));
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(new Set(hashes).size).toBe(4);
    // On the main thread each hash would stall the loop for its whole run, so the timer could
    // fire only between hashes: about 4 ticks in all. Off it, the timer keeps its pace, give or
    // take the scheduling noise of a loaded test machine.
    expect(ticks, `${ticks} ticks in ${Math.round(elapsed)} ms`).toBeGreaterThanOrEqual(
      Math.max(8, Math.floor(elapsed / 5 / 4)),
    );
    expect(worstGap).toBeLessThan(Math.max(100, elapsed / 4));
  });

  it('runs at most `concurrency` hashes at once; the others wait their turn and all finish', async () => {
    const one = createPasswords(1);
    try {
      const times: number[] = [];
      for (const s of ['um', 'dois']) {
        const started = performance.now();
        await one.hashSenha(s);
        times.push(performance.now() - started);
      }
      const single = Math.min(...times);
      const t0 = performance.now();
      const all = await Promise.all(['a', 'b', 'c'].map((s) => one.hashSenha(s)));
      const three = performance.now() - t0;
      expect(new Set(all).size).toBe(3);
      // One lane: three hashes take about three times one (they would take about one if they ran
      // side by side on a machine with cores to spare); a loose bound for a busy machine.
      expect(three, `um: ${Math.round(single)} ms, três: ${Math.round(three)} ms`).toBeGreaterThan(
        single * 2.2,
      );
    } finally {
      await one.close();
    }
  });

  it('close waits for the hashes under way; later calls still work', async () => {
    const pending = passwords.hashSenha('em-curso');
    await passwords.close();
    await expect(Promise.race([pending, Promise.resolve('ainda não')])).resolves.toMatch(/^\$argon2id\$/);
    const hash = await passwords.hashSenha('depois');
    expect(await passwords.verifySenha('depois', hash)).toBe(true);
  });
});
