import { MSG } from '@rango/domain';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, openTestDb } from '../test/db.ts';
import { registerErrorHandler } from './error-handler.ts';

const MAL_FORMADA = { detail: MSG.requisicaoMalFormada };

describe('error handler', () => {
  it.each(['22021', '22P05'])(
    'answers PostgreSQL %s (character not valid / untranslatable) with 400',
    async (code) => {
      const app = Fastify({ logger: false });
      registerErrorHandler(app);
      app.get('/x', async () => {
        throw Object.assign(new Error('invalid byte sequence'), { code });
      });
      const res = await app.inject({ url: '/x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(MAL_FORMADA);
      await app.close();
    },
  );

  it('keeps other database errors a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw Object.assign(new Error('boom'), { code: '23505' });
    });
    expect((await app.inject({ url: '/x' })).statusCode).toBe(500);
    await app.close();
  });
});

describe.each(DIALECTS)('error handler with a real %s query', (dialect) => {
  it('a NUL in a text parameter is a 400 on PostgreSQL, stored harmlessly on SQLite', async () => {
    const t = await openTestDb(dialect, { migrate: false });
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/x', async () => {
      const r = await sql<{ v: string }>`select ${'a\u0000b'} as v`.execute(t.db);
      return { ok: r.rows[0]?.v.length };
    });
    try {
      const res = await app.inject({ url: '/x' });
      if (dialect === 'postgres') {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual(MAL_FORMADA);
      } else {
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.close();
      await t.cleanup();
    }
  });
});
