import type { FastifyInstance } from 'fastify';
import { createMailer } from '../../adapters/mail/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { webhooksRoutes } from './routes.ts';
import { createWebhooks } from './service.ts';
import type { WebhooksDeps, WebhooksService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing webhooks (modules/webhooks): tests run its job by hand (`processar`). */
    webhooks: WebhooksService;
  }
}

/** Tests: the clock, the HTTP port, the resolver, and whether the periodic job runs. */
export type WebhooksOpcoes = Partial<Pick<WebhooksDeps, 'agora' | 'http' | 'resolver' | 'timeoutMs'>> & {
  semTarefa?: boolean;
};

/** How often the job fans new events out and sends what is due. */
export const WEBHOOKS_MS = 2000;

/**
 * Outgoing webhooks (issue 24 part 2) of this app instance: the service decorated as
 * `app.webhooks`, its jobs defined; app.ts registers `webhooksRoutes(svc)` under the API prefix.
 */
export function instalarWebhooks(
  app: FastifyInstance,
  config: Config,
  db: Db,
  { mailer: injetado, opcoes = {} }: { mailer?: Mailer | undefined; opcoes?: WebhooksOpcoes | undefined },
): WebhooksService {
  let mailer: Mailer;
  if (injetado) mailer = injetado;
  else {
    const proprio = createMailer(config, db, app.log);
    mailer = proprio;
    app.addHook('onClose', async () => proprio.close());
  }
  const svc = createWebhooks({
    db,
    segredos: app.segredos,
    mailer,
    log: app.log,
    producao: config.production,
    agora: opcoes.agora,
    http: opcoes.http,
    resolver: opcoes.resolver,
    timeoutMs: opcoes.timeoutMs,
  });
  app.decorate('webhooks', svc);
  if (!opcoes.semTarefa) {
    // Once per period across instances (pg-boss); each attempt is also claimed row by row.
    app.jobs.define({
      name: 'webhooks',
      everyMs: WEBHOOKS_MS,
      leaseSeconds: 120,
      run: () => svc.processar(),
    });
    app.jobs.define({
      name: 'webhooks-limpar',
      everyMs: 60 * 60_000,
      leaseSeconds: 120,
      run: () => svc.limpar(),
    });
  }
  return svc;
}

export { webhooksRoutes };
