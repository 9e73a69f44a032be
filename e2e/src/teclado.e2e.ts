/**
 * Keyboard-only journeys: Tab to the search box, type, Tab to the product, Enter opens the
 * drawer, the options and 'Adicionar' by keyboard, Escape closes the drawers. And a whole order
 * (issue 4): from the menu to the cart, 'Finalizar pedido', the checkout's delivery or pickup,
 * the coupon drawer, cash with change and 'Finalizar', landing on /pedido/{id}/; every modal and
 * drawer on the way keeps the focus inside while it is open.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type DemoData, type RequiredPick, loadDemo, pickRequiredProduct } from './menu-data.ts';
import { api, entrar, novoCliente, novoEndereco, produtosSimples } from './pedidos-helpers.ts';
import { SEARCH_LABEL, acceptCookies, cartButton, cartCount, cartDrawer, productDrawer } from './ui.ts';

let app: AppHandle;
let demo: DemoData;
let required: RequiredPick;

beforeAll(async () => {
  // Info logs carry the outbox's confirmation links (the order journey's customer).
  app = await startApp({ env: { LOG_LEVEL: 'info' } });
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

/** The focused element's accessibility snapshot: `- radio "Dinheiro" [checked]`, `- button "Finalizar"`… */
async function foco(page: Page): Promise<string> {
  for (let tentativa = 0; tentativa < 3; tentativa++) {
    const el = page.locator('*:focus');
    if ((await el.count()) === 0) return '';
    try {
      return await el.first().ariaSnapshot({ timeout: 2000 });
    } catch {
      // The focused element was replaced between the two reads (the menu re-rendering as the
      // search filters it, on a busy machine): read the focus again, without pressing a key.
    }
  }
  return '';
}

/** Presses `key` until the focused element's snapshot matches `alvo`, at most `max` times. */
async function teclaAte(page: Page, alvo: RegExp, { key = 'Tab', max = 120 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (alvo.test(await foco(page))) return;
  }
  throw new Error(`${key} não chegou a ${alvo} em ${max} passos (foco: ${await foco(page)})`);
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Tab (and then Shift+Tab) more times than the open dialog has controls: the focus never
 * leaves it, so it cycles inside.
 */
async function expectFocoPreso(page: Page, dialog: Locator, nome: string): Promise<void> {
  const caixa = await dialog.elementHandle();
  if (!caixa) throw new Error(`${nome}: diálogo não encontrado`);
  const controles = await caixa.evaluate(
    (d) =>
      [...d.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0,
      ).length,
  );
  expect(controles, `${nome}: controles no diálogo`).toBeGreaterThan(0);
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controles + 2; i++) {
      await page.keyboard.press(key);
      const dentro = await caixa.evaluate((d) => d.contains(document.activeElement));
      expect(dentro, `${nome}: ${key} nº ${i + 1} levou o foco para fora (${await foco(page)})`).toBe(true);
    }
  }
}

describe.each([
  { viewport: MOBILE, tipo: 'TOGO' as const },
  { viewport: DESKTOP, tipo: 'DELIVERY' as const },
])('pedido só com o teclado a $viewport.width px ($tipo)', ({ viewport, tipo }) => {
  it('do cardápio ao /pedido/{id}/: carrinho, Finalizar pedido, entrega, cupom, dinheiro com troco', async () => {
    const cliente = await novoCliente(app, `Teclado${viewport.width}`);
    if (tipo === 'DELIVERY') {
      await novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    }
    // Login with the mouse (allowed); everything after it with the keyboard alone.
    const { page, close, errors } = await app.open('/login', viewport);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await page.goto('/estabelecimento/1');
      const produtos = produtosSimples(demo, 2);
      for (const [i, nome] of produtos.entries()) {
        // The search box: forward from the top the first time, back from the last card after.
        await teclaAte(page, new RegExp(literal(SEARCH_LABEL)), { key: i === 0 ? 'Tab' : 'Shift+Tab' });
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(nome);
        await teclaAte(page, new RegExp(`^- \\w+ "${literal(nome)}`));
        await page.keyboard.press('Enter');
        const drawer = productDrawer(page);
        await drawer.waitFor();
        await teclaAte(page, /^- button "Adicionar/, { max: 60 });
        await page.keyboard.press('Enter');
        await drawer.waitFor({ state: 'hidden' });
        await expect.poll(() => cartCount(page)).toBe(i + 1);
      }

      // The cart: its button (header or bottom bar), the drawer keeps the focus, 'Finalizar pedido'.
      await teclaAte(page, /^- button "Carrinho,/, { max: 200 });
      await page.keyboard.press('Enter');
      const cart = cartDrawer(page);
      await cart.waitFor();
      await expectFocoPreso(page, cart, 'carrinho');
      await teclaAte(page, /^- (button|link) "Finalizar pedido"/, { max: 40 });
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('button', { name: 'Finalizar', exact: true }).waitFor();
      await cart.waitFor({ state: 'hidden' });
      // The new page's heading has the focus (issue 14), not <body> nor the cart's button.
      await expect.poll(() => foco(page)).toMatch(/^- heading "Pagamento" \[level=1\]/);

      // 'Tipo de entrega': Tab reaches the group's first radio; Space or an arrow chooses.
      await teclaAte(page, /^- radio "Entregar no meu endereço"/);
      if (tipo === 'TOGO') {
        await page.keyboard.press('ArrowDown');
        await expect
          .poll(() => page.getByRole('radio', { name: 'Receber no estabelecimento.' }).isChecked())
          .toBe(true);
      } else {
        await page.keyboard.press('Space');
        await expect
          .poll(() => page.getByRole('radio', { name: 'Entregar no meu endereço' }).isChecked())
          .toBe(true);
        // The address selector from the checkout: pick the saved address, Escape closes it.
        await teclaAte(page, /^- button "Escolher endereço"/, { max: 20 });
        await page.keyboard.press('Enter');
        const seletor = page.getByRole('dialog', { name: 'Escolha o endereço de entrega' });
        await seletor.getByRole('radio', { name: /Rua Haddock Lobo/ }).waitFor();
        await expectFocoPreso(page, seletor, 'seletor de endereço');
        await teclaAte(page, /^- radio ".*Rua Haddock Lobo/, { max: 20 });
        await page.keyboard.press('Space');
        await expect
          .poll(() => seletor.getByRole('radio', { name: /Rua Haddock Lobo/ }).isChecked())
          .toBe(true);
        await page.keyboard.press('Escape');
        await seletor.waitFor({ state: 'hidden' });
        // 'Taxa de entrega' opens with the focus on 'Ok, entendi'; the focus stays in it.
        const taxa = page.getByRole('dialog', { name: 'Taxa de entrega' });
        await taxa.getByRole('button', { name: 'Ok, entendi' }).waitFor();
        await expect.poll(() => foco(page)).toMatch(/^- button "Ok, entendi"/);
        await expectFocoPreso(page, taxa, 'taxa de entrega');
        await teclaAte(page, /^- button "Ok, entendi"/, { max: 5 });
        await page.keyboard.press('Enter');
        await taxa.waitFor({ state: 'hidden' });
        await page.getByText('Taxa de entrega:').first().waitFor();
      }

      // Payment tabs (arrows move between them), cash, and the change.
      await teclaAte(page, /^- tab "Pagar na entrega"/, { max: 30 });
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => foco(page)).toMatch(/^- tab "Pagar online" \[selected\]/);
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => foco(page)).toMatch(/^- tab "Pagar na entrega" \[selected\]/);
      await teclaAte(page, /^- radio "Dinheiro"/, { max: 10 });
      await page.keyboard.press('Space');
      await expect.poll(() => page.getByRole('radio', { name: 'Dinheiro' }).isChecked()).toBe(true);
      await teclaAte(page, /^- textbox "Troco para/, { max: 10 });
      await page.keyboard.type('500,00');

      // The coupon drawer: the code box has the focus, the focus stays inside, Enter applies.
      await teclaAte(page, /^- button "Adicionar cupom de desconto"/, { max: 30 });
      await page.keyboard.press('Enter');
      const cupom = page.getByRole('dialog').filter({ has: page.getByLabel('Código do cupom') });
      await cupom.waitFor();
      await expect.poll(() => foco(page)).toMatch(/^- textbox "Código do cupom"/);
      await expectFocoPreso(page, cupom, 'cupom');
      await teclaAte(page, /^- textbox "Código do cupom"/, { max: 5 });
      await page.keyboard.type('BEMVINDO10');
      await page.keyboard.press('Enter');
      await cupom.waitFor({ state: 'hidden' });
      await page.getByText('Cupom aplicado!').first().waitFor();
      await screenshot(page, 'teclado-pagamento');

      await teclaAte(page, /^- button "Finalizar"$/m, { max: 20 });
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/pedido\/\d+\/?$/);
      await page.getByRole('heading', { level: 1, name: /Acompanhar pedido/ }).waitFor();
      // After 'Finalizar' the order's heading has the focus, also once its data replaced the
      // loading one.
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();
      await expect.poll(() => foco(page)).toMatch(/^- '?heading "Acompanhar pedido: .+" \[level=1\]/);
      await screenshot(page, 'teclado-pedido');

      // The order as stored: what the keyboard chose.
      const id = /\/pedido\/(\d+)/.exec(new URL(page.url()).pathname)?.[1];
      const r = await api(app, `/controle/pedido/${id}/`, { token: cliente.token });
      expect(r.status).toBe(200);
      const gravado = JSON.parse((r.data as { pedido: string }).pedido) as {
        tipo: string;
        codigo_cupom: string | null;
        itens: unknown[];
        pagamentos: { troco_para?: number | null }[];
      };
      expect(gravado.tipo).toBe(tipo);
      expect(gravado.codigo_cupom).toBe('BEMVINDO10');
      expect(gravado.itens).toHaveLength(2);
      expect(gravado.pagamentos[0]?.troco_para).toBe(50_000);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
