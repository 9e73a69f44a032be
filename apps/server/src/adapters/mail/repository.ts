import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { MailMessage } from './mailer.ts';

/** SQL of the outbox: every message either adapter handles is recorded here. */
export const mailRepository = {
  /** Every mail sent to `email`, and any other that quotes the address (whatever its case). */
  async deleteDoEmail(db: Db, email: string): Promise<void> {
    const like = `%${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await db
      .deleteFrom('mail_outbox')
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['para']), '=', email.toLowerCase()),
          sql<boolean>`lower(${eb.ref('texto')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref('html')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref('assunto')}) like ${like} escape '\\'`,
        ]),
      )
      .execute();
  },

  /** A message with this Message-ID is already recorded (sent, in SMTP mode). */
  async registrado(db: Db, messageId: string): Promise<boolean> {
    const r = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    return r !== undefined;
  },

  /** Records the message; one with a Message-ID already recorded is not recorded again. */
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
        message_id: msg.messageId ?? null,
      })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .execute();
  },
};
