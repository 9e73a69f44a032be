import type { Agent } from 'node:https';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWhatsAppCloud, createWhatsAppLog } from './whatsapp/sender.ts';
import type { WhatsAppSender } from './whatsapp/sender.ts';
import { createMailer } from '../../adapters/mail/index.ts';
import type { Mailer } from '../../adapters/mail/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { carregarVapid, createPushEmThread, createWebPushSender } from './push.ts';
import type { PushSender, Vapid } from './push.ts';
import { notificacoesPainelRoutes } from './painel-routes.ts';
import { notificacoesRoutes } from './routes.ts';
import { createNotificacoesService } from './service.ts';
import { whatsappPainelRoutes } from './whatsapp-routes.ts';
import type { WhatsAppService } from './whatsapp/service.ts';

/** How often the job follows the event log and sends what is due. */
export const NOTIFICACOES_MS = 1000;

/**
 * The customer's notifications (issue 22): the outbox follows the event log (so a change made by
 * the panel, the operator API, the CLI, the reconciler or another instance notifies once) and
 * sends by Web Push and e-mail, on the job queue; the customer's routes for consent and devices.
 */
export function notificacoesPlugin({
  config,
  db,
  mailer: injected,
  push,
  pushAgent,
  job = true,
  urlPublicaDe,
  whatsapp,
}: {
  config: Config;
  db: Db;
  mailer?: Mailer | undefined;
  /** Tests: another push port, or the HTTPS agent trusting the local push-service fake. */
  push?: PushSender | undefined;
  pushAgent?: Agent | undefined;
  /** Tests: false defines no job (the test runs the outbox itself, on its own clock). */
  job?: boolean;
  /** The origin of an establishment's links (its own host name, modules/establishments/dominio.ts). */
  urlPublicaDe?: ((idestabelecimento: number) => string) | undefined;
  /** WhatsApp Business (issue 22 part 2): the establishments' numbers; its webhook is in app.ts. */
  whatsapp?: WhatsAppService | undefined;
}) {
  return async (api: FastifyInstance): Promise<void> => {
    let mailer: Mailer;
    if (injected) mailer = injected;
    else {
      const owned = createMailer(config, db, api.log);
      api.addHook('onClose', async () => owned.close());
      mailer = owned;
    }
    let vapid: Promise<Vapid> | undefined;
    const chaves = () => {
      vapid ??= carregarVapid(db, config).catch((e: unknown) => {
        vapid = undefined;
        throw e;
      });
      return vapid;
    };
    // Web Push on a thread of its own (push-thread.ts); the tests' agent keeps it on this one.
    let porta = push ?? (pushAgent ? createWebPushSender(chaves, pushAgent) : undefined);
    if (!porta) {
      const thread = createPushEmThread(chaves);
      api.addHook('onClose', async () => thread.fechar());
      porta = thread;
    }
    const service = createNotificacoesService({
      db,
      mailer,
      push: porta,
      publicUrl: config.publicUrl,
      urlPublicaDe,
      log: api.log,
      whatsapp,
    });
    // The pair exists from the first start (generated and kept when the environment has none).
    api.addHook('onReady', async () => {
      await chaves().catch((e: unknown) => {
        api.log.warn({ erro: e instanceof Error ? e.message : String(e) }, 'chaves VAPID indisponíveis');
      });
    });
    if (job)
      api.jobs.define({
        name: 'notificacoes',
        everyMs: NOTIFICACOES_MS,
        // Short: an instance killed mid-run holds the job only this long (each message's own claim,
        // PRAZO_TENTATIVA_MS, keeps a second run from sending it again).
        leaseSeconds: 30,
        run: () => service.rodar(),
      });
    await api.register(notificacoesRoutes(service, async () => (await chaves()).publicKey));
    await api.register(notificacoesPainelRoutes(service));
    if (whatsapp) await api.register(whatsappPainelRoutes(whatsapp));
  };
}

/** The WhatsApp port the configuration asks for: the Cloud API, or the log (the default off production). */
export function whatsappSender(config: Config, log: FastifyBaseLogger): WhatsAppSender {
  return config.whatsapp?.api === 'cloud'
    ? createWhatsAppCloud(config.whatsapp.graphUrl)
    : createWhatsAppLog(log);
}
