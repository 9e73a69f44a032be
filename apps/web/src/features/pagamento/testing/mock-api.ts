import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status: number; body?: unknown } | 'network-error';
export type Handler = (call: Call) => Answer | 'pending' | undefined;

/**
 * A fetch stand-in for the API under /api/ead: each call is recorded and the first handler that
 * answers decides the response (404 otherwise); 'network-error' rejects like a dropped connection,
 * 'pending' never answers.
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
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer === 'pending') {
        // An answer that never comes (until the request is aborted).
        return new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }
      if (answer) {
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        });
      }
    }
    return new Response(JSON.stringify({ detail: 'Não encontrado.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const on =
  (method: string, path: string | RegExp, status: number, body?: unknown): Handler =>
  (call) =>
    call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))
      ? { status, body }
      : undefined;
