import { createHmac, timingSafeEqual } from 'node:crypto';

/** What Facebook signs in a data deletion request (only the fields we read). */
export interface FacebookSignedRequest {
  /** The app-scoped user id: our cliente_social.sujeito for provedor 'facebook'. */
  user_id: string;
}

export type SignedRequestFailure = 'formato' | 'assinatura' | 'algoritmo';

/** Why a signed_request was refused (never carries the request's text). */
export class SignedRequestError extends Error {
  readonly motivo: SignedRequestFailure;
  constructor(motivo: SignedRequestFailure) {
    super(`facebook signed_request: ${motivo}`);
    this.name = 'SignedRequestError';
    this.motivo = motivo;
  }
}

const BASE64URL_RE = /^[A-Za-z0-9_-]+={0,2}$/;
/** Far above a real one (a few hundred bytes); the route's body limit also bounds it. */
const MAX_SIGNED_REQUEST = 8192;
const MAX_USER_ID = 128;

/**
 * Verifies Facebook's `signed_request` as documented: `<signature>.<payload>`, both base64url;
 * the signature is HMAC-SHA256 of the payload part (as sent, still encoded) keyed with the app
 * secret, compared in constant time; the decoded payload is JSON with `algorithm: 'HMAC-SHA256'`
 * and `user_id`. The signature is checked before the payload is trusted for anything.
 */
export function verifyFacebookSignedRequest(signedRequest: string, appSecret: string): FacebookSignedRequest {
  if (signedRequest.length > MAX_SIGNED_REQUEST) throw new SignedRequestError('formato');
  const parts = signedRequest.split('.');
  if (parts.length !== 2) throw new SignedRequestError('formato');
  const [sigPart, payloadPart] = parts as [string, string];
  if (!BASE64URL_RE.test(sigPart) || !BASE64URL_RE.test(payloadPart)) {
    throw new SignedRequestError('formato');
  }
  const signature = Buffer.from(sigPart, 'base64url');
  const expected = createHmac('sha256', appSecret).update(payloadPart).digest();
  // timingSafeEqual needs equal lengths; the length of a SHA-256 MAC is public anyway.
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    throw new SignedRequestError('assinatura');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    throw new SignedRequestError('formato');
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new SignedRequestError('formato');
  }
  const { algorithm, user_id: userId } = payload as { algorithm?: unknown; user_id?: unknown };
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== 'HMAC-SHA256') {
    throw new SignedRequestError('algoritmo');
  }
  const id = typeof userId === 'number' && Number.isSafeInteger(userId) ? String(userId) : userId;
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_USER_ID) {
    throw new SignedRequestError('formato');
  }
  return { user_id: id };
}

/** Builds a signed_request as Facebook does (tests and local tooling). */
export function signFacebookRequest(payload: object, appSecret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const sig = createHmac('sha256', appSecret).update(body).digest('base64url');
  return `${sig}.${body}`;
}
