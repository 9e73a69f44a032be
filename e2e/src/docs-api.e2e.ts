/**
 * The API's documentation page (issue 24): /api/docs, written by the server from the OpenAPI
 * document, read in Chromium at 375 px and 1280 px — axe-core clean, nothing refused by the CSP,
 * no script, and its groups and schemas reachable from the keyboard (links and <details>).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axePara } from './axe.ts';
import { type AppHandle, VIEWPORTS, startApp } from './harness.ts';

let app: AppHandle;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

describe('/api/docs', () => {
  for (const viewport of VIEWPORTS) {
    it(`is axe-clean and allowed by the CSP at ${viewport.width} px`, async () => {
      const { page, errors, cspViolations, close } = await app.open('/api/docs', viewport);
      try {
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Documentação da API/);
        expect(await page.locator('script').count()).toBe(0);
        // Open every <details> so axe sees the schemas too.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        const results = await axePara(page).analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
        expect(await cspViolations()).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('opens a route’s request body from the keyboard', async () => {
    const { page, close } = await app.open('/api/docs');
    try {
      const cupom = page.locator('article', { hasText: '/api/ead/api/cupom/validar/' });
      const resumo = cupom.locator('summary', { hasText: 'Corpo da requisição' });
      await resumo.focus();
      await page.keyboard.press('Enter');
      expect(await cupom.locator('details').first().getAttribute('open')).toBe('');
      expect(await cupom.locator('pre').first().textContent()).toContain('deliveryestabelecimento');
    } finally {
      await close();
    }
  });
});
