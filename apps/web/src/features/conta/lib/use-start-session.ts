import type { TokenPair } from '@rango/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clienteQueryOptions } from '../../../api/cliente.ts';
import { consumeRedirect, setTokens } from '../../../stores/session.ts';

/**
 * After a login (password or social): navigate to the remembered path (forgotten once used) or
 * '/', store the tokens and fetch the customer for the header's greeting. The navigation goes
 * first so it and the new session land in one render (the guest-only page is not re-guarded).
 */
export function useStartSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (pair: TokenPair) => {
      void navigate(consumeRedirect(), { replace: true });
      setTokens(pair);
      queryClient.removeQueries({ queryKey: clienteQueryOptions().queryKey });
      void queryClient.prefetchQuery(clienteQueryOptions());
    },
    [navigate, queryClient],
  );
}
