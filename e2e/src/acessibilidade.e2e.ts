/**
 * axe-core on every page and drawer state, at 375 px and 1280 px: zero violations. Also the
 * checkout (fee modal, coupon drawer, refused order) and the orders pages (Realizado, Pronto
 * with the receipt, the lists, the header's orders badge), and online payment (issue 5): the
 * checkout's card forms, the sandbox 3-D Secure challenge, the profile's cards, the tracking
 * page's PIX panel and pending debit modal, the sandbox bank pages.
 */
import {
  defaultGroupChoice,
  itemPedido,
  novoNumeroPedido,
  totaisPedido,
  visibleGroups,
  type PedidoInput,
} from '@rango/domain';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type MailCatcher, startMailCatcher } from './mail.ts';
import { type DemoData, loadDemo, pickSimpleProducts } from './menu-data.ts';
import {
  api,
  type Cliente,
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
import { axePara, type AxeResults } from './axe.ts';

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
  // Mantine starts a modal's transition a frame after mounting it: until then no animation runs
  // but the dialog is still transparent (axe would skip its contrast, the screenshot miss it).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"]')].every((d) => {
      if (d.getClientRects().length === 0) return true;
      for (let e: Element | null = d; e; e = e.parentElement) {
        if (getComputedStyle(e).opacity !== '1') return false;
      }
      return true;
    }),
  );
  await screenshot(page, `a11y-${name}`);
  const builder = axePara(page);
  if (exclude) builder.exclude(exclude);
  const results = await builder.analyze();
  // Soft: one run reports every page state, not just the first with a problem.
  expect.soft(results.violations, `${name}:\n${describeViolations(results)}`).toEqual([]);
}

/** Brings `alvo` to the top of the viewport-sized screenshot, below the sticky header. */
async function mostrar(alvo: Locator): Promise<void> {
  await alvo.evaluate((e) => {
    const topo = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, e.getBoundingClientRect().top - Math.max(topo, 0) - 16);
  });
}

const validade = () => `12/${new Date().getFullYear() + 2}`;

/** The browser's Silent Order Post, done here: the card goes to the sandbox, a token comes back. */
async function tokenizar(cliente: Cliente, numero: string): Promise<string> {
  const r = await api(app, '/controle/cartao/tokenizacao/', { token: cliente.token });
  const { url, access_token } = r.data as { url: string; access_token: string };
  const res = await fetch(new URL(url, app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      AccessToken: access_token,
      HolderName: 'ANA ACESSIVEL',
      RawNumber: numero,
      Expiration: validade(),
      SecurityCode: '123',
      EnableTokenize: true,
    }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { CardToken: string }).CardToken;
}

/**
 * An online order placed through the API, priced the way the app prices it: PIX, or debit with a
 * tokenised Mastercard and no 3-D Secure data (the order waits on the bank's page).
 * Answers its id and its pending transaction's url (the bank page).
 */
async function pedidoOnline(cliente: Cliente, tipo: 'PIX' | 'DEBITO'): Promise<{ id: number; url: string }> {
  const sttipopgto = tipo === 'PIX' ? 200 : 61;
  const forma = demo.formas.find((f) => f.sttipopgto === sttipopgto);
  if (!forma) throw new Error(`o estabelecimento não aceita ${tipo}`);
  const itens = produtosSimples(demo, 2).map((descricao) => {
    const produto = demo.produtos.find((p) => p.descricao === descricao);
    if (!produto) throw new Error(`sem ${descricao}`);
    // The drawer's defaults, as 'Adicionar' sends them.
    const escolhas = Object.fromEntries(
      visibleGroups(produto).map((g) => [g.idgrupoopcao, defaultGroupChoice(g)]),
    );
    return itemPedido(produto, { quantidade: 1, escolhas }, '');
  });
  const t = totaisPedido({ itens, taxaCents: null, abonoCents: null, cupom: null });
  const cartao =
    tipo === 'PIX'
      ? null
      : {
          token: await tokenizar(cliente, '5555555555554444'),
          bandeira: 'Master',
          titular: 'ANA ACESSIVEL',
          cnpjoucpf: '52998224725',
          expiracao: validade(),
          tipo: 'DEBITO' as const,
          salvar: false,
          numero: '************4444',
          cvv: null,
          external_authentication: null,
        };
  const pedido: PedidoInput = {
    pedido_id: crypto.randomUUID(),
    entregue_as: null,
    ajuste: 0,
    desconto: t.desconto,
    cliente: {
      cpf: null,
      external_id: null,
      nome: 'Ana Acessível',
      telefone: '(11) 98765-4321',
      endereco: null,
    },
    cpf_pagador: null,
    deliveryestabelecimento_id: 1,
    itens,
    observacoes: '',
    numero_pedido: novoNumeroPedido(),
    origem: 'web',
    pagamentos: [
      {
        cartao,
        descricaoFormaPgto: forma.descricao,
        formapgto_id: forma.idformapgto,
        formapgto_sttipopgto: sttipopgto,
        pre_pago: true,
        tipo: tipo === 'PIX' ? 'PIX' : 'CARTAO',
        troco_para: null,
        valor: t.total,
      },
    ],
    previsaoentregamax: 50,
    previsaoentregamin: 30,
    subtotal: t.subtotal,
    taxa_entrega: null,
    tipo: 'TOGO',
    total: t.total,
    endereco_togo: null,
    codigo_cupom: null,
    abono_taxa_entrega: null,
  };
  const criado = await api(app, '/api/estabelecimento/1/pedido/', { token: cliente.token, body: pedido });
  expect(criado.status, JSON.stringify(criado.data)).toBe(201);
  const { id } = criado.data as { id: number };
  const lido = await api(app, `/controle/pedido/${id}/`, { token: cliente.token });
  const url = (lido.data as { transacoes: { url: string | null }[] }).transacoes[0]?.url;
  if (!url) throw new Error(`pedido ${id} sem página do banco: ${JSON.stringify(lido.data)}`);
  return { id, url };
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
  }, 240_000);

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
      // visible text first, without a space before the comma (issue 14).
      const selo = page
        .getByRole('link', { name: 'Meus Pedidos, 1 pendente', exact: true })
        .filter({ visible: true });
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
  }, 240_000);

  it('pagamento online: /pagamento (crédito, débito, PIX), desafio 3-D Secure, cartões em /cliente, /pedido/{id}/ com PIX e com débito pendentes, páginas do banco sandbox', async () => {
    const linkPorEmail = async (email: string) => (await mail.waitFor(email, /confirm/i)).text;
    const cliente = await novoCliente(app, `Online${viewport.width}`, linkPorEmail);
    // A saved card (through the API, as the profile saves it): listed in the checkout and profile.
    const salvo = await api(app, '/controle/cartao/', {
      token: cliente.token,
      body: {
        token: await tokenizar(cliente, '4111111111111111'),
        bandeira: 'Visa',
        titular: 'ANA ACESSIVEL',
        cnpjoucpf: '52998224725',
        expiracao: validade(),
      },
    });
    expect(salvo.status, JSON.stringify(salvo.data)).toBe(201);
    const { page, context, close } = await app.open('/login', viewport);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, produtosSimples(demo, 2));
      await page.goto('/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('tab', { name: 'Pagar online' }).click();

      // Credit: the saved card listed, 'Novo cartão' chosen shows the card form.
      await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      await page.getByRole('radio', { name: /\*{12}1111/ }).waitFor();
      await page.getByRole('radio', { name: 'Novo cartão' }).check();
      await page.getByLabel('Número do cartão').waitFor();
      await mostrar(page.getByRole('tab', { name: 'Pagar online' }));
      await expectNoViolations(page, 'pagamento-online-credito');
      await mostrar(page.getByRole('radio', { name: 'Novo cartão' }));
      await screenshot(page, 'a11y-pagamento-online-credito-form');
      // 'Finalizar' with the form empty: its field errors.
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.getByLabel('Número do cartão').and(page.locator('[aria-invalid="true"]')).waitFor();
      await mostrar(page.getByRole('radio', { name: 'Novo cartão' }));
      await expectNoViolations(page, 'pagamento-online-credito-erros');

      // PIX: its explanation.
      await page.getByRole('radio', { name: 'PIX' }).check();
      await page.getByLabel('Número do cartão').waitFor({ state: 'detached' });
      await mostrar(page.getByRole('radio', { name: 'PIX' }));
      await expectNoViolations(page, 'pagamento-online-pix');

      // Debit: a new card only (no saved list).
      await page.getByRole('radio', { name: 'Cartão de Débito' }).check();
      await page.getByLabel('Número do cartão').waitFor();
      await page.getByLabel('Número do cartão').fill('4000000000002503');
      await page.getByLabel('Mês').selectOption('12');
      await page.getByLabel('Ano').selectOption(String(new Date().getFullYear() + 2));
      await page.getByLabel('CVV').fill('123');
      await page.getByLabel('Nome do titular').fill('ANA ACESSIVEL');
      await page.getByLabel('CPF ou CNPJ do titular').fill('52998224725');
      await mostrar(page.getByRole('radio', { name: 'Cartão de Débito' }));
      await expectNoViolations(page, 'pagamento-online-debito');

      // The sandbox script's challenge (card …2503): its dialog, the bank page inside it.
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      const desafio = page.getByRole('dialog', { name: 'Autenticação do banco' });
      const quadro = desafio.locator('iframe');
      await quadro.contentFrame().getByRole('button', { name: 'Aprovar' }).waitFor({ timeout: 20_000 });
      await expectNoViolations(page, 'desafio-3ds');
      const src = await quadro.getAttribute('src');
      const avulsa = await context.newPage();
      try {
        await avulsa.goto(new URL(src ?? '', app.baseUrl).href);
        await avulsa.getByRole('button', { name: 'Aprovar' }).waitFor();
        await expectNoViolations(avulsa, 'banco-desafio-3ds');
      } finally {
        await avulsa.close();
      }
      await quadro.contentFrame().getByRole('button', { name: 'Aprovar' }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });

      // The profile's cards: the list, 'Novo cartão' and the delete confirmation.
      await page.goto('/cliente');
      const cartoes = page.getByRole('region', { name: 'Cartões' });
      await cartoes.getByText(/\*{12}1111/).waitFor();
      await mostrar(cartoes);
      await expectNoViolations(page, 'cliente-cartoes');
      await cartoes.getByRole('button', { name: 'Novo cartão' }).click();
      const novo = page.getByRole('dialog', { name: 'Novo cartão' });
      await novo.getByLabel('Número do cartão').waitFor();
      await expectNoViolations(page, 'cliente-novo-cartao');
      await novo.getByRole('button', { name: 'Cancelar' }).click();
      await novo.waitFor({ state: 'hidden' });
      await cartoes.getByRole('button', { name: /^Excluir cartão/ }).click();
      const excluir = page.getByRole('dialog', { name: 'Excluir cartão' });
      await excluir.getByRole('button', { name: 'Excluir' }).waitFor();
      await expectNoViolations(page, 'cliente-excluir-cartao');
      await excluir.getByRole('button', { name: 'Cancelar' }).click();
      await excluir.waitFor({ state: 'hidden' });

      // A pending PIX on the tracking page; its sandbox bank page.
      const pix = await pedidoOnline(cliente, 'PIX');
      await page.goto(`/pedido/${pix.id}/`);
      const painel = page.getByRole('region', { name: 'Pagamento via PIX' });
      await painel.getByText(/^000201/).waitFor();
      await mostrar(painel);
      await expectNoViolations(page, 'pedido-pix');
      // Spec section 4: no QR image on phones.
      expect.soft(await painel.getByRole('img').isVisible(), 'QR visível').toBe(viewport.width >= 768);
      const bancoPix = await context.newPage();
      try {
        await bancoPix.goto(new URL(pix.url, app.baseUrl).href);
        await bancoPix.getByRole('button', { name: /^Pagar R\$/ }).waitFor();
        await expectNoViolations(bancoPix, 'banco-pix');
      } finally {
        await bancoPix.close();
      }

      // A debit waiting for the bank (no 3-D Secure data): the modal opens by itself.
      const debito = await pedidoOnline(cliente, 'DEBITO');
      const bancoDebito = await context.newPage();
      try {
        await bancoDebito.goto(new URL(debito.url, app.baseUrl).href);
        await bancoDebito.getByRole('button', { name: 'Aprovar' }).waitFor();
        await expectNoViolations(bancoDebito, 'banco-debito');
      } finally {
        await bancoDebito.close();
      }
      await page.goto(`/pedido/${debito.id}/`);
      const modal = page.getByRole('dialog', { name: 'Autenticação do pagamento em débito' });
      await modal.locator('iframe').contentFrame().getByRole('button', { name: 'Aprovar' }).waitFor();
      await expectNoViolations(page, 'pedido-debito-modal');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      const aviso = page.getByRole('region', { name: 'Pagamento em débito' });
      await mostrar(aviso);
      await expectNoViolations(page, 'pedido-debito');
    } finally {
      await close();
    }
  }, 240_000);
});
