import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { MSG_CONTA } from '@rango/domain';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app.ts';
import type { TestApp } from '../../test/app.ts';
import { DIALECTS } from '../../test/db.ts';
import { API, apiPathOf, novoCadastro } from '../../modules/customers/testing.ts';
import { createSmtpMailer } from './smtp.ts';
import { escapeHtml } from '../../http/html.ts';
import { confirmacaoMail } from './templates.ts';

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
async function startSmtp(): Promise<{
  port: number;
  inbox: ParsedMail[];
  /** Every RCPT TO the server accepted. */
  rcpts: string[];
  close(): Promise<void>;
}> {
  const inbox: ParsedMail[] = [];
  const rcpts: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      rcpts.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, inbox, rcpts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe.each(DIALECTS)('SMTP mail on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ta: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    ta = await openTestApp(dialect, { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, rateLimit: false });
  });
  afterAll(async () => {
    await ta.close();
    await smtp.close();
  });

  it('delivers the confirmation in Portuguese (text and HTML); its link confirms; login works', async () => {
    const email = 'smtp@example.com';
    const nome = 'Ana <b>& Cia</b>';
    const cad = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/cliente/`,
      payload: novoCadastro(email, { nomeourazaosocial: nome }),
    });
    expect(cad.statusCode).toBe(201);
    expect(smtp.inbox).toHaveLength(1);
    const mail = smtp.inbox[0]!;
    expect(mail.subject).toBe('Confirme seu cadastro no Rango');
    expect(mail.from?.text).toContain('nao-responda@rango.test');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
    expect(mail.text).toContain(`Olá, ${nome}!`);
    expect(mail.html || '').toContain(escapeHtml(nome));
    expect(mail.html || '').not.toContain('<b>& Cia</b>');
    const link = /http:\/\/rango\.test\/confirma\/\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();

    // Recorded as sent.
    const row = await ta.t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('para', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.enviado_em).not.toBeNull();

    const conf = await ta.app.inject({ method: 'POST', url: apiPathOf(link!) });
    expect(conf.statusCode).toBe(200);
    expect(conf.json()).toEqual({ detail: MSG_CONTA.confirmacaoSucesso });
    const login = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/token/`,
      payload: { email, senha: 'segredo1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a recipient with a comma or a display name never becomes a second recipient', async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createSmtpMailer(
      ta.t.db,
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Rango <nao-responda@rango.test>' },
      log,
    );
    try {
      for (const para of [
        'vitima@example.com,intruso@example.com',
        'vitima@example.com; intruso@example.com',
        '"vitima@example.com" <intruso@example.com>',
      ]) {
        const before = smtp.rcpts.length;
        // The server may refuse the odd address; what matters is who it was asked to deliver to.
        await mailer
          .send(confirmacaoMail(para, 'X', 'http://rango.test/confirma/u/t'))
          .catch(() => undefined);
        const asked = smtp.rcpts.slice(before);
        expect(asked.length, para).toBeLessThanOrEqual(1);
        expect(asked, para).not.toContain('intruso@example.com');
        expect(asked, para).not.toContain('vitima@example.com');
      }
    } finally {
      mailer.close();
    }
  });

  it('a message with a Message-ID goes once, with that header, however many times it is sent', async () => {
    const log = { info: () => undefined } as unknown as FastifyBaseLogger;
    const mailer = createSmtpMailer(
      ta.t.db,
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, from: 'Rango <nao-responda@rango.test>' },
      log,
    );
    try {
      const messageId = `<notificacao.${Date.now()}@rango.test>`;
      const msg = {
        para: 'cliente@example.com',
        assunto: 'Pedido aceito',
        texto: 'Aceito.',
        html: '<p>Aceito.</p>',
        messageId,
      };
      const antes = smtp.inbox.length;
      await mailer.send(msg);
      // Again (a retry after a crash, another instance): already recorded as sent, not sent again.
      await mailer.send(msg);
      const novos = smtp.inbox.slice(antes);
      expect(novos.map((m) => m.messageId)).toEqual([messageId]);
      const rows = await ta.t.db
        .selectFrom('mail_outbox')
        .select(['message_id', 'enviado_em'])
        .where('message_id', '=', messageId)
        .execute();
      expect(rows).toEqual([{ message_id: messageId, enviado_em: expect.any(String) }]);
    } finally {
      mailer.close();
    }
  });

  it('delivers the reset link, which sets a new password', async () => {
    const email = 'smtp@example.com';
    const res = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/cliente/token-resete-senha/`,
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    await ta.app.backgroundTasks.idle();
    const mail = smtp.inbox.at(-1)!;
    expect(mail.subject).toBe('Crie uma nova senha no Rango');
    const link = /http:\/\/rango\.test\/resetar-senha\/\S+/.exec(mail.text ?? '')?.[0];
    const reset = await ta.app.inject({
      method: 'POST',
      url: apiPathOf(link!),
      payload: { senha: 'trocada1' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await ta.app.inject({
      method: 'POST',
      url: `${API}/controle/token/`,
      payload: { email, senha: 'trocada1' },
    });
    expect(login.statusCode).toBe(200);
  });
});
