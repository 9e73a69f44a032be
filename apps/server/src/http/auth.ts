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
 * A secret generated once and kept in the `configuracao` table under `chave` (the JWT key, the
 * payment sandbox's signing key), so every instance on one database shares it.
 */
export async function storedSecret(db: Db, chave = 'jwt_secret'): Promise<string> {
  const row = await db
    .selectFrom('configuracao')
    .select('valor')
    .where('chave', '=', chave)
    .executeTakeFirst();
  if (row) return row.valor;
  const fresh = randomBytes(48).toString('base64url');
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
  },
): AccessTokens {
  const typ = options.typ ?? 'access';
  const audience = options.audience ?? AUDIENCE;
  let key: Promise<webcrypto.CryptoKey> | undefined;
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
      return new SignJWT({ typ })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(clienteId))
        .setIssuer(ISSUER)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${options.ttlSeconds}s`)
        .sign(await getKey());
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await getKey(), {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience,
        });
        if (payload.typ !== typ || typeof payload.sub !== 'string' || !/^[1-9]\d{0,9}$/.test(payload.sub)) {
          return undefined;
        }
        return Number(payload.sub);
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
