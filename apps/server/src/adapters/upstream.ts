/**
 * Calls to outside services (CEP lookup, geocoding). Every failure to get a usable answer —
 * unreachable host, timeout, a non-2xx status, a body that is not JSON — becomes one
 * UpstreamError, so routes can answer a clean 502 instead of a 500 with a stack.
 */
export class UpstreamError extends Error {
  readonly service: string;
  constructor(service: string, message: string, options?: { cause?: unknown }) {
    super(`${service}: ${message}`, options);
    this.name = 'UpstreamError';
    this.service = service;
  }
}

/** Long enough for a slow provider, short enough that the app's wizard does not hang. */
export const UPSTREAM_TIMEOUT_MS = 4000;

export interface FetchJsonOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Error statuses that are an answer by themselves (ViaCEP's 400 for a malformed CEP). */
  acceptStatus?: readonly number[];
}

/**
 * GETs a URL and answers its status and parsed JSON body (undefined for an accepted error
 * status), or throws UpstreamError.
 */
export async function fetchJson(
  service: string,
  url: string,
  options: FetchJsonOptions = {},
): Promise<{ status: number; body: unknown }> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS),
    });
  } catch (e) {
    throw new UpstreamError(service, 'sem resposta', { cause: e });
  }
  if (!res.ok) {
    await res.body?.cancel();
    // Such a status is itself the answer (its body may be an HTML page, as ViaCEP's 400 is).
    if ((options.acceptStatus ?? []).includes(res.status)) return { status: res.status, body: undefined };
    throw new UpstreamError(service, `HTTP ${res.status}`);
  }
  try {
    return { status: res.status, body: await res.json() };
  } catch (e) {
    throw new UpstreamError(service, 'resposta não é JSON', { cause: e });
  }
}
