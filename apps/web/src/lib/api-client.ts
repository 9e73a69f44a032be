/**
 * The HTTP client (ARCHITECTURE.md src/api): base /api/ead, JSON, Bearer token when present,
 * errors turned into the spec's texts by the domain's errorText. Answers are parsed with the
 * domain's zod schemas so a contract drift shows as a clear error, not a broken screen.
 */
import { errorText } from '@rango/domain';
import type { Schema } from '@rango/domain';
import { API_BASE } from '../config/paths.ts';

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

/** Reads the access token; the accounts slice replaces this with the session store. */
let getAccessToken: () => string | null = () => null;
export function setAccessTokenGetter(getter: () => string | null): void {
  getAccessToken = getter;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** Calls `${API_BASE}${path}` and parses the answer with `schema`. Throws ApiError. */
export async function apiRequest<T>(
  path: string,
  schema: Schema<T>,
  options: RequestOptions = {},
): Promise<T> {
  // No Accept header: the API only speaks JSON, and a GET with the browser's default headers
  // matches the server's `<link rel="preload" as="fetch">` hints, so Chrome reuses the answer.
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(undefined, undefined);
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) throw new ApiError(res.status, data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(500, undefined);
  return parsed.data;
}

export const apiGet = <T>(path: string, schema: Schema<T>, signal?: AbortSignal) =>
  apiRequest(path, schema, { signal });
