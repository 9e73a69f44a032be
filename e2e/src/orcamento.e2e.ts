/**
 * JS budgets, enforced by the README's test command (issue 11): the customer's menu route keeps
 * its 150 KiB gzip before interaction whatever the panel adds, and the restaurant panel keeps its
 * own budget. Same measurement as `npm run bench` (js-budget.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from './harness.ts';
import { MENU_BUDGET_KIB, PAINEL_BUDGET_KIB, kib, measureJs } from './js-budget.ts';

let app: AppHandle;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => app?.stop());

const listar = (load: Awaited<ReturnType<typeof measureJs>>) =>
  load.chunks.map((c) => `${kib(c.gzip)} KiB ${c.path}`).join('\n');

describe('orçamento de JS antes da interação', () => {
  it(`cardápio /estabelecimento/1 ≤ ${MENU_BUDGET_KIB} KiB gzip, sem nenhum código do painel`, async () => {
    const context = await app.browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const load = await measureJs(context, `${app.baseUrl}/estabelecimento/1`);
      expect(load.chunks.length).toBeGreaterThan(0);
      expect(kib(load.gzip), listar(load)).toBeLessThanOrEqual(MENU_BUDGET_KIB);
      expect(load.chunks.filter((c) => /painel/i.test(c.path))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it(`painel /painel/login ≤ ${PAINEL_BUDGET_KIB} KiB gzip`, async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const load = await measureJs(context, `${app.baseUrl}/painel/login`);
      expect(load.chunks.length).toBeGreaterThan(0);
      expect(kib(load.gzip), listar(load)).toBeLessThanOrEqual(PAINEL_BUDGET_KIB);
    } finally {
      await context.close();
    }
  });
});
