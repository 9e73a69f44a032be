import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { SocialTokenError } from './provider.ts';
import type { SocialVerifier } from './provider.ts';

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/**
 * Google Identity Services: the app sends the ID token (a JWT signed by Google). Checked against
 * Google's published keys (JWKS, cached and refreshed by jose on an unknown kid), with our client
 * id as audience, Google's issuer, an expiry, and a verified e-mail.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }): SocialVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return {
    async verify(token) {
      let payload;
      try {
        ({ payload } = await jwtVerify(token, jwks, {
          audience: options.clientId,
          issuer: ISSUERS,
          algorithms: ['RS256'],
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (e) {
        if (e instanceof joseErrors.JOSEError || e instanceof TypeError) {
          throw new SocialTokenError(`google: ${e.name}`);
        }
        throw e;
      }
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || !verified) {
        throw new SocialTokenError('google: e-mail not verified');
      }
      return {
        sujeito: payload.sub,
        email: payload.email,
        nome: typeof payload.name === 'string' ? payload.name : undefined,
      };
    },
  };
}
