import { tokenPairSchema, type LoginInput, type TokenPair } from '@rango/domain';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { useStartSession } from '../lib/use-start-session.ts';

/** POST /controle/token/ — a 400 with non_field_errors for wrong credentials. */
export function login(input: LoginInput): Promise<TokenPair> {
  // Its 401/400 is the answer itself: never a reason to refresh a (stale) session.
  return apiPost('/controle/token/', input, tokenPairSchema, { refreshOn401: false });
}

/** Logs in and starts the session (tokens, customer query, redirect). */
export function useLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
