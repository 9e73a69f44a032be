/**
 * 'Pedir de novo' (issue 14): a finished order ordered again after the restaurant changed a
 * price and after an option became unavailable. The dialog shows each change before the cart,
 * axe finds nothing at 375 and 1280 px, and the cart gets today's prices. Another customer's
 * order stays a 404.
 */
import { formatBRL, type PedidoGravado } from '@rango/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp, type Viewport } from './harness.ts';
import { montarPedidoApi } from './pedido-api.ts';
import { api, type Cliente, entrar, novoCliente, operador } from './pedidos-helpers.ts';
import { DONO } from './painel-helpers.ts';
import { acceptCookies, cartDrawer } from './ui.ts';
import { axePara } from './axe.ts';

let app: AppHandle;
let cliente: Cliente | undefined;
let dono: string;

beforeAll(async () => {
  // No simulated restaurant: the test moves its orders itself.
  app = await startApp({ env: { LOG_LEVEL: 'info', DEMO_SIMULATOR: '0' } });
  const login = await api(app, '/painel/auth/login/', { body: { email: DONO.email, senha: DONO.senha } });
  expect(login.status).toBe(200);
  dono = (login.data as { access: string }).access;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

/** A delivery order of four products with options, placed through the API and taken to Concluído. */
async function pedidoConcluido(): Promise<{ id: number; referencia: string; gravado: PedidoGravado }> {
  // Made in the first test (novoCliente polls the server log, which only a test may do).
  cliente ??= await novoCliente(app, 'Repete');
  const pedido = await montarPedidoApi(app.baseUrl, cliente.token);
  const criado = await api(app, '/api/estabelecimento/1/pedido/', { token: cliente.token, body: pedido });
  expect(criado.status, JSON.stringify(criado.data)).toBe(201);
  const { id } = criado.data as { id: number };
  for (const passo of ['confirmar', 'pronto', 'entregue', 'concluir']) {
    await operador(app, 'pedido-status', String(id), passo);
  }
  const lido = await api(app, `/controle/pedido/${id}/`, { token: cliente.token });
  const data = lido.data as { referencia: string; pedido: string };
  return { id, referencia: data.referencia, gravado: JSON.parse(data.pedido) as PedidoGravado };
}

async function semViolacoes(page: Page, nome: string): Promise<void> {
  await screenshot(page, `pedir-de-novo-${nome}`);
  const results = await axePara(page).analyze();
  expect
    .soft(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      nome,
    )
    .toEqual([]);
}

async function abrirDialogo(page: Page, id: number, referencia: string) {
  await page.goto(`/pedido/${id}/`);
  const botao = page.getByRole('button', { name: `Pedir de novo o pedido #${referencia}` });
  await botao.waitFor();
  await screenshot(page, `pedir-de-novo-pedido-${page.viewportSize()?.width ?? 0}`);
  await botao.click();
  const dialog = page.getByRole('dialog', { name: /^Pedir de novo:/ });
  await dialog.getByRole('list', { name: 'Itens do pedido' }).waitFor();
  // Mantine's opening transition: axe reads colours of the settled dialog.
  await page.waitForTimeout(400);
  return dialog;
}

async function logado(viewport: Viewport) {
  if (!cliente) throw new Error('sem cliente');
  const opened = await app.open('/login', viewport);
  await acceptCookies(opened.page);
  await entrar(opened.page, cliente.email, cliente.senha);
  return opened;
}

describe("'Pedir de novo'", { timeout: 180_000 }, () => {
  it('after a price change: old → new on the line, nothing silent, the cart at the new price', async () => {
    const { id, referencia, gravado } = await pedidoConcluido();
    const item = gravado.itens[0]!;
    // The restaurant raises the first product's price by R$ 1,50.
    const produto = await api(app, `/painel/estabelecimento/1/produtos/${item.produto_id}/`, { token: dono });
    expect(produto.status).toBe(200);
    const p = produto.data as Record<string, unknown> & { preco: number };
    const mudou = await api(app, `/painel/estabelecimento/1/produtos/${item.produto_id}/`, {
      method: 'PUT',
      token: dono,
      body: { ...p, preco: p.preco + 150, precooferta: 0 },
    });
    expect(mudou.status, JSON.stringify(mudou.data)).toBe(200);

    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, close } = await logado(viewport);
      try {
        // The list's 'Concluídos' tab offers it on each finished order.
        await page.goto('/pedido');
        await page.getByRole('tab', { name: 'Concluídos' }).click();
        await page.getByRole('button', { name: `Pedir de novo o pedido #${referencia}` }).waitFor();
        await semViolacoes(page, `lista-${viewport.width}`);
        const dialog = await abrirDialogo(page, id, referencia);
        const linha = dialog.getByRole('listitem').filter({ hasText: item.descricao }).first();
        await expect.poll(() => linha.innerText()).toContain('Preço subiu');
        const novo = item.preco_unit + 150;
        expect(await linha.innerText()).toContain(`${formatBRL(item.preco_unit)} → ${formatBRL(novo)}`);
        await semViolacoes(page, `preco-${viewport.width}`);
        if (viewport === DESKTOP) {
          // Unanswered, it asks; answered, the line goes to the cart at today's price.
          await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
          await expect.poll(() => linha.innerText()).toContain('Escolha o que fazer com este item.');
          await semViolacoes(page, `preco-erro-${viewport.width}`);
          await linha.getByRole('radio', { name: 'Adicionar com as mudanças' }).check();
          await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
          await page.waitForURL((u) => u.pathname === '/estabelecimento/1');
          const cart = cartDrawer(page);
          await cart.waitFor();
          await expect.poll(() => cart.innerText()).toContain(formatBRL(novo * item.quantidade));
          const guardado = await page.evaluate(() => JSON.parse(localStorage.getItem('carrinho') ?? '{}'));
          const noCarrinho = (guardado.itens as { idproduto: number; preco_unit: number }[]).find(
            (i) => i.idproduto === item.produto_id,
          );
          expect(noCarrinho?.preco_unit).toBe(novo);
          await screenshot(page, 'pedir-de-novo-carrinho');
        }
      } finally {
        await close();
      }
    }
  });

  it('after an option became unavailable: the line says so and the option never reaches the cart', async () => {
    const { id, referencia, gravado } = await pedidoConcluido();
    const item = gravado.itens.find((i) => i.subitens.some((s) => s.sub_subitens.length > 0));
    if (!item) throw new Error('o pedido não tem itens com opções');
    const opcao = item.subitens.flatMap((s) => s.sub_subitens)[0]!;
    const emFalta = await api(app, `/painel/estabelecimento/1/opcao/${opcao.opcao_id}/disponibilidade/`, {
      method: 'PUT',
      token: dono,
      body: { stindisponivel: 1 },
    });
    expect(emFalta.status, JSON.stringify(emFalta.data)).toBe(200);
    try {
      for (const viewport of [MOBILE, DESKTOP]) {
        const { page, close } = await logado(viewport);
        try {
          const dialog = await abrirDialogo(page, id, referencia);
          const linha = dialog.getByRole('listitem').filter({ hasText: item.descricao }).first();
          await expect.poll(() => linha.innerText()).toContain(`${opcao.descricao}: indisponível hoje`);
          await semViolacoes(page, `opcao-${viewport.width}`);
          if (viewport === DESKTOP) {
            const escolher = linha.getByRole('radio', { name: 'Escolher de novo' });
            if (await escolher.count()) {
              // A required option: the product opens in the menu for a new choice.
              await escolher.check();
              await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
              await page.waitForURL((u) => u.searchParams.get('item') === String(item.produto_id));
            } else {
              await linha.getByRole('radio', { name: 'Adicionar com as mudanças' }).check();
              await dialog.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
              await page.waitForURL((u) => u.pathname === '/estabelecimento/1');
            }
            const guardado = await page.evaluate(() => JSON.parse(localStorage.getItem('carrinho') ?? '{}'));
            const opcoes = (
              (guardado.itens ?? []) as { grupoopcoes: Record<string, Record<string, number>> }[]
            ).flatMap((i) => Object.values(i.grupoopcoes).flatMap((g) => Object.keys(g).map(Number)));
            expect(opcoes).not.toContain(opcao.opcao_id);
          }
        } finally {
          await close();
        }
      }
    } finally {
      await api(app, `/painel/estabelecimento/1/opcao/${opcao.opcao_id}/disponibilidade/`, {
        method: 'PUT',
        token: dono,
        body: { stindisponivel: 0 },
      });
    }
  });

  it("another customer's order: 404, no reorder", async () => {
    const { id } = await pedidoConcluido();
    const outro = await novoCliente(app, 'Outro');
    expect((await api(app, `/controle/pedido/${id}/`, { token: outro.token })).status).toBe(404);
  });
});
