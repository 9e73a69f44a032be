import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { createAccessTokens } from '../../http/auth.ts';
import type { AccessTokens } from '../../http/auth.ts';

/** The staff token's kind and audience: a customer's token never opens the panel, nor the reverse. */
export const STAFF_TYP = 'staff';
export const STAFF_AUDIENCE = 'rango-painel';

/**
 * The restaurant staff's access tokens: short-lived HS256 JWTs whose `sub` is the staff member's
 * id, signed with the customers' secret (JWT_SECRET or the one kept in the database) so every
 * instance checks them; `typ` and the audience keep the two kinds apart.
 */
export function createStaffTokens(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'accessTokenTtl'>,
): AccessTokens {
  return createAccessTokens(db, {
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtl,
    typ: STAFF_TYP,
    audience: STAFF_AUDIENCE,
  });
}
