/**
 * Steps the restaurant panel's journeys share (painel, acessibilidade-painel): signing in at
 * /painel/login, the queue's cards and order drawer, and an order placed through the API (cash,
 * pickup) for the states that do not need the customer's pages.
 */
import {
  TIPO_PGTO,
  defaultGroupChoice,
  itemPedido,
  novoNumeroPedido,
  totaisPedido,
  visibleGroups,
} from '@rango/domain';
import type { PedidoInput } from '@rango/domain';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type AppHandle, DESKTOP } from './harness.ts';
import type { DemoData } from './menu-data.ts';
import {
  api,
  type Cliente,
  encherCarrinho,
  entrar,
  escolherEndereco,
  idDoPedido,
  novoCliente,
  novoEndereco,
  pagarEmDinheiro,
  produtosSimples,
} from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

/** The seeded demo owner of establishment 1 (README, demo section). */
export const DONO = { email: 'dono@sabordavila.com.br', senha: 'painel-demo' } as const;

/** Signs in at /painel/login and lands on the queue of the only establishment (/painel/1). */
export async function entrarNoPainel(page: Page, email: string = DONO.email, senha: string = DONO.senha) {
  if (new URL(page.url()).pathname !== '/painel/login') await page.goto('/painel/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((u) => /^\/painel\/\d+\/?$/.test(u.pathname), { timeout: 30_000 });
  await filaConectada(page);
}

/** The queue's connection indicator (a status that says 'Conectado', 'Reconectando…', …). */
export function indicadorConexao(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^(Conectando…|Conectado|Reconectando…|Sem conexão)/ });
}

/** Waits for the queue's heading and its live stream ('Conectado'). */
export async function filaConectada(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor({ timeout: 30_000 });
  await expect.poll(() => indicadorConexao(page).innerText(), { timeout: 20_000 }).toMatch(/^Conectado/);
}

/** An order's card in the queue (one button per order, `data-pedido` = its id). */
export function card(page: Page, id: number | string): Locator {
  return page.locator(`[data-pedido="${id}"]`);
}

/** One of the choices under 'Fechar loja agora' (a menu item, or a button in a disclosure list). */
export function opcaoFecharLoja(page: Page, rotulo: string): Locator {
  return page
    .getByRole('menuitem', { name: rotulo, exact: true })
    .or(page.getByRole('list', { name: 'Fechar a loja' }).getByRole('button', { name: rotulo, exact: true }));
}

/** The open order drawer ('Pedido #…'). */
export function gavetaPedido(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Pedido #/ });
}

/** The order's current status as the drawer's badge says it ('Recebido', 'Aceito', 'Pronto', …). */
export async function statusNaGaveta(page: Page): Promise<string> {
  // textContent: the badge is shown in capitals (CSS), its text is not.
  const badge = gavetaPedido(page)
    .getByText(/^(Recebido|Aceito|Pronto|Saiu para entrega|Concluído|Cancelado)$/)
    .first();
  return ((await badge.textContent()) ?? '').trim();
}

/**
 * A pickup order paid in cash on collection, placed through the API as the checkout would place
 * it (the drawer's defaults, the app's prices). Answers its id.
 */
export async function pedidoNaApi(
  app: AppHandle,
  demo: DemoData,
  cliente: Cliente,
  nome = 'Cliente Painel',
): Promise<number> {
  const forma = demo.formas.find((f) => f.sttipopgto === TIPO_PGTO.Dinheiro);
  if (!forma) throw new Error('o estabelecimento não aceita dinheiro');
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
        cartao: null,
        descricaoFormaPgto: forma.descricao,
        formapgto_id: forma.idformapgto,
        formapgto_sttipopgto: forma.sttipopgto,
        pre_pago: false,
        tipo: null,
        // Cash needs the note paid with, above the total.
        troco_para: (Math.floor(t.total / 10_000) + 1) * 10_000,
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

/** The id of the focused card, or null when the focus is elsewhere. */
export function cardFocado(page: Page): Promise<string | null> {
  return page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.pedido ?? null);
}

/**
 * A delivery order paid in cash with change, placed through the customer's pages (the delivery
 * fee comes from the checkout) by a new customer at 1280 px. Answers its id.
 */
export async function pedidoEntregaPelaLoja(app: AppHandle, demo: DemoData, nome: string): Promise<number> {
  const cliente = await novoCliente(app, nome);
  await novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
  const { page, close } = await app.open('/login', DESKTOP);
  try {
    await acceptCookies(page);
    await entrar(page, cliente.email, cliente.senha);
    await encherCarrinho(page, produtosSimples(demo, 2));
    await page.goto('/pagamento');
    await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
    await page.getByRole('radio', { name: 'Entregar no meu endereço' }).check();
    await escolherEndereco(page, /Rua Haddock Lobo/);
    const taxa = page.getByRole('dialog', { name: 'Taxa de entrega' });
    await taxa.getByRole('button', { name: 'Ok, entendi' }).click();
    await taxa.waitFor({ state: 'hidden' });
    await pagarEmDinheiro(page, '500,00');
    await page.getByLabel('Observações').fill('Interfone quebrado: ligar ao chegar.');
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.waitForURL(/\/pedido\/\d+\/?$/);
    return Number(idDoPedido(page));
  } finally {
    await close();
  }
}

/**
 * Opens a section of the panel by its label: its link in the sections' row, or (narrow screens,
 * the sections past the first few) its link under 'Mais' (a disclosure).
 */
export async function irParaSecao(page: Page, rotulo: string): Promise<void> {
  const secoes = page.getByRole('navigation', { name: 'Seções do painel' });
  const link = secoes.getByRole('link', { name: rotulo, exact: true });
  if ((await link.count()) > 0) return link.click();
  await secoes.getByRole('button', { name: /^Mais seções/ }).click();
  await secoes.getByRole('link', { name: rotulo, exact: true }).click();
}
