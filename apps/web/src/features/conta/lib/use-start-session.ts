import type { TokenPair } from '@rango/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clienteQueryOptions } from '../../../api/cliente.ts';
import { setTokens } from '../../../stores/session.ts';

/**
 * After a login (password or social): store the tokens and fetch the customer for the header's
 * greeting. The login page is guest-only, so the new session itself moves the customer on:
 * GuestOnly (app/guards.tsx) sends them to the remembered path (then forgotten) or '/'. One
 * navigation, decided in one place; a second one here would race it.
 */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (pair: TokenPair) => {
      // A new session: CustomerQueryReset (app/provider.tsx) drops the previous customer's
      // cached answers before the prefetch below.
      setTokens(pair, { newSession: true });
      void queryClient.prefetchQuery(clienteQueryOptions());
    },
    [queryClient],
  );
}
