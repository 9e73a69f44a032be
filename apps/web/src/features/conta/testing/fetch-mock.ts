import { vi } from 'vitest';

export type Handler = (
  url: string,
  init: RequestInit | undefined,
) => Response | Promise<Response> | undefined;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Stubs fetch with `handler`; unmatched calls answer 404. Returns the mock to inspect calls. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await handler(String(input), init);
    return res ?? json(404, {});
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The JSON body a mocked call was sent with. */
export const sentBody = (init: RequestInit | undefined): unknown =>
  init?.body ? JSON.parse(String(init.body)) : undefined;
