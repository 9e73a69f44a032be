import type { Db } from '../../db/index.ts';
import type { MailMessage } from './mailer.ts';

/** SQL of the outbox: every message either adapter handles is recorded here. */
export const mailRepository = {
  async insert(db: Db, msg: MailMessage, enviadoEm: string | null): Promise<void> {
    await db
      .insertInto('mail_outbox')
      .values({
        para: msg.para,
        assunto: msg.assunto,
        texto: msg.texto,
        html: msg.html,
        link: msg.link ?? null,
        criado_em: new Date().toISOString(),
        enviado_em: enviadoEm,
      })
      .execute();
  },
};
