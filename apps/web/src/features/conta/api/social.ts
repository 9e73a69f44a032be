import {
  socialConfigSchema,
  tokenPairSchema,
  type SocialConfig,
  type SocialProvider,
  type TokenPair,
} from '@rango/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { useStartSession } from '../lib/use-start-session.ts';

/** GET /controle/cliente/social/ — which providers this site has configured. */
export function getSocialConfig(signal?: AbortSignal): Promise<SocialConfig> {
  return apiGet('/controle/cliente/social/', socialConfigSchema, signal);
}

export const getSocialConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['conta', 'social'] as const,
    queryFn: ({ signal }) => getSocialConfig(signal),
    staleTime: Infinity,
  });

export function useSocialConfig() {
  return useQuery(getSocialConfigQueryOptions());
}

export interface SocialLoginVars {
  provider: SocialProvider;
  /** Google: the ID token (credential); Facebook: authResponse.accessToken. */
  accessToken: string;
}

/** POST /controle/cliente/social/{provider}/ — the same token pair as a password login. */
export function socialLogin({ provider, accessToken }: SocialLoginVars): Promise<TokenPair> {
  return apiPost(`/controle/cliente/social/${provider}/`, { access_token: accessToken }, tokenPairSchema, {
    refreshOn401: false,
  });
}

export function useSocialLogin() {
  const startSession = useStartSession();
  return useMutation({ mutationFn: socialLogin, onSuccess: startSession });
}
