import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/index.ts';
import type { Mailer } from './mailer.ts';
import { mailRepository } from './repository.ts';

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). The message is also recorded
 * in mail_outbox with enviado_em, so both modes leave the same trail (and account deletion erases
 * it by recipient). A send failure propagates: the caller's request fails rather than claiming
 * a mail went out.
 */
export function createSmtpMailer(
  db: Db,
  options: { smtpUrl: string; from: string },
  log: Pick<FastifyBaseLogger, 'info'>,
): Mailer & { close(): void } {
  // nodemailer (~14 MB RSS) is loaded with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const abrir = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options.smtpUrl),
    ));
  return {
    async send(msg) {
      // Sent before (an instance that died after recording it, or a repeated call): not again.
      if (msg.messageId && (await mailRepository.registrado(db, msg.messageId))) return;
      // The recipient as an address object, and the envelope given explicitly: nodemailer never
      // parses `para` as an address list, so nothing in it (a comma, a display name) can add a
      // recipient even if it got past the e-mail rule.
      const to = { name: '', address: msg.para };
      await (
        await abrir()
      ).sendMail({
        from: options.from,
        to,
        envelope: { from: options.from, to: [to] },
        subject: msg.assunto,
        text: msg.texto,
        html: msg.html,
        ...(msg.messageId ? { messageId: msg.messageId } : {}),
      });
      await mailRepository.insert(db, msg, new Date().toISOString());
      // No address in the log: it is personal data that account deletion could not erase there.
      log.info({ assunto: msg.assunto }, 'email sent (smtp)');
    },
    close() {
      void transport?.then((t) => t.close());
    },
  };
}
