import { argon2Verify, argon2id } from 'hash-wasm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswords } from './passwords.ts';

describe('passwords (argon2id on worker threads)', () => {
  const passwords = createPasswords();
  afterAll(async () => {
    await passwords.close();
  });

  it('hashes to the same PHC form and verifies both ways, old main-thread hashes included', async () => {
    const hash = await passwords.hashSenha('segredo1');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await passwords.verifySenha('segredo1', hash)).toBe(true);
    expect(await passwords.verifySenha('segredo2', hash)).toBe(false);
    // A hash made on the main thread before the pool (same parameters) still verifies.
    const old = await argon2id({
      parallelism: 1,
      iterations: 2,
      memorySize: 19 * 1024,
      hashLength: 32,
      password: 'antiga',
      salt: new Uint8Array(16).fill(7),
      outputType: 'encoded',
    });
    expect(await passwords.verifySenha('antiga', old)).toBe(true);
    // And the pool's hashes verify with hash-wasm directly.
    expect(await argon2Verify({ password: 'segredo1', hash })).toBe(true);
  });

  it('refuses without throwing for no hash or a stored value that is not a PHC string', async () => {
    expect(await passwords.verifySenha('x', null)).toBe(false);
    expect(await passwords.verifySenha('x', 'nao-e-hash')).toBe(false);
  });

  it('does not block the event loop: a 5 ms interval keeps ticking during 4 concurrent hashes', async () => {
    await passwords.hashSenha('aquecer'); // the first worker's start is not what is measured
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
    // On the main thread each hash stalls the loop for its whole run (~65 ms, more on a busy
    // machine), so the timer could fire only between hashes: about 4 ticks in all. Off it, the
    // timer keeps its pace, give or take the scheduling noise of a loaded test machine.
    expect(ticks, `${ticks} ticks in ${Math.round(elapsed)} ms`).toBeGreaterThanOrEqual(
      Math.max(20, Math.floor(elapsed / 5 / 4)),
    );
    expect(worstGap).toBeLessThan(Math.max(100, elapsed / 4));
  });

  it('close ends the workers; the next call starts new ones', async () => {
    await passwords.close();
    const hash = await passwords.hashSenha('depois');
    expect(await passwords.verifySenha('depois', hash)).toBe(true);
  });

  it('an idle worker exits after its idle time and the next call starts a new one', async () => {
    const short = createPasswords(1, 50);
    try {
      const hash = await short.hashSenha('ocioso');
      const workers = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;
      const before = workers();
      await new Promise((r) => setTimeout(r, 300));
      expect(workers()).toBeLessThan(before);
      expect(await short.verifySenha('ocioso', hash)).toBe(true);
    } finally {
      await short.close();
    }
  });
});
