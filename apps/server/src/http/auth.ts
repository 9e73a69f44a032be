import { randomBytes, webcrypto } from 'node:crypto';
import { MSG } from '@rango/domain';
import type { FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../db/index.ts';
import { HttpError } from './errors.ts';

/**
 * Access tokens: short-lived HS256 JWTs whose `sub` is the customer's id. Stateless, so any API
 * instance checks them; the secret is JWT_SECRET, or (embedded default) one generated once and
 * kept in the `configuracao` table so every instance on the same database shares it and a
 * restart keeps sessions.
 */
export interface AccessTokens {
  sign(clienteId: number): Promise<string>;
  /** The customer id of a valid, unexpired token; undefined for anything else. */
  verify(token: string): Promise<number | undefined>;
}

const ISSUER = 'rango';
const AUDIENCE = 'rango-api';

/**
 * How far in the future a token's `iat` may be (another instance's clock running ahead). A token
 * issued later than that is refused like a forged one: only someone holding the secret can sign
 * it, and a future `iat` would stretch its life past what the server meant to give.
 */
export const IAT_TOLERANCIA_SEGUNDOS = 60;

/**
 * Tokens kept once verified, per AccessTokens (the oldest first to go when full): a
 * customer's token is sent with every call for its whole life, and jose's HMAC check goes through
 * WebCrypto, a job on libuv's thread pool per call (~9 % of the orders benchmark's server time, issue 21).
 */
export const TOKENS_VERIFICADOS_MAX = 2000;

/** What a verified token says that still depends on the clock (jose's checks, then ours). */
interface TokenVerificado {
  sub: number;
  iat: number;
  exp: number | undefined;
  nbf: number | undefined;
}

/** jose's time checks (no clock tolerance: `exp` ≤ now or `nbf` > now fail) and our `iat` one. */
function valeAgora(t: TokenVerificado, now: Date): boolean {
  const segundos = Math.floor(now.getTime() / 1000);
  if (t.nbf !== undefined && t.nbf > segundos) return false;
  if (t.exp !== undefined && t.exp <= segundos) return false;
  return t.iat <= now.getTime() / 1000 + IAT_TOLERANCIA_SEGUNDOS;
}

/**
 * A secret generated once and kept in the `configuracao` table under `chave` (the JWT key, the
 * payment sandbox's signing key, the Web Push VAPID key pair), so every instance on one database
 * shares it. `gerar` makes the value on first use (default: 48 random bytes, base64url).
 */
export async function storedSecret(
  db: Db,
  chave = 'jwt_secret',
  gerar: () => string = () => randomBytes(48).toString('base64url'),
): Promise<string> {
  const row = await db
    .selectFrom('configuracao')
    .select('valor')
    .where('chave', '=', chave)
    .executeTakeFirst();
  if (row) return row.valor;
  const fresh = gerar();
  // Two instances racing on first start: the loser's insert is ignored and both read the winner's.
  await db
    .insertInto('configuracao')
    .values({ chave, valor: fresh })
    .onConflict((oc) => oc.column('chave').doNothing())
    .execute();
  const again = await db
    .selectFrom('configuracao')
    .select('valor')
    .where('chave', '=', chave)
    .executeTakeFirstOrThrow();
  return again.valor;
}

export function createAccessTokens(
  db: Db,
  options: {
    secret: string | undefined;
    ttlSeconds: number;
    /**
     * The token's kind and audience: the customer's by default; the restaurant's staff get
     * their own (modules/staff), so neither token opens the other's routes though both are
     * signed with the same secret.
     */
    typ?: string;
    audience?: string;
    /** The clock (tests); the system's by default. */
    agora?: () => Date;
  },
): AccessTokens {
  const agora = options.agora ?? (() => new Date());
  const typ = options.typ ?? 'access';
  const audience = options.audience ?? AUDIENCE;
  let key: Promise<webcrypto.CryptoKey> | undefined;
  const verificados = new Map<string, TokenVerificado>();
  const getKey = () => {
    // Imported once: given raw bytes, jose imports the HMAC key again on every sign and verify.
    key ??= (options.secret ? Promise.resolve(options.secret) : storedSecret(db)).then((s) =>
      webcrypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(s),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      ),
    );
    // A failed read (database down) must not poison every later request.
    key.catch(() => {
      key = undefined;
    });
    return key;
  };
  return {
    async sign(clienteId) {
      const now = agora();
      return new SignJWT({ typ })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(clienteId))
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt(now)
        .setExpirationTime(new Date(now.getTime() + options.ttlSeconds * 1000))
        .sign(await getKey());
    },
    async verify(token) {
      const now = agora();
      // The signature, issuer, audience, kind and subject of a token string never change: only
      // the time checks are made again. A token refused is not kept (it may be valid later).
      const visto = verificados.get(token);
      if (visto !== undefined) {
        if (valeAgora(visto, now)) return visto.sub;
        if (visto.exp !== undefined && visto.exp <= now.getTime() / 1000) verificados.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await getKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
          currentDate: now,
        });
        if (payload.typ !== typ || typeof payload.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(payload.sub)) {
          return undefined;
        }
        // Every token we sign says when; one issued in the future (beyond the skew) is refused.
        if (typeof payload.iat !== 'number' || payload.iat > now.getTime() / 1000 + IAT_TOLERANCIA_SEGUNDOS) {
          return undefined;
        }
        const sub = Number(payload.sub);
        if (verificados.size >= TOKENS_VERIFICADOS_MAX) {
          verificados.delete(verificados.keys().next().value!);
        }
        verificados.set(token, { sub, iat: payload.iat, exp: payload.exp, nbf: payload.nbf });
        return sub;
      } catch (e) {
        if (e instanceof joseErrors.JOSEError) return undefined;
        throw e;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens;
    /** The restaurant staff's access tokens (typ 'staff', their own audience; modules/staff). */
    staffTokens: AccessTokens;
  }
}

/** The Bearer token of a request, if it carries one. */
export function bearerOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h.trim());
  return m?.[1];
}

export const naoAutorizado = (): HttpError => new HttpError(401, { detail: MSG.naoAutorizado });

/**
 * The logged-in customer's id, or a 401 (which the app answers by refreshing its token once).
 * A deleted account's still-unexpired token is refused too.
 */
export async function requireCliente(req: FastifyRequest): Promise<number> {
  const token = bearerOf(req);
  if (!token) throw naoAutorizado();
  const id = await req.server.accessTokens.verify(token);
  if (id === undefined) throw naoAutorizado();
  const row = await req.server.db
    .selectFrom('cliente')
    .select('id')
    .where('id', '=', id)
    .where('excluido_em', 'is', null)
    .executeTakeFirst();
  if (!row) throw naoAutorizado();
  return id;
}
