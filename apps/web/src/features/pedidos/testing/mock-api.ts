import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
}

export type Answer = { status: number; body?: unknown; text?: string };
type Handler = (call: Call) => Answer | undefined;

/**
 * A fetch stand-in for /api/ead: calls are recorded, the first handler that answers decides
 * (404 otherwise). `text` answers as HTML (the receipt).
 */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: Call = { method: init?.method ?? 'GET', path: url.replace(/^.*\/api\/ead/, '') };
    calls.push(call);
    for (const handler of handlers) {
      const a = handler(call);
      if (!a) continue;
      if (a.text !== undefined) {
        return new Response(a.text, { status: a.status, headers: { 'Content-Type': 'text/html' } });
      }
      return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
        status: a.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ detail: 'Não encontrado.' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, gets: (path: string) => calls.filter((c) => c.path === path).length };
}

/** Answers GET `path` (exact) with `status` and `body`, or with `answer()` each time. */
export const get =
  (path: string, status: number, body?: unknown): Handler =>
  (call) =>
    call.method === 'GET' && call.path === path ? { status, body } : undefined;

export const getWith =
  (path: string, answer: () => Answer): Handler =>
  (call) =>
    call.method === 'GET' && call.path === path ? answer() : undefined;

export const PENDENTES = '/controle/pedido/?pendentes=true';
export const concluidosPath = (page: number) =>
  `/controle/pedido/?pendentes=false&limit=10&offset=${page * 10}`;
