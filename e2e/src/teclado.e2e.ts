/**
 * A keyboard-only journey: Tab to the search box, type, Tab to the product, Enter opens the
 * drawer, the options and 'Adicionar' by keyboard, Escape closes the drawers.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type DemoData, type RequiredPick, loadDemo, pickRequiredProduct } from './menu-data.ts';
import { SEARCH_LABEL, acceptCookies, cartButton, cartCount, cartDrawer, productDrawer } from './ui.ts';

let app: AppHandle;
let demo: DemoData;
let required: RequiredPick;

beforeAll(async () => {
  app = await startApp();
  demo = await loadDemo(app.baseUrl);
  required = pickRequiredProduct(demo);
});

afterAll(async () => {
  await app?.stop();
});

/** What the focused element says: its label, its accessible name or its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return '';
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled
      ? labelled
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.innerText ?? '')
          .join(' ')
      : '';
    const labels =
      'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.innerText) : [];
    return [
      el.getAttribute('aria-label') ?? '',
      el.getAttribute('placeholder') ?? '',
      byId,
      ...labels,
      el.innerText ?? '',
    ].join(' | ');
  });
}

/** Presses Tab until the focused element matches, at most `max` times. */
async function tabTo(page: Page, match: (text: string) => boolean, max = 80, key = 'Tab'): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (match(await focused(page))) return;
  }
  throw new Error(`Tab não chegou ao elemento esperado em ${max} passos (foco: ${await focused(page)})`);
}

describe.each(VIEWPORTS)('só com o teclado a $width px', (viewport) => {
  it('abre um produto, escolhe as opções, adiciona e fecha as gavetas com Escape', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      const nome = required.produto.descricao;
      await tabTo(page, (t) => t.includes(SEARCH_LABEL));
      await page.keyboard.type(nome);
      await tabTo(page, (t) => t.includes(nome));
      await page.keyboard.press('Enter');
      const drawer = productDrawer(page);
      await drawer.waitFor();
      expect(new URL(page.url()).searchParams.get('item')).toBe(String(required.produto.idproduto));

      for (const escolha of required.escolhas) {
        await tabTo(page, (t) => t.includes(escolha), 60);
        await page.keyboard.press('Space');
        const input = drawer
          .getByRole('radio', { name: escolha })
          .or(drawer.getByRole('checkbox', { name: escolha }));
        await expect.poll(() => input.first().isChecked()).toBe(true);
      }
      await screenshot(page, 'teclado-produto');
      await tabTo(page, (t) => /Adicionar/.test(t), 60);
      await page.keyboard.press('Enter');
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => cartCount(page)).toBe(1);

      // The cart drawer opens from the keyboard and Escape closes it.
      await cartButton(page).focus();
      await page.keyboard.press('Enter');
      const cart = cartDrawer(page);
      await cart.waitFor();
      await screenshot(page, 'teclado-carrinho');
      await page.keyboard.press('Escape');
      await cart.waitFor({ state: 'hidden' });

      // Escape also closes a product drawer.
      await page.goto(`/estabelecimento/1?item=${required.produto.idproduto}`);
      await drawer.waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await expect.poll(() => new URL(page.url()).searchParams.get('item')).toBeNull();
    } finally {
      await close();
    }
  });
});
