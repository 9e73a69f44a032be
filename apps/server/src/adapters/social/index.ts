import type { SocialProvider } from '@rango/domain';
import type { Config } from '../../config.ts';
import { createFacebookVerifier } from './facebook.ts';
import { createGoogleVerifier } from './google.ts';
import type { SocialVerifier } from './provider.ts';

export { SocialTokenError } from './provider.ts';
export type { SocialPerfil, SocialVerifier } from './provider.ts';

/** The configured providers; a missing one means its login is disabled. */
export type SocialVerifiers = Partial<Record<SocialProvider, SocialVerifier>>;

export function createSocialVerifiers(
  config: Pick<
    Config,
    'googleClientId' | 'googleJwksUrl' | 'facebookAppId' | 'facebookAppSecret' | 'facebookGraphUrl'
  >,
): SocialVerifiers {
  const verifiers: SocialVerifiers = {};
  if (config.googleClientId) {
    verifiers['google-oauth2'] = createGoogleVerifier({
      clientId: config.googleClientId,
      jwksUrl: config.googleJwksUrl,
    });
  }
  if (config.facebookAppId && config.facebookAppSecret) {
    verifiers.facebook = createFacebookVerifier({
      appId: config.facebookAppId,
      appSecret: config.facebookAppSecret,
      graphUrl: config.facebookGraphUrl,
    });
  }
  return verifiers;
}
