import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox.ts';
import { mailRepository } from './repository.ts';
import { createSmtpMailer } from './smtp.ts';

export type { Mailer, MailMessage } from './mailer.ts';

/** SMTP when SMTP_URL is set, else the outbox + log line; `close` releases the SMTP pool. */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Db,
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer & { close(): void } {
  if (config.smtpUrl) return createSmtpMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom }, log);
  return { ...createOutboxMailer(db, log), close: () => undefined };
}

/** Account erasure's part of the outbox: every mail sent to `email` or quoting it goes. */
export function apagarMailsDoEmail(db: Db, email: string): Promise<void> {
  return mailRepository.deleteDoEmail(db, email);
}
