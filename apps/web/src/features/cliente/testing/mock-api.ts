import { vi } from 'vitest';
import type { Endereco } from '@rango/domain';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (call: Call) => { status: number; body?: unknown } | undefined;

/**
 * A fetch stand-in for the API under /api/ead: each call is recorded, and the first handler
 * that answers decides the response (404 otherwise).
 */
export function mockApi(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/ead/, '');
    const call: Call = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const h of handlers) {
      const answer = h(call);
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

/** Answers `body` with `status` to `method path` (path may be a prefix ending in '?'). */
export const on =
  (method: string, path: string | RegExp, status: number, body?: unknown): Handler =>
  (call) =>
    call.method === method && (typeof path === 'string' ? call.path === path : path.test(call.path))
      ? { status, body }
      : undefined;

export const CEP_HADDOCK = {
  cep: '01414-001',
  logradouro: 'Rua Haddock Lobo',
  bairro: 'Cerqueira César',
  localidade: 'São Paulo',
  uf: 'SP',
};

export function makeEndereco(over: Partial<Endereco> = {}): Endereco {
  return {
    id: 7,
    idtipoendereco: 1,
    cep: '01414-001',
    rua: 'Rua Haddock Lobo',
    numero: '595',
    bairro: 'Cerqueira César',
    cidade: { descricao: 'São Paulo', uf: { sigla: 'SP' } },
    uf: 'SP',
    complemento: null,
    detalhe: null,
    latitude: -23.56,
    longitude: -46.66,
    ...over,
  };
}
