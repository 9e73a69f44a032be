/** Selectors and small steps the journeys share: roles and the spec's texts, never CSS classes. */
import type { Locator, Page } from 'playwright-core';

export const SEARCH_LABEL = 'Buscar no cardápio';

/** Clicks the cookie banner's 'Ok' when it shows, so it never covers the page under test. */
export async function acceptCookies(page: Page): Promise<void> {
  const ok = page.getByRole('button', { name: 'Ok', exact: true });
  // The first page of a run waits for the server's first compile of each module.
  await ok.waitFor({ state: 'visible', timeout: 30_000 });
  await ok.click();
  await ok.waitFor({ state: 'hidden' });
}

export function searchBox(page: Page): Locator {
  return page
    .getByPlaceholder(SEARCH_LABEL)
    .or(page.getByRole('textbox', { name: SEARCH_LABEL }))
    .first();
}

/** A product card on the menu, by its exact description. */
export function productCard(page: Page, descricao: string): Locator {
  return page.getByText(descricao, { exact: true }).first();
}

/** The open product drawer (a dialog with the 'Comentário' box). */
export function productDrawer(page: Page): Locator {
  return page
    .getByRole('dialog')
    .filter({ has: page.getByPlaceholder('Exemplo: Sem verdura, sem mostarda etc.') });
}

/** The cart drawer: the dialog titled 'Seu pedido em …'. */
export function cartDrawer(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: /Seu pedido em/ });
}

/** The drawer's main button: 'Adicionar …' or 'Editar …' with the item total. */
export function submitButton(drawer: Locator, verb: 'Adicionar' | 'Editar'): Locator {
  return drawer.getByRole('button', { name: new RegExp(`^${verb}`) });
}

/** The visible cart button (mobile footer or desktop header): 'Carrinho, N itens'. */
export function cartButton(page: Page): Locator {
  return page
    .getByRole('button', { name: /^Carrinho,\s*\d+\s*ite/ })
    .filter({ visible: true })
    .first();
}

/** The unit count the cart button announces (its badge). */
export async function cartCount(page: Page): Promise<number> {
  // Desktop: named by aria-label; mobile: named by its content ('Carrinho, 2 itens, R$ …').
  const button = cartButton(page);
  const label = (await button.getAttribute('aria-label')) ?? (await button.textContent()) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? Number.NaN);
}

/** Chooses an option in the open product drawer by its label. */
export async function chooseOption(drawer: Locator, descricao: string): Promise<void> {
  const input = drawer
    .getByRole('radio', { name: descricao })
    .or(drawer.getByRole('checkbox', { name: descricao }));
  await input.first().check();
}

export function itemQuery(page: Page): string | null {
  return new URL(page.url()).searchParams.get('item');
}
