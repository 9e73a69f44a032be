/** axe-core on every page and drawer state, at 375 px and 1280 px: zero violations. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type MailCatcher, startMailCatcher } from './mail.ts';
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

let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  app = await startApp({ env: { SMTP_URL: mail.url } });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
  await mail?.stop();
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
  it.each([
    '/',
    '/privacy',
    '/terms',
    '/login',
    '/cadastro',
    '/recuperar',
    '/resetar-senha/00000000-0000-4000-8000-000000000000/abc',
    '/fb_confirmar_remocao',
  ])('%s', async (path) => {
    const { page, close } = await app.open(path, viewport);
    try {
      await acceptCookies(page);
      // The page itself, not its chunk's loader: every page has one h1.
      await page.locator('main h1').first().waitFor();
      await expectNoViolations(page, path === '/' ? 'home' : (path.slice(1).split('/')[0] ?? path));
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
  it('com sessão: menu do usuário, /cliente, seletor de endereço e assistente', async () => {
    const { page, close } = await app.open('/cadastro', viewport);
    try {
      await acceptCookies(page);
      const email = `a11y.${viewport.width}.${Date.now()}@exemplo.com.br`;
      await page.getByLabel('Nome').fill('Ana Acessível');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Telefone').pressSequentially('11987654321');
      await page.getByLabel(/^Senha/).fill('segredo123');
      await page.getByLabel('Confirmar senha').fill('segredo123');
      await page.getByRole('button', { name: 'Cadastrar' }).click();
      const msg = await mail.waitFor(email, /confirm/i);
      const link = /https?:\/\/[^\s/]+(\/confirma\/\S+)/.exec(msg.text)?.[1];
      if (!link) throw new Error(`sem link: ${msg.text}`);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Tudo certo!!' }).waitFor();
      await expectNoViolations(page, 'confirma');
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel(/^Senha/).fill('segredo123');
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/');
      await page.goto('/cliente');
      await page.getByRole('heading', { name: 'Dados do cadastro' }).waitFor();
      await page.getByRole('heading', { name: 'Endereços' }).waitFor();
      await expectNoViolations(page, 'cliente');
      await page
        .getByRole('button', { name: /Olá, Ana/ })
        .filter({ visible: true })
        .first()
        .click();
      await page.getByRole('link', { name: 'Alterar Dados' }).filter({ visible: true }).waitFor();
      await expectNoViolations(page, 'menu-usuario');
      await page.keyboard.press('Escape');
      await page
        .getByRole('button', { name: 'Escolha o endereço de entrega' })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: 'Escolha o endereço de entrega' });
      await dialog.getByRole('button', { name: 'Novo endereço' }).waitFor();
      await expectNoViolations(page, 'seletor-endereco');
      await dialog.getByRole('button', { name: 'Novo endereço' }).click();
      await dialog.getByLabel('CEP').fill('01414001');
      await dialog.getByLabel('CEP').blur();
      await dialog.getByRole('button', { name: 'Próximo' }).click();
      await dialog.getByLabel('Número').waitFor();
      await expectNoViolations(page, 'assistente-endereco');
    } finally {
      await close();
    }
  }, 60_000);
});
