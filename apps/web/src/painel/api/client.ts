/**
 * The panel's HTTP client: base /api/ead, JSON, the staff access token as Bearer, one shared
 * refresh on a 401 (refresh tokens rotate; a reused one revokes the family, so every tab shares
 * one refresh through a Web Lock), and the server's error bodies ({detail}, {non_field_errors},
 * {field: [...]}) turned into text by the domain's errorText, like the customer's client
 * (src/lib/api-client.ts), which this one does not import: that one carries the customer's
 * session.
 */
import { errorText } from '@rango/domain';
import type { Schema } from '@rango/domain';
import { MSG_PAINEL, staffTokenPairSchema } from '@rango/domain/painel';
import { z } from 'zod/mini';
import { API_BASE } from '../paths.ts';
import { clearStaffSession, getStaffSession, setStaffTokens, syncStaffSession } from '../session.ts';

export class PainelApiError extends Error {
  readonly status: number | undefined;
  readonly data: unknown;
  constructor(status: number | undefined, data: unknown) {
    super(errorText({ status, data }));
    this.name = 'PainelApiError';
    this.status = status;
    this.data = data;
  }

  /** The first error of a named field ({campo: ['…']}), for the form showing that field. */
  campo(nome: string): string | undefined {
    if (this.status !== 400 || !this.data || typeof this.data !== 'object') return undefined;
    const v = (this.data as Record<string, unknown>)[nome];
    const first: unknown = Array.isArray(v) ? v[0] : v;
    return typeof first === 'string' ? first : undefined;
  }
}

export interface PainelRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** False for the calls that hand out tokens (login, a link's password): their 401 is the answer. */
  refreshOn401?: boolean;
  /** 'text' for the calls that answer HTML (the receipt); 'blob' for a file to download. */
  responseType?: 'json' | 'text' | 'blob';
  /** A Blob body (a photo, a CSV) goes as its bytes with this type (default: the Blob's own). */
  contentType?: string;
}

export const REFRESH_PATH = '/painel/auth/refresh/';

async function send(path: string, options: PainelRequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  const bytes = options.body instanceof Blob ? options.body : null;
  if (bytes) headers['Content-Type'] = options.contentType ?? (bytes.type || 'application/octet-stream');
  else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    return await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: bytes ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      signal: options.signal ?? null,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new PainelApiError(undefined, undefined);
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

function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('rango-painel-refresh', fn) : fn();
}

/** The refresh in flight: every 401 that arrives meanwhile waits for this same one. */
let refreshing: Promise<boolean> | null = null;

/**
 * Trades the refresh token for a new pair. True when the caller may retry. A refused refresh
 * (401/400) ends the session (the login page then says MSG_PAINEL.sessaoExpirada); a network or
 * server failure keeps it, and the original error stands. `staleAccess` is the token the server
 * refused: if another tab replaced it meanwhile, that tab's pair is used.
 */
function refreshSession(staleAccess: string | null): Promise<boolean> {
  refreshing ??= withRefreshLock(async () => {
    const session = syncStaffSession();
    if (session.access !== null && session.access !== staleAccess) return true;
    if (!session.refresh) return false;
    let res: Response;
    try {
      res = await send(REFRESH_PATH, { method: 'POST', body: { refresh: session.refresh } }, null);
    } catch {
      return false;
    }
    if (res.status === 401 || res.status === 400) {
      clearStaffSession({ expired: true });
      return false;
    }
    if (!res.ok) return false;
    const parsed = staffTokenPairSchema.safeParse(await readJson(res));
    if (!parsed.success) return false;
    setStaffTokens(parsed.data);
    return true;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Calls `${API_BASE}${path}` with the staff token and parses the answer with `schema`. */
export async function painelRequest<T>(
  path: string,
  schema: Schema<T>,
  options: PainelRequestOptions = {},
): Promise<T> {
  const token = getStaffSession().access;
  let res = await send(path, options, token);
  if (res.status === 401 && options.refreshOn401 !== false) {
    const session = getStaffSession();
    if (session.access !== null && session.access !== token) {
      // A refresh finished while this call was in flight: retry once with the new token.
      res = await send(path, options, session.access);
    } else if (session.refresh !== null) {
      if (await refreshSession(token)) res = await send(path, options, getStaffSession().access);
      else if (!getStaffSession().refresh)
        throw new PainelApiError(401, { detail: MSG_PAINEL.sessaoExpirada });
    } else if (token !== null) {
      clearStaffSession({ expired: true });
    }
  }
  if (!res.ok) throw new PainelApiError(res.status, await readJson(res));
  const data =
    options.responseType === 'text'
      ? await res.text()
      : options.responseType === 'blob'
        ? await res.blob()
        : await readJson(res);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new PainelApiError(500, undefined);
  return parsed.data;
}

/** For answers without a body worth reading (204). */
export const semCorpo: Schema<unknown> = z.unknown();
const texto: Schema<string> = z.string();
const arquivo: Schema<Blob> = z.custom<Blob>((v) => typeof v === 'object' && v !== null && 'size' in v);

export const painelGet = <T>(path: string, schema: Schema<T>, signal?: AbortSignal) =>
  painelRequest(path, schema, { signal });
export const painelGetText = (path: string, signal?: AbortSignal): Promise<string> =>
  painelRequest(path, texto, { signal, responseType: 'text' });
/** A file the server sends (an export), as a Blob to hand to the browser's download. */
export const painelGetBlob = (path: string, signal?: AbortSignal): Promise<Blob> =>
  painelRequest(path, arquivo, { signal, responseType: 'blob' });
export const painelPost = <T>(
  path: string,
  body: unknown,
  schema: Schema<T>,
  options: PainelRequestOptions = {},
) => painelRequest(path, schema, { ...options, method: 'POST', body });
export const painelPut = <T>(
  path: string,
  body: unknown,
  schema: Schema<T>,
  options: PainelRequestOptions = {},
) => painelRequest(path, schema, { ...options, method: 'PUT', body });
export const painelDelete = (path: string) => painelRequest(path, semCorpo, { method: 'DELETE' });

/** The establishment's part of the panel's API paths. */
export const estPath = (id: number, resto: string) => `/painel/estabelecimento/${id}/${resto}`;
