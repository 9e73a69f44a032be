/**
 * The session (spec section 3): access and refresh tokens in localStorage, and whether someone
 * is logged in. An external store so the HTTP client (outside React) and every component read
 * the same state; other tabs follow through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import type { TokenPair } from '@rango/domain';
import { STORAGE_KEYS } from '../storage/keys.ts';
import { getString, removeKey, setString } from '../storage/storage.ts';

export interface Session {
  access: string | null;
  refresh: string | null;
}

const listeners = new Set<() => void>();
let current: Session = read();
/** Set when a refused refresh ended the session: the app is on its way to /logout. */
let expired = false;
/**
 * Counts session changes: a login, a logout, an expiry, another tab's login or logout. A refresh
 * (the same session, its tokens rotated) keeps the count. Per-customer cached answers belong to
 * one count (see CustomerQueryReset in app/provider.tsx).
 */
let generation = 0;

function read(): Session {
  return { access: getString(STORAGE_KEYS.accessToken), refresh: getString(STORAGE_KEYS.refreshToken) };
}

function emit(): void {
  for (const l of listeners) l();
}

export function getSession(): Session {
  return current;
}

export const isLoggedIn = (s: Session = current): boolean => s.refresh !== null || s.access !== null;

/** Which session this is: changes with every login and logout, not with a token refresh. */
export const getSessionGeneration = (): number => generation;

/** Takes `fresh` as the session; a token appearing or vanishing makes it another session. */
function update(fresh: Session, newSession = false): void {
  if (newSession || isLoggedIn(fresh) !== isLoggedIn(current)) generation += 1;
  current = fresh;
  emit();
}

/**
 * After a refresh (refresh tokens rotate: both are replaced), or with `newSession` after a login
 * or social login (whatever was cached for a previous customer is dropped).
 */
export function setTokens(
  pair: { access: string; refresh?: string | undefined },
  { newSession = false }: { newSession?: boolean } = {},
): void {
  setString(STORAGE_KEYS.accessToken, pair.access);
  if (pair.refresh !== undefined) setString(STORAGE_KEYS.refreshToken, pair.refresh);
  expired = false;
  update(read(), newSession);
}

/**
 * Forgets both tokens (logout, expired session, deleted account). `expired`: the HTTP client's
 * refresh was refused and it is taking the customer to /logout; login-required pages then wait
 * for that navigation instead of sending the customer to /login (see RequireLogin).
 */
export function clearSession({ expired: byExpiry = false }: { expired?: boolean } = {}): void {
  removeKey(STORAGE_KEYS.accessToken);
  removeKey(STORAGE_KEYS.refreshToken);
  expired = byExpiry;
  update(read());
}

/**
 * Re-reads the tokens from localStorage now (another tab may have rotated them a moment ago,
 * before its `storage` event reached this one). Returns the fresh session.
 */
export function syncSessionFromStorage(): Session {
  const fresh = read();
  if (fresh.access !== current.access || fresh.refresh !== current.refresh) update(fresh);
  return current;
}

/** True between a refused refresh and the logout page (which clears the session again). */
export const isSessionExpired = (): boolean => expired;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.accessToken || e.key === STORAGE_KEYS.refreshToken) {
      // Another tab's login or logout: its refresh token appeared or vanished (a rotation
      // replaces one token with another). Told by the event itself, so a tab that reads storage
      // late (throttled, frozen) still sees the logout between two customers' sessions.
      const otherSession =
        e.key === null ||
        (e.key === STORAGE_KEYS.refreshToken && (e.oldValue === null || e.newValue === null));
      update(read(), otherSession);
    }
  });
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** True while tokens are held (the customer fetch confirms them; a failed refresh clears them). */
export function useIsLoggedIn(): boolean {
  return isLoggedIn(useSession());
}

/** Pages a login must never lead back to (they would bounce or log out again). */
const NOT_A_REDIRECT = /^\/(login|cadastro|recuperar|logout)(\/|\?|$)/;

/** An in-app path worth returning to: '/…' but not '//host' (that would leave the site). */
function isRedirectPath(path: string | null): path is string {
  return path !== null && path.startsWith('/') && !path.startsWith('//') && !NOT_A_REDIRECT.test(path);
}

/** A login-required page remembers where the visitor wanted to go (spec section 2). */
export function rememberRedirect(path: string): void {
  if (isRedirectPath(path)) setString(STORAGE_KEYS.redirecionar, path);
}

/** The remembered path, if any and safe; does not forget it. */
export function peekRedirect(): string | null {
  const path = getString(STORAGE_KEYS.redirecionar);
  return isRedirectPath(path) ? path : null;
}

/** The remembered path (else '/'), forgotten once used. */
export function consumeRedirect(): string {
  const path = peekRedirect();
  removeKey(STORAGE_KEYS.redirecionar);
  return path ?? '/';
}

export type { TokenPair };
