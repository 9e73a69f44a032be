/** Staff sign-in, password links and logout (POST /painel/auth/…). */
import {
  staffLinkSchema,
  staffTokenPairSchema,
  type StaffCadastroInput,
  type StaffLink,
  type StaffLoginInput,
} from '@rango/domain/painel';
import { z } from 'zod/mini';
import { clearStaffSession, getStaffSession, setStaffTokens } from '../session.ts';
import { painelGet, painelPost, semCorpo } from './client.ts';

export async function login(input: StaffLoginInput): Promise<void> {
  const pair = await painelPost('/painel/auth/login/', input, staffTokenPairSchema, { refreshOn401: false });
  setStaffTokens(pair, { newSession: true });
}

/** Revokes the refresh token's family on the server, then forgets the tokens here in any case. */
export async function logout(): Promise<void> {
  const { refresh } = getStaffSession();
  try {
    if (refresh) await painelPost('/painel/auth/logout/', { refresh }, semCorpo, { refreshOn401: false });
  } catch {
    // Offline or already revoked: the tokens are dropped here all the same.
  } finally {
    clearStaffSession();
  }
}

const detalheSchema = z.object({ detail: z.string() });

/** Always the same answer (it never tells whether the e-mail has access). */
export async function recuperarSenha(email: string): Promise<string> {
  return (await painelPost('/painel/auth/recuperar/', { email }, detalheSchema, { refreshOn401: false }))
    .detail;
}

/** A restaurant signs itself up: the answer (202) is the same whether or not the e-mail has an account. */
export async function cadastrarRestaurante(input: StaffCadastroInput): Promise<string> {
  return (await painelPost('/painel/auth/cadastro/', input, detalheSchema, { refreshOn401: false })).detail;
}

export const linkPath = (token: string) => `/painel/auth/link/${encodeURIComponent(token)}/`;

export const getLinkQueryOptions = (token: string) => ({
  queryKey: ['painel', 'link', token] as const,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<StaffLink> =>
    painelGet(linkPath(token), staffLinkSchema, signal),
  // A link's state changes when it is used: never served from a cache.
  staleTime: 0,
  gcTime: 0,
});

/** Sets the password through an invitation or reset link, and signs in. */
export async function definirSenha(token: string, senha: string): Promise<void> {
  const pair = await painelPost(linkPath(token), { senha }, staffTokenPairSchema, { refreshOn401: false });
  setStaffTokens(pair, { newSession: true });
}
