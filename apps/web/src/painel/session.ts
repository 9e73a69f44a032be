/**
 * The staff session: access and refresh tokens in localStorage under the panel's own keys. An
 * external store so the HTTP client (outside React) and every component read the same state;
 * other tabs follow through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import { PAINEL_KEYS, apagarChave, gravarChave, lerChave } from './storage.ts';

export interface StaffSession {
  access: string | null;
  refresh: string | null;
}

const listeners = new Set<() => void>();
let current: StaffSession = read();
/** Set when a refused refresh ended the session: the login page says so. */
let expired = false;
/** Changes with every login and logout (not with a token refresh): cached answers belong to one. */
let generation = 0;

function read(): StaffSession {
  return { access: lerChave(PAINEL_KEYS.accessToken), refresh: lerChave(PAINEL_KEYS.refreshToken) };
}

export const isStaffLoggedIn = (s: StaffSession = current): boolean =>
  s.refresh !== null || s.access !== null;

function update(fresh: StaffSession, newSession = false): void {
  if (newSession || isStaffLoggedIn(fresh) !== isStaffLoggedIn(current)) generation += 1;
  current = fresh;
  for (const l of listeners) l();
}

export const getStaffSession = (): StaffSession => current;
export const getStaffSessionGeneration = (): number => generation;
export const isStaffSessionExpired = (): boolean => expired;

/** After a login (`newSession`) or a refresh (both tokens rotate). */
export function setStaffTokens(pair: { access: string; refresh: string }, { newSession = false } = {}): void {
  gravarChave(PAINEL_KEYS.accessToken, pair.access);
  gravarChave(PAINEL_KEYS.refreshToken, pair.refresh);
  expired = false;
  update(read(), newSession);
}

/** Logout, or (`expired`) a refused refresh: the login page then says the session expired. */
export function clearStaffSession({ expired: byExpiry = false }: { expired?: boolean } = {}): void {
  apagarChave(PAINEL_KEYS.accessToken);
  apagarChave(PAINEL_KEYS.refreshToken);
  expired = byExpiry;
  update(read());
}

/** Re-reads the tokens now: another tab may have rotated them before its `storage` event came. */
export function syncStaffSession(): StaffSession {
  const fresh = read();
  if (fresh.access !== current.access || fresh.refresh !== current.refresh) update(fresh);
  return current;
}

export function subscribeStaffSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== PAINEL_KEYS.accessToken && e.key !== PAINEL_KEYS.refreshToken) return;
    // Another tab's login or logout makes the refresh token appear or vanish; a rotation
    // replaces it.
    const otherSession =
      e.key === null || (e.key === PAINEL_KEYS.refreshToken && (e.oldValue === null || e.newValue === null));
    update(read(), otherSession);
  });
}

export function useStaffSession(): StaffSession {
  return useSyncExternalStore(subscribeStaffSession, getStaffSession, getStaffSession);
}

export function useIsStaffLoggedIn(): boolean {
  return isStaffLoggedIn(useStaffSession());
}
