/**
 * A real SMTP server inside the test (the `smtp-server` package) that the Rango server under
 * test sends its e-mails to (`SMTP_URL`), so a journey reads the confirmation or reset message
 * the way a person would and follows its link.
 */
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>` for the server's SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** The first message to `to` whose subject matches, waiting up to `timeoutMs`. */
  waitFor: (to: string, subject: RegExp, timeoutMs?: number) => Promise<CaughtMail>;
  stop: () => Promise<void>;
}

const addressesOf = (mail: ParsedMail): string[] => {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
};

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const to of addressesOf(mail)) {
            messages.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
          }
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, subject, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to === to.toLowerCase() && subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`Nenhum e-mail para ${to} com assunto ${subject} (recebidos: ${messages.length})`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in the message's text that points at `origin` (the app's public URL). */
export function linkIn(mail: CaughtMail, origin: string): string {
  const m = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^\\s<>"')]+`).exec(mail.text);
  if (!m) throw new Error(`Sem link para ${origin} no e-mail:\n${mail.text}`);
  return m[0];
}
