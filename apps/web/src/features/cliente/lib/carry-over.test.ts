import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEndereco, mockApi, on } from '../testing/mock-api.ts';

const LOCAL = {
  cep: '01414-001',
  rua: 'Rua Haddock Lobo',
  numero: '595',
  bairro: 'Cerqueira César',
  cidade: 'São Paulo',
  uf: 'SP',
};

/** A minimal Web Locks stand-in: one holder per name at a time, the others queue. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request: (name: string, fn: () => Promise<unknown>) => {
      const run = (tails.get(name) ?? Promise.resolve()).then(fn);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}

/** Each tab has its own copy of the module (its own "already tried" set); storage is shared. */
async function loadTab() {
  vi.resetModules();
  return import('./carry-over.ts');
}

describe('carryOverEndereco with two tabs (spec section 7)', () => {
  beforeEach(() => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('endereco', JSON.stringify(LOCAL));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the visitor’s address once, the other tab finding the id under the lock', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: fakeLocks() });
    const { calls } = mockApi(
      on('POST', '/controle/endereco/', 201, makeEndereco({ id: 42 })),
      on('GET', '/controle/endereco/', 200, []),
    );
    const tabA = await loadTab();
    const tabB = await loadTab();
    await Promise.all([tabA.carryOverEndereco(new QueryClient()), tabB.carryOverEndereco(new QueryClient())]);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('endereco') ?? '{}')).toMatchObject({ id: 42 });
  });
});
