import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox 3-D Secure server's secrets: the script's bearer access token (Braspag's is a JWT
 * too, so this one is an HS256 JWT) and the CAVV that proves an authentication to the gateway.
 * Each use signs with its own key derived from the server secret, so neither can be passed off
 * as the other, nor as any other token signed with the same secret (the app's access tokens, the
 * sandbox gateway's).
 */

/** Seconds an access token lasts. */
export const TTL_TOKEN_MPI = 3600;

const EMISSOR = 'rango-sandbox-3ds';
const CABECALHO = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
/** Far above a real token (≈ 200 characters): nothing larger is parsed. */
const MAX_TOKEN = 1024;

const chave = (secret: string, uso: 'token' | 'cavv') =>
  createHmac('sha256', secret).update(`rango:sandbox-3ds:${uso}`).digest();

function assinar(secret: string, corpo: string): string {
  return createHmac('sha256', chave(secret, 'token')).update(corpo).digest('base64url');
}

/** Constant-time equality of two texts. */
export function textosIguais(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A fresh access token for the 3-D Secure script (GET /controle/3ds/token/), valid for an hour. */
export function emitirTokenMpi(
  secret: string,
  agora: Date = new Date(),
): { access_token: string; expires_in: number } {
  const iat = Math.floor(agora.getTime() / 1000);
  const carga = Buffer.from(
    JSON.stringify({ iss: EMISSOR, iat, exp: iat + TTL_TOKEN_MPI, jti: randomUUID() }),
  ).toString('base64url');
  const corpo = `${CABECALHO}.${carga}`;
  return { access_token: `${corpo}.${assinar(secret, corpo)}`, expires_in: TTL_TOKEN_MPI };
}

/** True when `token` was issued by `emitirTokenMpi` with this secret and has not expired. */
export function tokenMpiValido(secret: string, token: string, agora: Date = new Date()): boolean {
  if (token.length > MAX_TOKEN) return false;
  const partes = token.split('.');
  if (partes.length !== 3) return false;
  const [cabecalho, carga, assinatura] = partes as [string, string, string];
  if (cabecalho !== CABECALHO) return false;
  // The signature compared as text: base64url's spare bits would let two texts decode alike.
  if (!textosIguais(assinatura, assinar(secret, `${cabecalho}.${carga}`))) return false;
  let dados: unknown;
  try {
    dados = JSON.parse(Buffer.from(carga, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof dados !== 'object' || dados === null) return false;
  const { iss, exp } = dados as { iss?: unknown; exp?: unknown };
  return iss === EMISSOR && typeof exp === 'number' && exp * 1000 > agora.getTime();
}

/** The bearer token of an Authorization header, or null. */
export function bearerDe(header: string | undefined): string | null {
  const m = /^Bearer +(\S+)$/i.exec(header ?? '');
  return m ? m[1]! : null;
}

/**
 * The CAVV of a successful authentication: an HMAC of reference id, amount and last 4, so it
 * proves this server authenticated that card for that amount. 20 bytes, base64 (28 characters),
 * the size of a real CAVV.
 */
export function calcularCavv(secret: string, referenceid: string, valor: number, final: string): string {
  return createHmac('sha256', chave(secret, 'cavv'))
    .update(`${referenceid}|${valor}|${final}`)
    .digest()
    .subarray(0, 20)
    .toString('base64');
}
