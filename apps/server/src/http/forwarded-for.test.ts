import { connect } from 'node:net';
import { MSG_CONTA } from '@rango/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { LOGIN_LIMITS } from '../modules/auth/routes.ts';
import { DIALECTS, openTestDb, testConfig } from '../test/db.ts';
import type { TestDb } from '../test/db.ts';
import { loginViaBalancer as login, useDbWithFrozenClock } from './proxy-testing.ts';
import { clientIp } from './rate-limit.ts';

/**
 * Issue 13, bad input: a malformed X-Forwarded-For reaching an instance that trusts its proxy
 * (HAProxy replaces the client's header, so only a client that reaches the instance directly can
 * send one: junk, 10 kB, control characters, a list of nothing). Never a 500; junk names no
 * client, so the peer stands for it: a new junk value per request does not escape the limits,
 * and /metrics is refused.
 */
const JUNK = [
  'lixo, 999.1.1.1, ::zz',
  'a'.repeat(10_000),
  'a\tb',
  '1.2.3.4 5.6.7.8',
  'ção',
  '999.1.1.1',
  '::zz',
  '" or 1=1 --',
];

describe.each(DIALECTS)('malformed X-Forwarded-For behind a trusted proxy on %s', (dialect) => {
  const db = useDbWithFrozenClock(dialect);

  for (const trustProxy of [1, ['10.0.0.0/24']] as const) {
    it(`TRUST_PROXY=${String(trustProxy)}: answers as usual; the peer stands for a junk client`, async () => {
      const app = buildApp(
        // The balancer's own network may read /metrics; a client it names is judged by itself.
        testConfig({
          trustProxy: trustProxy as 1 | string[],
          metrics: { allow: ['loopback', '10.0.0.0/24'], token: undefined },
        }),
        { db: db().db },
      );
      try {
        app.get('/quem', async (req) => ({ ip: clientIp(req) }));
        const quem = async (xff: string) =>
          (
            await app.inject({ url: '/quem', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': xff } })
          ).json<{ ip: string }>().ip;
        for (const xff of JUNK) expect(await quem(xff), xff.slice(0, 20)).toBe('10.0.0.1');
        // Empty entries are skipped; a well-formed client is still read.
        expect(await quem(',,,')).toBe('10.0.0.1');
        expect(await quem('203.0.113.9,')).toBe('203.0.113.9');
        expect(await quem('lixo, 203.0.113.9')).toBe('203.0.113.9');

        expect(
          (
            await app.inject({
              url: '/metrics',
              remoteAddress: '10.0.0.1',
              headers: { 'x-forwarded-for': '10.0.0.7' },
            })
          ).statusCode,
        ).toBe(200);
        for (const xff of JUNK) {
          const headers = { 'x-forwarded-for': xff };
          const r = await app.inject({
            url: '/api/ead/controle/estabelecimento/1/',
            remoteAddress: '10.0.0.1',
            headers,
          });
          // No establishment in this database: the app's own 404, never a 500.
          expect(r.statusCode, xff.slice(0, 20)).toBe(404);
          const m = await app.inject({ url: '/metrics', remoteAddress: '10.0.0.1', headers });
          expect(m.statusCode, xff.slice(0, 20)).toBe(403);
        }
      } finally {
        await app.close();
      }
    });
  }

  it('a new junk value per login does not get a fresh limit', async () => {
    const app = buildApp(testConfig({ trustProxy: 1 }), { db: db().db });
    try {
      const status: number[] = [];
      for (let n = 0; n <= LOGIN_LIMITS.ipEmail.max; n++) {
        const r = await login(app, 'junk@example.com', `lixo-${n}`, '10.0.0.9');
        status.push(r.statusCode);
        if (r.statusCode === 429) expect(r.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
      }
      expect(status.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(status.at(-1)).toBe(429);
      // A real client behind the same balancer keeps its own count.
      const outro = await login(app, 'junk@example.com', '203.0.113.50', '10.0.0.9');
      expect(outro.statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });
});

describe('header bytes on a real socket (X-Request-Id, X-Forwarded-For)', () => {
  let t: TestDb;
  let app: ReturnType<typeof buildApp>;
  let port = 0;
  beforeAll(async () => {
    t = await openTestDb('sqlite');
    app = buildApp(testConfig({ trustProxy: 1 }), { db: t.db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const a = app.server.address();
    port = typeof a === 'object' && a ? a.port : 0;
  });
  afterAll(async () => {
    await app.close();
    await t.cleanup();
  });

  /** Sends raw bytes, answers the status line and the x-request-id header of the answer. */
  const bruto = (cabecalhos: string) =>
    new Promise<{ status: string; id: string | undefined }>((resolve, reject) => {
      const s = connect(port, '127.0.0.1');
      let dados = '';
      s.on('data', (c: Buffer) => (dados += c.toString('latin1')));
      s.on('error', reject);
      s.on('close', () =>
        resolve({
          status: dados.split('\r\n', 1)[0] ?? '',
          id: /\r\nx-request-id: ([^\r]*)\r\n/i.exec(dados)?.[1],
        }),
      );
      s.end(`GET /healthz HTTP/1.1\r\nHost: rango\r\nConnection: close\r\n${cabecalhos}\r\n`);
    });

  it('control characters refused with 400 and headers past 16 KiB with 431 before the app; a 10 kB id is replaced; the server goes on', async () => {
    for (const h of [
      'X-Request-Id: abc\x01def\r\n',
      'X-Request-Id: abc\x00def\r\n',
      'X-Forwarded-For: 203.0.113.9\x1b[31m\r\n',
    ]) {
      expect((await bruto(h)).status, JSON.stringify(h)).toBe('HTTP/1.1 400 Bad Request');
    }
    const grande = await bruto(`X-Request-Id: ${'a'.repeat(10_000)}\r\nX-Forwarded-For: lixo, ::zz\r\n`);
    expect(grande.status).toBe('HTTP/1.1 200 OK');
    expect(grande.id).toMatch(/^[0-9a-f-]{36}$/);
    // Past Node's 16 KiB of headers: 431, before the app.
    const enorme = await bruto(
      `X-Request-Id: ${'a'.repeat(10_000)}\r\nX-Forwarded-For: ${'b'.repeat(10_000)}\r\n`,
    );
    expect(enorme.status).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const tab = await bruto('X-Request-Id: abc\tdef\r\nX-Forwarded-For: lixo\t1\r\n');
    expect(tab.status).toBe('HTTP/1.1 200 OK');
    expect(tab.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await bruto('X-Request-Id: lb-1.ok_2\r\n')).id).toBe('lb-1.ok_2');
  });
});
