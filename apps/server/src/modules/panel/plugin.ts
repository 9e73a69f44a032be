import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../adapters/mail/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import { createPasswords } from '../auth/passwords.ts';
import type { Payments } from '../payments/service.ts';
import { staffRoutes } from '../staff/routes.ts';
import { panelRoutes } from './routes.ts';
import { createPanelService } from './service.ts';
import { createStaffService } from '../staff/service.ts';

export interface PanelDeps {
  config: Config;
  db: Db;
  /** The mail adapter; when omitted, SMTP if configured, else the outbox (as for customers). */
  mailer?: Mailer | undefined;
  /** Refunds an order cancelled from the panel that was paid online. */
  payments?: Pick<Payments, 'estornar'> | undefined;
}

/**
 * The restaurant's panel (issue 11): staff sign-in (modules/staff) and the per-establishment
 * routes (orders, store pause, out of stock, settings, team), wired from the config so app.ts
 * registers one plugin. The live stream is modules/events'.
 */
export function panelPlugin({ config, db, mailer: injected, payments }: PanelDeps) {
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
    const passwords = createPasswords();
    api.addHook('onClose', async () => passwords.close());
    const staff = createStaffService({
      db,
      tokens: api.staffTokens,
      passwords,
      mailer,
      publicUrl: config.publicUrl,
      refreshTtl: config.refreshTokenTtl,
      background: api.backgroundTasks,
    });
    await api.register(staffRoutes(staff, rateLimit));
    await api.register(panelRoutes(createPanelService({ db, payments })));
  };
}
