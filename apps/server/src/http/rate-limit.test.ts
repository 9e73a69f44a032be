import { MSG_CONTA } from '@rango/domain';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { LOGIN_LIMITS } from '../modules/auth/routes.ts';
import { DIALECTS, testConfig } from '../test/db.ts';
import { loginViaBalancer as login, useDbWithFrozenClock } from './proxy-testing.ts';

describe.each(DIALECTS)('rate limits behind a load balancer on %s', (dialect) => {
  const db = useDbWithFrozenClock(dialect);

  /** Tries one e-mail's login until refused (at most max + 1 times); answers the last status. */
  async function exhaust(app: ReturnType<typeof buildApp>, email: string, forwardedFor: string) {
    let status = 0;
    for (let i = 0; i <= LOGIN_LIMITS.ipEmail.max; i++) {
      status = (await login(app, email, forwardedFor)).statusCode;
    }
    return status;
  }

  it('with TRUST_PROXY=1, two X-Forwarded-For clients have separate limits', async () => {
    const app = buildApp(testConfig({ trustProxy: 1 }), { db: db().db });
    try {
      expect(await exhaust(app, 'alvo1@example.com', '203.0.113.1')).toBe(429);
      const other = await login(app, 'alvo1@example.com', '203.0.113.2');
      expect(other.statusCode).toBe(400);
      // The first client is still refused (the limit follows it, not the balancer).
      const again = await login(app, 'alvo1@example.com', '203.0.113.1');
      expect(again.statusCode).toBe(429);
      expect(again.json()).toEqual({ detail: MSG_CONTA.muitasTentativas });
    } finally {
      await app.close();
    }
  });

  it('with a list of proxies, only those peers are believed', async () => {
    const app = buildApp(testConfig({ trustProxy: ['10.0.0.0/24'] }), { db: db().db });
    try {
      app.get('/whoami', async (req) => ({ ip: req.ip }));
      const ip = async (remoteAddress: string) =>
        (
          await app.inject({ url: '/whoami', remoteAddress, headers: { 'x-forwarded-for': '203.0.113.9' } })
        ).json<{ ip: string }>().ip;
      expect(await ip('10.0.0.1')).toBe('203.0.113.9');
      expect(await ip('198.51.100.7')).toBe('198.51.100.7');
    } finally {
      await app.close();
    }
  });

  it('without it the header is ignored: every client is the balancer', async () => {
    const app = buildApp(testConfig(), { db: db().db });
    try {
      app.get('/whoami', async (req) => ({ ip: req.ip }));
      const who = await app.inject({
        url: '/whoami',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(who.json()).toEqual({ ip: '10.0.0.1' });
      expect(await exhaust(app, 'alvo2@example.com', '203.0.113.3')).toBe(429);
      const spoofed = await login(app, 'alvo2@example.com', '203.0.113.4');
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
