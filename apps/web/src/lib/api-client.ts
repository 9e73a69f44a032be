/**
 * The HTTP client (ARCHITECTURE.md src/api): base /api/ead, JSON, the session's Bearer token on
 * every call, one shared refresh on a 401 (spec section 8, Session), errors turned into the
 * spec's texts by the domain's errorText. Answers are parsed with the domain's zod schemas so a
 * contract drift shows as a clear error, not a broken screen.
 */
import { errorText, refreshAnswerSchema } from '@rango/domain';
import type { Schema } from '@rango/domain';
import { z } from 'zod/mini';
import { API_BASE, paths } from '../config/paths.ts';
import { clearSession, getSession, setTokens, syncSessionFromStorage } from '../stores/session.ts';

export class ApiError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  constructor(status: number | undefined, data: unknown, requestMessage?: string) {
    super(errorText({ status, data, message: requestMessage }));
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * False for the calls that hand out tokens (login, social login): their 401/400 is the
   * answer itself, never a reason to refresh.
   */
  refreshOn401?: boolean;
  /** 'text' for the calls that answer HTML (the order receipt): the body as a string. */
  responseType?: 'json' | 'text';
}

const REFRESH_PATH = '/controle/token/refresh/';

/**
 * Where an expired session goes. The router registers `navigate` (useSessionExpiredRedirect in
 * app/guards.tsx); without it (a call before the app mounted) the page is reloaded there.
 */
let onSessionExpired: (to: string) => void = (to) => window.location.assign(to);
export function setSessionExpiredHandler(handler: ((to: string) => void) | null): void {
  onSessionExpired = handler ?? ((to) => window.location.assign(to));
}

function expireSession(): void {
  // Marked as expired: a login-required page on screen waits for this navigation to /logout
  // instead of bouncing to /login first.
  clearSession({ expired: true });
  onSessionExpired(paths.logoutSessaoExpirada);
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  // No Accept header: the API only speaks JSON, and a GET with the browser's default headers
  // matches the server's `<link rel="preload" as="fetch">` hints, so Chrome reuses the answer.
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(undefined, undefined);
  }
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The refresh in flight: every 401 that arrives meanwhile waits for this same one. */
let refreshing: Promise<boolean> | null = null;

/**
 * Runs `fn` holding a lock shared by every tab of this site (Web Locks API), so two tabs never
 * spend the same refresh token: the server treats a second use as theft and revokes the whole
 * session. Browsers without the API run it directly (the in-tab sharing still applies).
 */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('rango-refresh', fn) : fn();
}

/**
 * Trades the refresh token for a new pair (refresh tokens rotate: both are stored). Resolves
 * true when the caller may retry. A refused refresh (401/400) ends the session; a network or
 * server failure keeps it (the tokens may still be good) and the original error stands.
 * `staleAccess` is the access token the server refused: if another tab replaced it while this
 * one waited for the lock, that tab's pair is used instead of refreshing again.
 */
function refreshSession(staleAccess: string | null): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    const session = syncSessionFromStorage();
    if (session.access !== null && session.access !== staleAccess) return true;
    const refresh = session.refresh;
    if (!refresh) return false;
    let res: Response;
    try {
      res = await send(REFRESH_PATH, { method: 'POST', body: { refresh } }, null);
    } catch {
      return false;
    }
    if (res.status === 401 || res.status === 400) {
      expireSession();
      return false;
    }
    if (!res.ok) return false;
    const parsed = refreshAnswerSchema.safeParse(await readJson(res));
    if (!parsed.success) return false;
    setTokens(parsed.data);
    return true;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Calls `${API_BASE}${path}` and parses the answer with `schema`. Throws ApiError. */
export async function apiRequest<T>(
  path: string,
  schema: Schema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const token = getSession().access;
  let res = await send(path, options, token);
  if (res.status === 401 && options.refreshOn401 !== false && path !== REFRESH_PATH) {
    const session = getSession();
    if (session.access !== null && session.access !== token) {
      // A refresh finished while this call was in flight: retry with the new token.
      res = await send(path, options, session.access);
    } else if (session.refresh !== null) {
      if (await refreshSession(token)) res = await send(path, options, getSession().access);
    } else if (token !== null) {
      // An access token without a refresh token cannot be renewed.
      expireSession();
    }
  }
  if (!res.ok) throw new ApiError(res.status, await readJson(res));
  const data = options.responseType === 'text' ? await res.text() : await readJson(res);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(500, undefined);
  return parsed.data;
}

const textSchema: Schema<string> = z.string();

export const apiGet = <T>(path: string, schema: Schema<T>, signal?: AbortSignal) =>
  apiRequest(path, schema, { signal });

/** A GET whose answer is not JSON (the order receipt's HTML), with the same token and refresh. */
export const apiGetText = (path: string, signal?: AbortSignal): Promise<string> =>
  apiRequest(path, textSchema, { signal, responseType: 'text' });

export const apiPost = <T>(path: string, body: unknown, schema: Schema<T>, options: RequestOptions = {}) =>
  apiRequest(path, schema, { ...options, method: 'POST', body });
