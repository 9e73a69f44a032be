/** axe-core on every page and drawer state, at 375 px and 1280 px: zero violations. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo, pickSimpleProducts } from './menu-data.ts';
import {
  acceptCookies,
  cartButton,
  cartDrawer,
  productCard,
  productDrawer,
  searchBox,
  submitButton,
} from './ui.ts';

let app: AppHandle;
let demo: DemoData;

beforeAll(async () => {
  app = await startApp();
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
});

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** One readable line per failing node: rule, impact, help, selector and axe's summary. */
function describeViolations(results: AxeResults): string {
  return results.violations
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `- [${v.impact ?? '?'}] ${v.id}: ${v.help}\n    ${n.target.join(' ')}\n    ${n.failureSummary ?? ''}`,
      ),
    )
    .join('\n');
}

async function expectNoViolations(page: Page, name: string): Promise<void> {
  await screenshot(page, `a11y-${name}`);
  const results = await new AxeBuilder({ page }).analyze();
  // Soft: one run reports every page state, not just the first with a problem.
  expect.soft(results.violations, `${name}:\n${describeViolations(results)}`).toEqual([]);
}

describe.each(VIEWPORTS)('acessibilidade a $width px', (viewport) => {
  it.each(['/', '/privacy', '/terms', '/login'])('%s', async (path) => {
    const { page, close } = await app.open(path, viewport);
    try {
      await acceptCookies(page);
      await page.locator('main, [role="main"]').first().waitFor();
      await expectNoViolations(page, path === '/' ? 'home' : path.slice(1));
    } finally {
      await close();
    }
  });

  it('/estabelecimento/1, a gaveta do produto e a do carrinho', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      const produto = pickSimpleProducts(demo, 1)[0];
      if (!produto) throw new Error('sem produto');
      await productCard(page, produto.descricao).waitFor();
      await expectNoViolations(page, 'estabelecimento');

      await searchBox(page).fill(produto.descricao);
      await productCard(page, produto.descricao).click();
      const drawer = productDrawer(page);
      await drawer.waitFor();
      await expectNoViolations(page, 'produto');

      await submitButton(drawer, 'Adicionar').click();
      await drawer.waitFor({ state: 'hidden' });
      await cartButton(page).click();
      await cartDrawer(page).waitFor();
      await expectNoViolations(page, 'carrinho');
    } finally {
      await close();
    }
  });
});
