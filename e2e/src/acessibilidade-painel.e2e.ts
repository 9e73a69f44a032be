/**
 * axe-core on every state of the restaurant's panel (issue 11), zero violations at 768 px (a
 * counter tablet in portrait) and 1280 px, and at 375 px for the pages a phone opens (sign-in,
 * invitation link): the sign-in page empty and with its errors, the invitation link (valid and
 * spent), the empty queue, the queue with orders in several columns, the order drawer, the accept
 * and cancel dialogs, a cancellation's refund, the store's menu, the shortcuts, 'Em falta',
 * 'Equipe' with an invitation pending and 'Configurações'; the back office's editors (issue 12):
 * 'Cardápio' with a product, its option groups, a price-mode list, adjustments, a new group's
 * errors and the delete dialog, 'Loja' with its forms open and errors, 'Cupons' and 'Novo
 * estabelecimento' empty and with errors. Each state is saved as a screenshot
 * (test-results/screenshots/a11y-painel-*) to be looked at.
 */
import {
  TIPO_PGTO,
  defaultGroupChoice,
  itemPedido,
  novoNumeroPedido,
  totaisPedido,
  visibleGroups,
  type PedidoInput,
} from '@rango/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, TABLET, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import {
  card,
  entrarNoPainel,
  gavetaPedido,
  irParaSecao,
  opcaoFecharLoja,
  pedidoEntregaPelaLoja,
  pedidoNaApi,
} from './painel-helpers.ts';
import { api, type Cliente, novoCliente, operador, produtosSimples } from './pedidos-helpers.ts';
import { axePara, type AxeResults } from './axe.ts';

let app: AppHandle;
let demo: DemoData;
/** The invitation's path (/painel/convite/…), from the CLI. */
let convite: string;

beforeAll(async () => {
  // Info logs carry the outbox's confirmation links (the customers who order).
  app = await startApp({ env: { LOG_LEVEL: 'info' } });
  demo = await loadDemo(app.baseUrl);
  // An attendant invited by the CLI: the link page, and 'Convite pendente' under 'Equipe'.
  const saida = await operador(app, 'staff-criar', '1', 'novo@x.com', 'atendente', 'Nova', 'Atendente');
  const link = /\/painel\/convite\/\S+/.exec(saida)?.[0];
  if (!link) throw new Error(`sem link de convite: ${saida}`);
  convite = link;
});

afterAll(async () => {
  await app?.stop();
});

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

/** Waits for transitions to settle (dialogs and menus opaque), saves a screenshot, runs axe. */
async function expectNoViolations(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Mantine starts a transition a frame after mounting: until then the dialog or menu is
  // still transparent (axe would skip its contrast, the screenshot miss it).
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="dialog"], [role="menu"]')].every((d) => {
      if (d.getClientRects().length === 0) return true;
      for (let e: Element | null = d; e; e = e.parentElement) {
        if (getComputedStyle(e).opacity !== '1') return false;
      }
      return true;
    }),
  );
  await screenshot(page, `a11y-painel-${name}`);
  const results = await axePara(page).analyze();
  // Soft: one run reports every state, not just the first with a problem.
  expect.soft(results.violations, `${name}:\n${describeViolations(results)}`).toEqual([]);
}

/** Waits until no 'Carregando…' loader is left on the page. */
async function semCarregando(page: Page): Promise<void> {
  await expect.poll(() => page.getByText(/^Carregando/).count(), { timeout: 30_000 }).toBe(0);
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

/** A pickup paid online by credit card (sandbox, approved), through the API. Answers its id. */
async function pedidoCartao(cliente: Cliente, nome: string): Promise<number> {
  const forma = demo.formas.find((f) => f.sttipopgto === TIPO_PGTO.Credito);
  if (!forma) throw new Error('o estabelecimento não aceita crédito');
  const itens = produtosSimples(demo, 2).map((descricao) => {
    const produto = demo.produtos.find((p) => p.descricao === descricao);
    if (!produto) throw new Error(`sem ${descricao}`);
    const escolhas = Object.fromEntries(
      visibleGroups(produto).map((g) => [g.idgrupoopcao, defaultGroupChoice(g)]),
    );
    return itemPedido(produto, { quantidade: 1, escolhas }, '');
  });
  const t = totaisPedido({ itens, taxaCents: null, abonoCents: null, cupom: null });
  const pedido: PedidoInput = {
    pedido_id: crypto.randomUUID(),
    entregue_as: null,
    ajuste: 0,
    desconto: t.desconto,
    cliente: { cpf: null, external_id: null, nome, telefone: '(11) 98765-4321', endereco: null },
    cpf_pagador: null,
    deliveryestabelecimento_id: 1,
    itens,
    observacoes: '',
    numero_pedido: novoNumeroPedido(),
    origem: 'web',
    pagamentos: [
      {
        cartao: {
          token: await tokenizar(cliente, '4111111111111111'),
          bandeira: 'Visa',
          titular: 'ANA ACESSIVEL',
          cnpjoucpf: '52998224725',
          expiracao: validade(),
          tipo: 'CREDITO',
          salvar: false,
          numero: '************1111',
          cvv: null,
          external_authentication: null,
        },
        descricaoFormaPgto: forma.descricao,
        formapgto_id: forma.idformapgto,
        formapgto_sttipopgto: forma.sttipopgto,
        pre_pago: true,
        tipo: 'CARTAO',
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
  return (criado.data as { id: number }).id;
}

/** Orders placed by the setup test: the delivery order left in 'Novos', one card order per width. */
const pedidos = { novo: 0, cartao: new Map<number, number>() };

describe('acessibilidade do painel', () => {
  it.each([MOBILE, TABLET, DESKTOP])(
    'entrar (vazio, com erros), cadastro (vazio, com erros, link inválido), convite (válido e inválido) a $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        await page.getByRole('heading', { level: 1, name: 'Entrar no painel' }).waitFor({ timeout: 30_000 });
        await expectNoViolations(page, 'login');
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await page.getByText('Informe o e-mail.').waitFor();
        await expectNoViolations(page, 'login-campos');
        await page.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
        await page.getByLabel(/^Senha/).fill('senha-errada-123');
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await page.getByText('E-mail ou senha incorretos.').waitFor();
        await expectNoViolations(page, 'login-erro');

        await page.getByRole('link', { name: 'Cadastre seu restaurante' }).click();
        await page.getByRole('heading', { level: 1, name: 'Cadastre seu restaurante' }).waitFor();
        await expectNoViolations(page, 'cadastro');
        await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
        await page.getByText('Informe o nome.').waitFor();
        await expectNoViolations(page, 'cadastro-erros');
        await page.goto('/painel/cadastro/0000000000000000000000000000000000000000000');
        await page.getByRole('alert').waitFor();
        await expectNoViolations(page, 'cadastro-invalido');

        await page.goto(convite);
        await page.getByRole('heading', { level: 1, name: 'Aceitar convite' }).waitFor();
        await page.getByLabel(/^Confirme a senha/).waitFor();
        await expectNoViolations(page, 'convite');
        await page.getByRole('button', { name: 'Criar senha e entrar' }).click();
        await page.getByText('Confirme a senha.').first().waitFor();
        await expectNoViolations(page, 'convite-erros');
        await page.goto('/painel/convite/0000000000000000000000000000000000000000000');
        await page.getByRole('alert').waitFor();
        await expectNoViolations(page, 'convite-invalido');
      } finally {
        await close();
      }
    },
  );

  it.each([TABLET, DESKTOP])('fila vazia a $width px', async (viewport) => {
    const { page, close } = await app.open('/painel/login', viewport);
    try {
      await entrarNoPainel(page);
      await page.getByText('Nenhum pedido novo.').first().waitFor();
      await expectNoViolations(page, 'fila-vazia');
    } finally {
      await close();
    }
  });

  it('prepara pedidos em várias colunas', async () => {
    // Two delivery orders through the customer's pages: one stays new, one goes out for delivery.
    pedidos.novo = await pedidoEntregaPelaLoja(app, demo, 'Nina');
    const saiu = await pedidoEntregaPelaLoja(app, demo, 'Sergio');
    const cliente = await novoCliente(app, 'Colunas');
    const preparo = await pedidoNaApi(app, demo, cliente, 'Paulo Preparo');
    const pronto = await pedidoNaApi(app, demo, cliente, 'Priscila Pronto');
    const concluido = await pedidoNaApi(app, demo, cliente, 'Carlos Concluído');
    const cancelado = await pedidoNaApi(app, demo, cliente, 'Célia Cancelado');
    for (const id of [preparo, pronto, concluido, saiu])
      await operador(app, 'pedido-status', String(id), 'confirmar');
    for (const id of [pronto, concluido, saiu]) await operador(app, 'pedido-status', String(id), 'pronto');
    await operador(app, 'pedido-status', String(saiu), 'entregue');
    await operador(app, 'pedido-status', String(concluido), 'concluir');
    await operador(app, 'pedido-status', String(cancelado), 'cancelar', 'Cliente desistiu');
    for (const v of [TABLET, DESKTOP])
      pedidos.cartao.set(v.width, await pedidoCartao(cliente, `Estorno ${v.width}`));
  }, 240_000);

  it.each([TABLET, DESKTOP])(
    'fila com pedidos, loja, atalhos, gaveta, aceitar, cancelar, estorno, em falta, equipe, configurações a $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        await entrarNoPainel(page);
        await card(page, pedidos.novo).waitFor();
        await expectNoViolations(page, 'fila');
        if (viewport.width < 992) {
          // Tabs: the other columns, one at a time.
          for (const aba of ['Em preparo', 'Em entrega', 'Cancelados']) {
            await page.getByRole('tab', { name: new RegExp(`^${aba}`) }).click();
            await page.getByRole('tabpanel').locator('[data-pedido]').first().waitFor();
            await expectNoViolations(page, `fila-${aba.toLowerCase().replace(/ /g, '-')}`);
          }
          await page.getByRole('tab', { name: /^Novos/ }).click();
          await card(page, pedidos.novo).waitFor();
        } else {
          // The last column's switch (a segmented control): its label takes the click.
          await page.getByText(/^Cancelados \(\d+\)$/).click();
          await page.getByRole('region', { name: 'Cancelados' }).locator('[data-pedido]').first().waitFor();
          await expectNoViolations(page, 'fila-cancelados');
        }

        // The store's menu.
        await page.getByRole('button', { name: 'Fechar loja agora' }).click();
        await opcaoFecharLoja(page, 'Até eu abrir de novo').waitFor();
        await expectNoViolations(page, 'loja-menu');
        await page.keyboard.press('Escape');
        await opcaoFecharLoja(page, 'Até eu abrir de novo').waitFor({ state: 'hidden' });

        // The shortcuts.
        await page.getByRole('button', { name: 'Atalhos' }).click();
        const atalhos = page.getByRole('dialog', { name: 'Atalhos do teclado' });
        await atalhos.getByRole('table').waitFor();
        await expectNoViolations(page, 'atalhos');
        await page.keyboard.press('Escape');
        await atalhos.waitFor({ state: 'hidden' });

        // The order drawer (a delivery with change), its accept and cancel dialogs.
        await card(page, pedidos.novo).click();
        const gaveta = gavetaPedido(page);
        await gaveta.getByRole('link', { name: /Ver no mapa/ }).waitFor();
        await expectNoViolations(page, 'pedido');
        await gaveta.getByRole('button', { name: /^Aceitar/ }).click();
        const aceitar = page.getByRole('dialog', { name: /^Aceitar pedido #/ });
        await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).waitFor();
        await expectNoViolations(page, 'aceitar');
        await aceitar.getByLabel(/^Tempo até a entrega/).fill('2');
        await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).click();
        await aceitar.getByText('Informe um tempo entre').waitFor();
        await expectNoViolations(page, 'aceitar-erro');
        await aceitar.getByRole('button', { name: 'Voltar' }).click();
        await aceitar.waitFor({ state: 'hidden' });
        await gaveta.getByRole('button', { name: /^Cancelar/ }).click();
        const cancelar = page.getByRole('dialog', { name: /^Cancelar pedido #/ });
        await cancelar.getByLabel(/^Motivo do cancelamento/).waitFor();
        await expectNoViolations(page, 'cancelar');
        await cancelar.getByRole('button', { name: 'Cancelar pedido' }).click();
        await cancelar.getByText('Informe o motivo do cancelamento.').waitFor();
        await expectNoViolations(page, 'cancelar-erro');
        await cancelar.getByRole('button', { name: 'Voltar' }).click();
        await cancelar.waitFor({ state: 'hidden' });
        await page.keyboard.press('Escape');
        await gaveta.waitFor({ state: 'hidden' });

        // A card payment cancelled: the refund's outcome.
        const pago = pedidos.cartao.get(viewport.width)!;
        await card(page, pago).click();
        await gaveta.getByRole('button', { name: /^Cancelar/ }).click();
        await cancelar.getByText(/será estornado ao cliente/).waitFor();
        await expectNoViolations(page, 'cancelar-pago');
        await cancelar.getByRole('button', { name: 'Item em falta' }).click();
        await cancelar.getByRole('button', { name: 'Cancelar pedido' }).click();
        await cancelar.getByText('Estorno realizado').waitFor({ timeout: 30_000 });
        await expectNoViolations(page, 'estorno');
        await cancelar.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }).click();
        await cancelar.waitFor({ state: 'hidden' });
        await expectNoViolations(page, 'pedido-cancelado');
        await page.keyboard.press('Escape');
        await gaveta.waitFor({ state: 'hidden' });

        // The owner's other pages.
        const secoes = page.getByRole('navigation', { name: 'Seções do painel' });
        await secoes.getByRole('link', { name: 'Em falta' }).click();
        await page.getByRole('heading', { level: 1, name: 'Em falta' }).waitFor();
        await page.getByRole('region', { name: 'Produtos' }).getByRole('button').first().waitFor();
        await expectNoViolations(page, 'em-falta');
        await irParaSecao(page, 'Equipe');
        await page.getByRole('heading', { level: 1, name: 'Equipe' }).waitFor();
        await page.getByText('Convite pendente').first().waitFor();
        await expectNoViolations(page, 'equipe');
        await irParaSecao(page, 'Configurações');
        await page.getByRole('heading', { level: 1, name: 'Configurações' }).waitFor();
        await page.getByRole('button', { name: /Salvar/ }).waitFor();
        await expectNoViolations(page, 'configuracoes');
      } finally {
        await close();
      }
    },
    240_000,
  );

  it.each([TABLET, DESKTOP])(
    'back office: cardápio (produto, grupo de opções, ajustes, erros, exclusão) a $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        await entrarNoPainel(page);
        const secoes = page.getByRole('navigation', { name: 'Seções do painel' });

        // Cardápio: the list, then the product with most option groups open in the editor.
        await secoes.getByRole('link', { name: 'Cardápio' }).click();
        await page.getByRole('heading', { level: 1, name: 'Cardápio' }).waitFor();
        const lista = page.getByRole('navigation', { name: 'Categorias e produtos' });
        await lista
          .getByRole('button', { name: /^Novo produto em / })
          .first()
          .waitFor();
        await expectNoViolations(page, 'cardapio');
        const produto = [...demo.produtos].sort((a, b) => b.grupoopcoes.length - a.grupoopcoes.length)[0]!;
        await lista.getByText(produto.descricao, { exact: true }).first().click();
        await page.getByRole('region', { name: 'Dados do produto' }).waitFor();
        await page.getByRole('heading', { level: 2, name: /^Grupos de opções \(\d+\)$/ }).waitFor();
        await expectNoViolations(page, 'cardapio-produto');
        // An option's price adjustments, the price-mode list open.
        await page.getByRole('button', { name: 'Ajustes de preço (tamanho, acréscimos)' }).first().click();
        await page.getByText('Muda o preço do produto').first().waitFor();
        await page.getByRole('combobox', { name: 'Como as opções entram no preço' }).first().click();
        await page.getByRole('option', { name: 'Kit', exact: true }).waitFor();
        await expectNoViolations(page, 'cardapio-grupo-ajustes');
        await page.keyboard.press('Escape');
        // The list gone from the page, not only faded: a click while it was leaving once added no
        // group (the next step waited 15 s for it).
        await page.getByRole('listbox').waitFor({ state: 'detached' });
        // A new, empty option group with one empty option, and every field's error after 'Salvar'.
        await page.getByRole('button', { name: 'Novo grupo de opções' }).click();
        const grupoNovo = page.getByRole('region', { name: /^Grupo \d+$/ });
        await grupoNovo.getByRole('button', { name: /^Adicionar opção em / }).click();
        await grupoNovo.getByRole('listitem', { name: 'Opção 1' }).waitFor();
        await expectNoViolations(page, 'cardapio-grupo-novo');
        await page.getByRole('button', { name: 'Salvar produto' }).click();
        await page.getByText('Corrija os campos marcados antes de salvar.').waitFor();
        await expectNoViolations(page, 'cardapio-grupo-erros');
        await page.getByRole('button', { name: 'Descartar' }).click();
        await page.getByText('Alterações não salvas').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Excluir', exact: true }).click();
        const excluir = page.getByRole('dialog', { name: 'Excluir o produto?' });
        await excluir.getByRole('button', { name: 'Excluir produto' }).waitFor();
        await expectNoViolations(page, 'cardapio-excluir');
        await excluir.getByRole('button', { name: 'Cancelar' }).click();
        await excluir.waitFor({ state: 'hidden' });
      } finally {
        await close();
      }
    },
    // axe on the editor's long pages takes a minute a state on a busy 2-core machine.
    600_000,
  );

  it.each([TABLET, DESKTOP])(
    'back office: loja (formulários, erros), cupons, novo estabelecimento a $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        await entrarNoPainel(page);
        const secoes = page.getByRole('navigation', { name: 'Seções do painel' });

        // Loja: every section, then the new-area, new-neighbourhood and new-hours-row forms and
        // the errors of an empty name and an unnamed payment method (nothing is saved).
        await secoes.getByRole('link', { name: 'Loja' }).click();
        await page.getByRole('heading', { level: 1, name: 'Loja' }).waitFor();
        await page.getByRole('button', { name: 'Salvar formas de pagamento' }).waitFor();
        await page.getByRole('button', { name: 'Salvar horários' }).waitFor();
        await page.getByRole('button', { name: 'Nova área' }).waitFor();
        await expectNoViolations(page, 'loja');
        await page.getByRole('button', { name: 'Adicionar faixa: Domingo' }).click();
        await page.getByRole('button', { name: 'Nova área' }).click();
        await page.getByLabel('Latitude do centro').waitFor();
        await page.getByRole('button', { name: 'Novo bairro' }).click();
        await page.getByRole('button', { name: 'Adicionar bairro' }).waitFor();
        await page.getByRole('button', { name: 'Adicionar data' }).click();
        await page.getByLabel('Data', { exact: true }).first().waitFor();
        await expectNoViolations(page, 'loja-formularios');
        await page.getByLabel(/^Nome fantasia/).fill('');
        await page.getByLabel(/^Nome fantasia/).blur();
        await page.getByRole('button', { name: 'Adicionar bairro' }).click();
        const formas = page.getByRole('region', { name: 'Formas de pagamento' });
        await formas.getByRole('button', { name: 'Adicionar forma' }).click();
        // The new method (cash) offered nowhere: its 'Aceita' group shows the refusal too.
        await formas
          .getByRole('checkbox', { name: /^Na entrega \(forma de pagamento \d+\)$/ })
          .last()
          .uncheck();
        await formas.getByRole('button', { name: 'Salvar formas de pagamento' }).click();
        await formas.getByText('Escolha ao menos: na entrega ou online.').waitFor();
        await page.locator('[aria-invalid="true"]').nth(2).waitFor();
        await expectNoViolations(page, 'loja-erros');

        // Cupons: the list, the new-coupon form and its errors (nothing is saved).
        await irParaSecao(page, 'Cupons');
        await page.getByRole('heading', { level: 1, name: 'Cupons' }).waitFor();
        await page.getByRole('button', { name: 'Novo cupom' }).waitFor();
        await expectNoViolations(page, 'cupons');
        await page.getByRole('button', { name: 'Novo cupom' }).click();
        await page.getByRole('region', { name: 'Novo cupom' }).waitFor();
        await expectNoViolations(page, 'cupons-novo');
        await page.getByRole('button', { name: 'Criar cupom' }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await expectNoViolations(page, 'cupons-erros');

        // Novo estabelecimento: empty, then with its errors (nothing is created).
        await page.getByRole('button', { name: /^Conta:/ }).click();
        await page.getByRole('link', { name: 'Novo estabelecimento' }).click();
        await page.getByRole('heading', { level: 1, name: 'Novo estabelecimento' }).waitFor();
        await expectNoViolations(page, 'novo-estabelecimento');
        await page.getByRole('button', { name: 'Criar estabelecimento' }).click();
        await page.locator('[aria-invalid="true"]').first().waitFor();
        await expectNoViolations(page, 'novo-estabelecimento-erros');
      } finally {
        await close();
      }
    },
    300_000,
  );
  it.each([TABLET, DESKTOP])(
    'back office: relatórios, histórico, importar e exportar (prévia e recusa) a $width px',
    async (viewport) => {
      const { page, close } = await app.open('/painel/login', viewport);
      try {
        await entrarNoPainel(page);
        await irParaSecao(page, 'Relatórios');
        await page.getByRole('heading', { level: 1, name: 'Relatórios' }).waitFor();
        await semCarregando(page);
        await expectNoViolations(page, 'relatorios');
        await irParaSecao(page, 'Histórico');
        await page.getByRole('heading', { level: 1, name: 'Histórico de alterações' }).waitFor();
        await semCarregando(page);
        await expectNoViolations(page, 'historico');

        // Import: a small file checked (what would change, nothing saved), then a refused one.
        await page.goto('/painel/1/cardapio/arquivo');
        await page.getByRole('heading', { level: 1, name: 'Importar e exportar o cardápio' }).waitFor();
        await expectNoViolations(page, 'cardapio-arquivo');
        const arquivo = (preco: number) => ({
          name: 'cardapio.json',
          mimeType: 'application/json',
          buffer: Buffer.from(
            JSON.stringify({
              formato: 'rango.cardapio',
              versao: 1,
              grupos: [
                {
                  idgrupo: 999_001,
                  descricao: 'Teste de acessibilidade',
                  produtos: [
                    {
                      idproduto: 999_001,
                      descricao: 'Produto de teste',
                      detalhe: null,
                      imagem: null,
                      preco,
                      precooferta: 0,
                      stindisponivel: 0,
                      quantidade: 0,
                      observacoes: null,
                      grupoopcoes: [],
                    },
                  ],
                },
              ],
              gruposopcao_avulsos: [],
            }),
          ),
        });
        const escolher = page.locator('input[type="file"]');
        await escolher.setInputFiles(arquivo(10));
        await page.getByText('Conferido: nada foi gravado ainda.').waitFor({ timeout: 30_000 });
        await expectNoViolations(page, 'cardapio-arquivo-previa');
        await page
          .getByRole('button', { name: /^(Escolher outro|Cancelar|Recomeçar)/ })
          .first()
          .click();
        await escolher.setInputFiles(arquivo(-1));
        await page
          .getByText(/Nada foi gravado\.$/)
          .first()
          .waitFor({ timeout: 30_000 });
        await expectNoViolations(page, 'cardapio-arquivo-recusa');
      } finally {
        await close();
      }
    },
    300_000,
  );
});
