/**
 * axe-core on every page and drawer state, at 375 px and 1280 px: zero violations. Also the
 * checkout (fee modal, coupon drawer, refused order) and the orders pages (Realizado, Pronto
 * with the receipt, the lists, the header's orders badge).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type MailCatcher, startMailCatcher } from './mail.ts';
import { type DemoData, loadDemo, pickSimpleProducts } from './menu-data.ts';
import {
  encherCarrinho,
  entrar,
  escolherEndereco,
  idDoPedido,
  novoCliente,
  novoEndereco,
  operador,
  pagarEmDinheiro,
  produtosSimples,
} from './pedidos-helpers.ts';
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

async function expectNoViolations(page: Page, name: string, exclude?: string): Promise<void> {
  // Drawers and modals fade and slide in: axe measures contrast on the settled page.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, `a11y-${name}`);
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
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

  it('pedido: /pagamento (taxa, cupom, recusa), /pedido/{id}/ realizado e pronto com o recibo, /pedido e o selo', async () => {
    const linkPorEmail = async (email: string) => (await mail.waitFor(email, /confirm/i)).text;
    const cliente = await novoCliente(app, `A11y${viewport.width}`, linkPorEmail);
    await novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    const { page, close } = await app.open('/login', viewport);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, produtosSimples(demo, 2));
      await page.goto('/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('button', { name: 'Finalizar' }).waitFor();
      await expectNoViolations(page, 'pagamento');

      // Delivery to the saved address: the 'Taxa de entrega' modal.
      await page.getByRole('radio', { name: 'Entregar no meu endereço' }).check();
      await escolherEndereco(page, /Rua Haddock Lobo/);
      const taxa = page.getByRole('dialog', { name: 'Taxa de entrega' });
      await taxa.getByRole('button', { name: 'Ok, entendi' }).waitFor();
      await expectNoViolations(page, 'pagamento-taxa');
      await taxa.getByRole('button', { name: 'Ok, entendi' }).click();
      await taxa.waitFor({ state: 'hidden' });

      // The coupon drawer, empty and with its error.
      await page.getByRole('button', { name: 'Adicionar cupom de desconto' }).click();
      const cupom = page.getByRole('dialog').filter({ has: page.getByLabel('Código do cupom') });
      await cupom.getByLabel('Código do cupom').waitFor();
      await expectNoViolations(page, 'pagamento-cupom');
      await cupom.getByRole('button', { name: /Aplicar/ }).click();
      await cupom.getByText('Insira um código.').waitFor();
      await expectNoViolations(page, 'pagamento-cupom-erro');
      await cupom.getByLabel('Código do cupom').fill('BEMVINDO10');
      await cupom.getByRole('button', { name: /Aplicar/ }).click();
      await cupom.waitFor({ state: 'hidden' });
      // Opened again with the coupon applied: its code, discount and 'Remover cupom'.
      await page.getByRole('button', { name: 'Cupom BEMVINDO10' }).click();
      await cupom.getByRole('button', { name: 'Remover cupom' }).waitFor();
      await expectNoViolations(page, 'pagamento-cupom-aplicado');
      await page.keyboard.press('Escape');
      await cupom.waitFor({ state: 'hidden' });

      // Cash with change; the form's field errors first (change below the total).
      await pagarEmDinheiro(page, '1,00');
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page
        .getByText(/maior que o total/)
        .first()
        .waitFor();
      await expectNoViolations(page, 'pagamento-erros');
      await page.getByLabel('Troco para').fill('500,00');

      // A refused order: the request leaves with a stale unit price (as after a menu change),
      // the real server refuses it and 'Não foi possível finalizar o pedido' lists why.
      const rota = '**/api/estabelecimento/*/pedido/';
      await page.route(
        rota,
        async (route) => {
          const body = route.request().postDataJSON() as { itens: { preco_unit: number }[] };
          body.itens[0]!.preco_unit += 100;
          await route.continue({ postData: JSON.stringify(body) });
        },
        { times: 1 },
      );
      await page.getByRole('button', { name: 'Finalizar' }).click();
      const recusa = page.getByRole('dialog', { name: 'Não foi possível finalizar o pedido' });
      await recusa.getByRole('listitem').first().waitFor();
      await expectNoViolations(page, 'pagamento-recusa');
      await recusa.getByRole('button', { name: 'Ok, entendi' }).click();
      await recusa.waitFor({ state: 'hidden' });
      await page.unroute(rota);

      // The cart as sent, for the duplicate-order notice at the end.
      const carrinho = await page.evaluate(() => localStorage.getItem('carrinho'));
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/);
      const id = idDoPedido(page);
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();
      // The orders badge (header at 1280 px, bottom bar at 375 px) counts it, named by its
      // visible text first. The mobile link is named by its content, and Chromium reads the
      // visually hidden count (position: absolute, so a block) after a space: 'Meus Pedidos , 1 pendente'.
      const selo = page.getByRole('link', { name: /^Meus Pedidos ?, 1 pendente$/ }).filter({ visible: true });
      await selo.waitFor();
      await expectNoViolations(page, 'pedido-realizado');

      await operador(app, 'pedido-status', id, 'confirmar');
      await operador(app, 'pedido-status', id, 'pronto');
      await page.reload();
      await page.getByText('Seu pedido está pronto e logo será entregue.').waitFor();
      await expectNoViolations(page, 'pedido-pronto');
      await page
        .getByRole('button', { name: /Ver cupom|cupom do pedido|Recibo/i })
        .first()
        .click();
      const recibo = page.getByRole('dialog').filter({ has: page.locator('iframe') });
      await recibo.frameLocator('iframe').getByText(/Troco/).first().waitFor();
      // axe cannot run inside the receipt's frame (sandboxed without scripts: its injection
      // hangs), so the page is checked around it and the receipt's document on a page of its own.
      await expectNoViolations(page, 'pedido-recibo', 'iframe');
      const html = await recibo.locator('iframe').getAttribute('srcdoc');
      const avulsa = await page.context().newPage();
      try {
        await avulsa.setContent(html ?? '');
        await expectNoViolations(avulsa, 'recibo');
      } finally {
        await avulsa.close();
      }
      await page.keyboard.press('Escape');
      await recibo.waitFor({ state: 'hidden' });

      await page.goto('/pedido');
      await page.getByRole('link', { name: /#/ }).first().waitFor();
      await selo.waitFor();
      await expectNoViolations(page, 'pedidos-pendentes');
      if (viewport.width >= 768) {
        // The header icon's hint (CSS only, aria-hidden), on hover: its contrast counts too.
        await selo.hover();
        await page.getByText('Meus Pedidos', { exact: true }).filter({ visible: true }).first().waitFor();
        await expectNoViolations(page, 'selo-pedidos');
      }

      await operador(app, 'pedido-status', id, 'entregue');
      await operador(app, 'pedido-status', id, 'concluir');
      await page.reload();
      await page.getByText('Você não possui pedidos pendentes.').waitFor();
      await expectNoViolations(page, 'pedidos-vazio');
      await page.getByRole('tab', { name: 'Concluídos' }).click();
      await page.getByRole('link', { name: /#/ }).first().waitFor();
      await expectNoViolations(page, 'pedidos-concluidos');

      // The same cart (same pedido_id) sent again: the duplicate notice with 'Limpar Carrinho'.
      await page.evaluate((c) => localStorage.setItem('carrinho', c ?? ''), carrinho);
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await pagarEmDinheiro(page, '500,00');
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page.getByRole('button', { name: 'Limpar Carrinho' }).waitFor();
      await expectNoViolations(page, 'pagamento-duplicado');
    } finally {
      await close();
    }
  }, 120_000);
});
