/**
 * Login cost and its effect on everyone else: POST /controle/token/ (argon2id verification) at
 * 10 concurrent logins, and the menu's latency while those logins run compared with an idle
 * server. Hashing runs in native code on libuv's pool, so the menu's p99 must not collapse under
 * logins. Issue 13's target: login p99 ≤ 300 ms at 10 concurrent logins.
 * Target (ours): menu p99 under login load ≤ 3 × idle p99 + 20 ms.
 */
import autocannon, { type Result } from 'autocannon';
import type { BenchResult } from './lib/results.ts';
import { printFigures, saveResult } from './lib/results.ts';
import { confirmedCustomer } from './lib/customer.ts';
import { isMain, startServer } from './lib/server.ts';

const MENU_PATH = '/api/ead/api/estabelecimento/1/menu/';
const DURATION = Number(process.env.BENCH_DURATION ?? 8);

function menuLoad(url: string): Promise<Result> {
  return autocannon({ url, connections: 10, duration: DURATION });
}

export async function runLoginLatency(): Promise<BenchResult> {
  // Rate limits off: this measures the hashing, not the limiter. Info logs carry the outbox link.
  const server = await startServer({ env: { RATE_LIMIT: '0', LOG_LEVEL: 'info' } });
  try {
    const { email, senha } = await confirmedCustomer(server.baseUrl, server.output);
    const menuUrl = `${server.baseUrl}${MENU_PATH}`;
    await autocannon({ url: menuUrl, connections: 10, duration: 2 }); // warm-up

    const idle = await menuLoad(menuUrl);
    const [logins, busy] = await Promise.all([
      autocannon({
        url: `${server.baseUrl}/api/ead/controle/token/`,
        method: 'POST',
        connections: 10,
        duration: DURATION,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha }),
      }),
      menuLoad(menuUrl),
    ]);
    if (logins.non2xx > 0 || logins.errors > 0) {
      throw new Error(`login: ${logins.non2xx} respostas não-2xx, ${logins.errors} erros`);
    }
    const idleP99 = idle.latency.p99;
    const busyP99 = busy.latency.p99;
    const limit = 3 * idleP99 + 20;
    const result: BenchResult = {
      bench: 'login-latency',
      figures: [
        {
          name: 'logins por segundo (10 conexões)',
          value: Math.round(logins.requests.average),
          unit: 'req/s',
          target: 'informativo',
          ok: true,
        },
        { name: 'login p50', value: logins.latency.p50, unit: 'ms', target: 'informativo', ok: true },
        { name: 'login p99', value: logins.latency.p99, unit: 'ms', target: 'informativo', ok: true },
        { name: 'cardápio p99 ocioso', value: idleP99, unit: 'ms', target: 'informativo', ok: true },
        {
          name: 'cardápio p99 durante logins',
          value: busyP99,
          unit: 'ms',
          target: `≤ ${limit} ms (3 × ocioso + 20)`,
          ok: busyP99 <= limit,
        },
      ],
    };
    return result;
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const result = await runLoginLatency();
  console.log(`\nLogin (argon2id nativo, fora do event loop) e cardápio em paralelo, ${DURATION} s`);
  printFigures(result);
  saveResult(result);
}
