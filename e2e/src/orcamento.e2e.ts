/**
 * JS budgets, enforced by the README's test command (issue 11): the customer's menu route keeps
 * its 150 KiB gzip before interaction whatever the panel adds, and the restaurant panel keeps its
 * own budget. Same measurement as `npm run bench` (js-budget.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppHandle } from './harness.ts';
import {
  MENU_BUDGET_KIB,
  PAINEL_FILA_BUDGET_KIB,
  PAINEL_LOGIN_BUDGET_KIB,
  kib,
  measureJs,
  measurePainel,
} from './js-budget.ts';

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

  it(`painel: /painel/login ≤ ${PAINEL_LOGIN_BUDGET_KIB} KiB e a fila /painel/1, já com sessão, ≤ ${PAINEL_FILA_BUDGET_KIB} KiB gzip`, async () => {
    const { login, fila } = await measurePainel(app.browser, app.baseUrl);
    expect(
      login.chunks.some((c) => c.path.startsWith('/painel/assets/')),
      listar(login),
    ).toBe(true);
    expect(kib(login.gzip), listar(login)).toBeLessThanOrEqual(PAINEL_LOGIN_BUDGET_KIB);
    expect(
      fila.chunks.some((c) => /fila/.test(c.path)),
      listar(fila),
    ).toBe(true);
    expect(kib(fila.gzip), listar(fila)).toBeLessThanOrEqual(PAINEL_FILA_BUDGET_KIB);
    // The panel never loads the customer's code, nor the customer the panel's.
    expect(fila.chunks.filter((c) => c.path.startsWith('/assets/'))).toEqual([]);
  });
});
