import type { Answer, Handler } from '../../../test/mock-api.ts';

// The API stand-in the features' tests share.
export { mockApi, type Answer, type Call } from '../../../test/mock-api.ts';

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
