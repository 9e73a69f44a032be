import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../adapters/mail/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import { createSocialVerifiers } from '../../adapters/social/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import { createPasswords } from '../auth/passwords.ts';
import { authRoutes } from '../auth/routes.ts';
import { createAuthService } from '../auth/service.ts';
import { customersRoutes } from './routes.ts';
import { createCustomersService } from './service.ts';
import { socialRemovalRoutes } from './social-removal.ts';

/**
 * Accounts (issue 3): auth and customers wired from the config, so app.ts registers one plugin.
 * The mailer is SMTP when SMTP_URL is set, else the outbox; tests may inject their own.
 */
export function accountsRoutes(
  config: Config,
  db: Db,
  injected?: Mailer,
  /** A restaurant's own host's origin (its links), else undefined (establishments/dominio.ts). */
  origemDoHost?: (host: string | undefined) => string | undefined,
) {
  return async (api: FastifyInstance): Promise<void> => {
    let mailer: Mailer;
    if (injected) {
      mailer = injected;
    } else {
      const owned = createMailer(config, db, api.log);
      api.addHook('onClose', async () => owned.close());
      mailer = owned;
    }
    const rateLimit = createRateLimiter(db, config.rateLimit);
    // argon2id in native code on libuv's pool; the app's close waits for the hashes under way.
    const passwords = createPasswords();
    api.addHook('onClose', async () => passwords.close());
    const auth = createAuthService(db, api.accessTokens, { refreshTtl: config.refreshTokenTtl, passwords });
    const customers = createCustomersService({
      db,
      mailer,
      auth,
      social: createSocialVerifiers(config),
      publicUrl: config.publicUrl,
      socialConfig: {
        google: config.googleClientId ? { client_id: config.googleClientId } : null,
        facebook: config.facebookAppId && config.facebookAppSecret ? { app_id: config.facebookAppId } : null,
      },
      log: api.log,
      background: api.backgroundTasks,
      passwords,
    });
    await api.register(authRoutes(auth, rateLimit));
    await api.register(customersRoutes(customers, rateLimit, origemDoHost));
    // Facebook's data deletion callback (its own plugin: it scopes a form parser to itself).
    await api.register(
      socialRemovalRoutes({
        db,
        publicUrl: config.publicUrl,
        facebookAppSecret: config.facebookAppId ? config.facebookAppSecret : undefined,
        rateLimit,
      }),
    );
  };
}
