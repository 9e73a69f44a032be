import { describe, expect, it, vi } from 'vitest';

describe('checkStorageVersion (spec section 4)', () => {
  it('logs out the session store when a new storage version clears the tokens', async () => {
    localStorage.setItem('versao', '0');
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    // A fresh session store reads the tokens at import, as in main.tsx.
    vi.resetModules();
    const session = await import('../stores/session.ts');
    expect(session.isLoggedIn()).toBe(true);
    const { checkStorageVersion } = await import('./storage-version.ts');

    expect(checkStorageVersion()).toBe('updated');

    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(session.getSession()).toEqual({ access: null, refresh: null });
    expect(session.isLoggedIn()).toBe(false);
  });

  it('keeps the session when the version matches', async () => {
    localStorage.setItem('versao', '1');
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    vi.resetModules();
    const session = await import('../stores/session.ts');
    const { checkStorageVersion } = await import('./storage-version.ts');
    expect(checkStorageVersion()).toBe('ok');
    expect(session.getSession()).toEqual({ access: 'a', refresh: 'r' });
  });
});
