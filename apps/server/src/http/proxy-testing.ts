import { afterAll, beforeAll, vi } from 'vitest';
import type { buildApp } from '../app.ts';
import { openTestDb } from '../test/db.ts';
import type { TestDb } from '../test/db.ts';

type App = ReturnType<typeof buildApp>;

/** Where every request of these tests comes from: the load balancer's address. */
export const BALANCER = '10.0.0.1';
export const TOKEN_PATH = '/api/ead/controle/token/';

/**
 * The rate-limit suites behind a load balancer (rate-limit.test.ts, forwarded-for.test.ts): a
 * fresh database per suite and a clock frozen just after a fixed window starts (only Date is
 * faked), so every window's count starts at zero. Answers a getter for the tests.
 */
export function useDbWithFrozenClock(dialect: Parameters<typeof openTestDb>[0]): () => TestDb {
  let t: TestDb | undefined;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:01.000Z'));
    t = await openTestDb(dialect);
  });
  afterAll(async () => {
    await t?.cleanup();
    vi.useRealTimers();
  });
  return () => {
    if (!t) throw new Error('the test database is open only inside the tests');
    return t;
  };
}

/** One login with a wrong password (400 until limited, then 429) from `forwardedFor` through the balancer. */
export function loginViaBalancer(app: App, email: string, forwardedFor: string, remoteAddress = BALANCER) {
  return app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email, senha: 'chute' },
  });
}
