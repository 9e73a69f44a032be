import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Mercado Pago's OAuth (Segurança › OAuth): the authorization-code flow with PKCE (S256) and
 * `state`, and the refresh. Pure of storage: the caller keeps `state` and the verifier until the
 * callback (e.g. a short-lived signed cookie or a row) and the tokens in the secrets store.
 *
 * 1. `iniciarConexao` → the URL the owner opens
 *    (`{authUrl}/authorization?client_id&response_type=code&platform_id=mp&state&redirect_uri&code_challenge&code_challenge_method=S256`),
 *    with the `state` and `verifier` to keep.
 * 2. The callback (`?code=…&state=…`): `conferirState`, then `trocarCodigo` —
 *    `POST {apiUrl}/oauth/token` with `grant_type=authorization_code`, `code`, `redirect_uri`,
 *    `code_verifier`, `client_id`, `client_secret`.
 * 3. Before `expiraEm`: `renovarTokens` (`grant_type=refresh_token`); the answer's refresh token
 *    replaces the old one.
 */

export const AUTH_URL = 'https://auth.mercadopago.com';

/** What Mercado Pago answers at /oauth/token, with its expiry as an instant. */
export interface TokensMercadoPago {
  accessToken: string;
  refreshToken: string;
  publicKey: string;
  /** The seller's Mercado Pago user id. */
  userId: string;
  scope: string;
  liveMode: boolean;
  /** ISO instant. */
  expiraEm: string;
}

/** The token endpoint refused (`invalid_grant`: a wrong, reused or expired code or refresh token). */
export class OAuthError extends Error {
  constructor(
    readonly codigo: string,
    readonly status: number,
  ) {
    super(
      codigo === 'invalid_grant'
        ? 'Autorização do Mercado Pago inválida ou já usada. Conecte novamente.'
        : codigo === 'invalid_client'
          ? 'Credenciais do aplicativo Mercado Pago inválidas.'
          : 'O Mercado Pago recusou a conexão.',
    );
    this.name = 'OAuthError';
  }
}

/** The token endpoint did not answer (time-out, 5xx, 429): try again later; nothing was granted. */
export class OAuthIndisponivelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthIndisponivelError';
  }
}

const base64url = (b: Buffer) => b.toString('base64url');

/** RFC 7636: a 43-character verifier (32 random bytes) and its S256 challenge. */
export function gerarPkce(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: desafioPkce(verifier) };
}

export function desafioPkce(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

export interface ConexaoIniciada {
  url: string;
  /** Keep until the callback; compare with `conferirState`. */
  state: string;
  /** Keep secret until the callback; send with `trocarCodigo`. */
  verifier: string;
}

export function urlAutorizacao(p: {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  authUrl?: string;
}): string {
  const q = new URLSearchParams({
    client_id: p.clientId,
    response_type: 'code',
    platform_id: 'mp',
    state: p.state,
    redirect_uri: p.redirectUri,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  });
  return `${(p.authUrl ?? AUTH_URL).replace(/\/+$/, '')}/authorization?${q}`;
}

export function iniciarConexao(p: {
  clientId: string;
  redirectUri: string;
  authUrl?: string;
}): ConexaoIniciada {
  const state = base64url(randomBytes(24));
  const { verifier, challenge } = gerarPkce();
  return { url: urlAutorizacao({ ...p, state, codeChallenge: challenge }), state, verifier };
}

/** Constant-time `state` comparison; a missing one never matches. */
export function conferirState(recebido: unknown, esperado: string): boolean {
  if (typeof recebido !== 'string' || recebido === '' || esperado === '') return false;
  const a = createHash('sha256').update(recebido).digest();
  const b = createHash('sha256').update(esperado).digest();
  return timingSafeEqual(a, b);
}

interface Cliente {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  agora?: () => Date;
  fetch?: typeof fetch;
}

async function pedirToken(c: Cliente, campos: Record<string, string>): Promise<TokensMercadoPago> {
  const doFetch = c.fetch ?? globalThis.fetch;
  let res: Response;
  let bruto: string;
  try {
    res = await doFetch(`${c.apiUrl.replace(/\/+$/, '')}/oauth/token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        ...campos,
      }).toString(),
      signal: AbortSignal.timeout(c.timeoutMs ?? 15_000),
    });
    bruto = await res.text();
  } catch {
    throw new OAuthIndisponivelError('mercadopago: /oauth/token sem resposta');
  }
  let corpo: Record<string, unknown> = {};
  try {
    const j: unknown = JSON.parse(bruto);
    if (j && typeof j === 'object' && !Array.isArray(j)) corpo = j as Record<string, unknown>;
  } catch {
    // an HTML error page: judged by the status below
  }
  if (res.status === 429 || res.status >= 500) {
    throw new OAuthIndisponivelError(`mercadopago: /oauth/token respondeu HTTP ${res.status}`);
  }
  if (res.status !== 200 && res.status !== 201) {
    const codigo = typeof corpo.error === 'string' ? corpo.error : 'invalid_request';
    throw new OAuthError(codigo, res.status);
  }
  const s = (v: unknown) =>
    typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
  const accessToken = s(corpo.access_token);
  const refreshToken = s(corpo.refresh_token);
  const publicKey = s(corpo.public_key);
  const userId = s(corpo.user_id);
  const expiresIn = typeof corpo.expires_in === 'number' ? corpo.expires_in : null;
  if (!accessToken || !refreshToken || !publicKey || !userId || expiresIn === null || expiresIn <= 0) {
    throw new OAuthIndisponivelError('mercadopago: /oauth/token fora do formato');
  }
  const agora = (c.agora ?? (() => new Date()))().getTime();
  return {
    accessToken,
    refreshToken,
    publicKey,
    userId,
    scope: s(corpo.scope) ?? '',
    liveMode: corpo.live_mode === true,
    expiraEm: new Date(agora + expiresIn * 1000).toISOString(),
  };
}

/** Step 2: the callback's code (with the verifier kept since step 1) for the seller's tokens. */
export function trocarCodigo(
  c: Cliente & { code: string; redirectUri: string; codeVerifier: string },
): Promise<TokensMercadoPago> {
  return pedirToken(c, {
    grant_type: 'authorization_code',
    code: c.code,
    redirect_uri: c.redirectUri,
    code_verifier: c.codeVerifier,
  });
}

/** Step 3: new tokens for the refresh token (which is replaced by the answer's). */
export function renovarTokens(c: Cliente & { refreshToken: string }): Promise<TokensMercadoPago> {
  return pedirToken(c, { grant_type: 'refresh_token', refresh_token: c.refreshToken });
}

/** True when the access token expires within `margemSegundos` (default 7 days: it lasts 180). */
export function precisaRenovar(
  t: Pick<TokensMercadoPago, 'expiraEm'>,
  agora: Date,
  margemSegundos = 7 * 86_400,
): boolean {
  return Date.parse(t.expiraEm) - agora.getTime() <= margemSegundos * 1000;
}
