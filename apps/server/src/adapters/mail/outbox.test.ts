import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { DIALECTS, openTestDb } from '../../test/db.ts';
import { createOutboxMailer } from './outbox.ts';
import { confirmacaoLink, confirmacaoMail } from './templates.ts';

describe.each(DIALECTS)('outbox mailer on %s', (dialect) => {
  it('stores the message unsent and logs one info line with the link', async () => {
    const t = await openTestDb(dialect);
    try {
      const lines: unknown[][] = [];
      const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
      const link = confirmacaoLink('http://rango.test', 'u-u-i-d', 'tok');
      await createOutboxMailer(t.db, log).send(confirmacaoMail('a@b.com', 'Ana', link));
      const row = await t.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ para: 'a@b.com', link, enviado_em: null });
      expect(row.texto).toContain('Olá, Ana!');
      expect(lines).toHaveLength(1);
      expect(String(lines[0]?.[1])).toContain('http://rango.test/confirma/u-u-i-d/tok');
      // Never the recipient: logs outlive an account's deletion.
      expect(JSON.stringify(lines)).not.toContain('a@b.com');
    } finally {
      await t.cleanup();
    }
  });
});
