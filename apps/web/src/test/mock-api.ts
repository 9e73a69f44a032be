import { vi } from 'vitest';

/** One recorded call to the API under /api/ead. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** JSON `body`, or `text` answered as HTML (the receipt). */
export type Answer = { status: number; body?: unknown; text?: string };
/** 'network-error' rejects like a dropped connection; 'pending' never answers (until aborted). */
export type Handler = (call: Call) => Answer | 'network-error' | 'pending' | undefined;

/**
 * A fetch stand-in for the API under /api/ead, shared by the features' tests: each call is
 * recorded and the first handler that answers decides the response (404 otherwise).
 */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.replace(/^.*\/api\/ead/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const h of handlers) {
      const answer = h(call);
      if (answer === undefined) continue;
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer === 'pending') {
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      if (answer.text !== undefined) {
        return new Response(answer.text, { status: answer.status, headers: { 'Content-Type': 'text/html' } });
      }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ detail: 'Não encontrado.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, gets: (path: string) => calls.filter((c) => c.path === path).length };
}

/** Answers `body` with `status` to `method path` (exact string, or a RegExp). */
export const on =
  (method: string, path: string | RegExp, status: number, body?: unknown): Handler =>
  (call) =>
    call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))
      ? { status, body }
      : undefined;
