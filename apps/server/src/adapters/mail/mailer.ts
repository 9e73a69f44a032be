/** A message to a customer: Portuguese plain text and HTML, with the one link it carries. */
export interface MailMessage {
  para: string;
  assunto: string;
  texto: string;
  html: string;
  /** The action link (confirmation, reset); the embedded adapter logs it for the demo. */
  link?: string;
  /**
   * The message's Message-ID (`<…@…>`), from a sender that may repeat the send after a crash: the
   * outbox records it once, SMTP sends it as the header (so the receiver sees one message) and
   * skips a message already recorded as sent.
   */
  messageId?: string;
}

/** The mail port: the embedded outbox by default, SMTP when SMTP_URL is set. */
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}
