import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Mailer } from './mailer.ts';
import { mailRepository } from './repository.ts';

/**
 * The embedded default (no SMTP_URL): the message stays in mail_outbox and its link goes to the
 * server log, so the offline demo can confirm an account or reset a password. This log line is
 * the one place a token is logged, on purpose, and only in this mode.
 */
export function createOutboxMailer(db: Db, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    async send(msg) {
      await mailRepository.insert(db, msg, null);
      // The link only (the demo needs it), never the address: a log line cannot be erased when
      // the account is deleted.
      log.info({ assunto: msg.assunto, link: msg.link }, `email (outbox): ${msg.link ?? ''}`);
    },
  };
}
