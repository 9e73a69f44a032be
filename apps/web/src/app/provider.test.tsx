import { QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setTokens } from '../stores/session.ts';
import { CustomerQueryReset } from './provider.tsx';

const MENU = ['estabelecimento', 7, 'menu'];

function seed(queryClient: QueryClient) {
  queryClient.setQueryData(['cliente'], { nome: 'Ana' });
  queryClient.setQueryData(['enderecos'], [{ id: 1 }]);
  queryClient.setQueryData(['conta', 'social'], []);
  queryClient.setQueryData(MENU, { itens: [] });
}

function setup() {
  const queryClient = new QueryClient();
  render(<CustomerQueryReset queryClient={queryClient} />);
  seed(queryClient);
  return queryClient;
}

/** What this tab sees when another tab writes the refresh token. */
function otherTabWrites(oldValue: string | null, newValue: string | null) {
  if (newValue === null) {
    localStorage.removeItem('access_token');
    localStorage.removeItem('refresh_token');
  } else {
    localStorage.setItem('access_token', `a-${newValue}`);
    localStorage.setItem('refresh_token', newValue);
  }
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: 'refresh_token', oldValue, newValue }));
  });
}

const customerData = (q: QueryClient) => [
  q.getQueryData(['cliente']),
  q.getQueryData(['enderecos']),
  q.getQueryData(['conta', 'social']),
];

describe('CustomerQueryReset (another session drops the previous customer’s answers)', () => {
  beforeEach(() => {
    clearSession();
    setTokens({ access: 'a1', refresh: 'r1' }, { newSession: true });
  });

  it('drops them when another tab logs out, keeping the menus', () => {
    const q = setup();
    otherTabWrites('r1', null);
    expect(customerData(q)).toEqual([undefined, undefined, undefined]);
    expect(q.getQueryData(MENU)).toEqual({ itens: [] });
  });

  it('drops them when another tab logs in, even if this tab missed the logout before it', () => {
    const q = setup();
    localStorage.removeItem('refresh_token');
    otherTabWrites(null, 'r2');
    expect(customerData(q)).toEqual([undefined, undefined, undefined]);
    expect(q.getQueryData(MENU)).toEqual({ itens: [] });
  });

  it('drops them on a login in this tab', () => {
    const q = setup();
    act(() => setTokens({ access: 'b', refresh: 'r9' }, { newSession: true }));
    expect(customerData(q)).toEqual([undefined, undefined, undefined]);
    expect(q.getQueryData(MENU)).toEqual({ itens: [] });
  });

  it('keeps them when the tokens only rotate (here or in another tab)', () => {
    const q = setup();
    act(() => setTokens({ access: 'a2', refresh: 'r2' }));
    otherTabWrites('r2', 'r3');
    expect(customerData(q)).toEqual([{ nome: 'Ana' }, [{ id: 1 }], []]);
  });
});
