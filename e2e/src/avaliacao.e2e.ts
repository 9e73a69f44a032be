/**
 * Ratings after delivery (issue 22 part 5) in Chromium against the real server: a customer's
 * delivery order placed through the API, taken to 'Saiu para entrega' (Entregue) in the panel;
 * the customer rates it on the tracking page (stars chosen with the keyboard, a comment), edits
 * it; the owner sees it in 'Avaliações' and replies privately, and the customer's answer never
 * carries the reply. axe finds nothing on the new states at 375 and 1280 px.
 */
import { STATUS } from '@rango/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axePara } from './axe.ts';
import { type AppHandle, DESKTOP, MOBILE, type Viewport, screenshot, startApp } from './harness.ts';
import { DONO, card, entrarNoPainel, gavetaPedido, irParaSecao, statusNaGaveta } from './painel-helpers.ts';
import { montarPedidoApi } from './pedido-api.ts';
import { api, type Cliente, entrar, novoCliente } from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

let app: AppHandle;
/** Made once (sign-ups are rate-limited per address), used by both tests. */
let cliente: Cliente | undefined;

beforeAll(async () => {
  // Info logs carry the confirmation links; no simulated restaurant: the panel moves the order.
  app = await startApp({ env: { LOG_LEVEL: 'info', DEMO_SIMULATOR: '0' } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function semViolacoes(page: Page, nome: string): Promise<void> {
  await screenshot(page, `avaliacao-${nome}`);
  const results = await axePara(page).analyze();
  expect
    .soft(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${nome} a ${page.viewportSize()?.width ?? 0} px`,
    )
    .toEqual([]);
}

/** The owner's access token (the seeded demo owner). */
async function tokenDoDono(): Promise<string> {
  const login = await api(app, '/painel/auth/login/', { body: { email: DONO.email, senha: DONO.senha } });
  expect(login.status).toBe(200);
  return (login.data as { access: string }).access;
}

/** A delivery order of `cliente` placed through the API and taken to Entregue by the panel's API. */
async function pedidoEntregue(cliente: Cliente, dono: string): Promise<number> {
  const pedido = await montarPedidoApi(app.baseUrl, cliente.token);
  const criado = await api(app, '/api/estabelecimento/1/pedido/', { token: cliente.token, body: pedido });
  expect(criado.status, JSON.stringify(criado.data)).toBe(201);
  const { id } = criado.data as { id: number };
  for (const status of [STATUS.Confirmado, STATUS.Pronto, STATUS.Entregue]) {
    const movido = await api(app, `/painel/estabelecimento/1/pedido/${id}/status/`, {
      token: dono,
      body: status === STATUS.Confirmado ? { status, previsao_minutos: 45 } : { status },
    });
    expect(movido.status, JSON.stringify(movido.data)).toBe(200);
  }
  return id;
}

async function clienteNaPagina(cliente: Cliente, id: number, viewport: Viewport) {
  const opened = await app.open('/login', viewport);
  await acceptCookies(opened.page);
  await entrar(opened.page, cliente.email, cliente.senha);
  await opened.page.goto(`/pedido/${id}/`);
  return opened;
}

describe('avaliação depois da entrega', { timeout: 240_000 }, () => {
  it('o cliente avalia o pedido entregue; o dono a vê em Avaliações e responde em privado', async () => {
    cliente ??= await novoCliente(app, 'Avaliadora');
    const pedido = await montarPedidoApi(app.baseUrl, cliente.token);
    const criado = await api(app, '/api/estabelecimento/1/pedido/', { token: cliente.token, body: pedido });
    expect(criado.status, JSON.stringify(criado.data)).toBe(201);
    const { id } = criado.data as { id: number };
    const referencia = (
      (await api(app, `/controle/pedido/${id}/`, { token: cliente.token })).data as {
        referencia: string;
      }
    ).referencia;

    // Before delivery the order cannot be rated (a clear 409).
    const cedo = await api(app, `/api/pedido/${id}/avaliacao/`, {
      method: 'PUT',
      token: cliente.token,
      body: { nota: 5 },
    });
    expect(cedo.status).toBe(409);

    // The panel takes it to 'Saiu para entrega' (Entregue).
    const painel = await app.open('/painel/login', DESKTOP);
    try {
      const { page } = painel;
      await entrarNoPainel(page);
      await card(page, id).click();
      const gaveta = gavetaPedido(page);
      await gaveta.waitFor();
      await gaveta.getByRole('button', { name: /^Aceitar/ }).click();
      const aceitar = page.getByRole('dialog', { name: /^Aceitar pedido #/ });
      await aceitar.getByRole('button', { name: '45 min' }).click();
      await aceitar.getByLabel('Imprimir o cupom').uncheck();
      await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).click();
      await aceitar.waitFor({ state: 'hidden' });
      await gaveta.getByRole('button', { name: /^Pronto/ }).click();
      await expect.poll(() => statusNaGaveta(page)).toBe('Pronto');
      await gaveta.getByRole('button', { name: /^Saiu para entrega/ }).click();
      await expect.poll(() => statusNaGaveta(page)).toBe('Saiu para entrega');
      await page.keyboard.press('Escape');
      await gaveta.waitFor({ state: 'hidden' });

      // The customer, at 375 px: the form, stars by the keyboard, a comment, sent.
      const cli = await clienteNaPagina(cliente, id, MOBILE);
      try {
        const c = cli.page;
        const secao = c.getByRole('region', { name: 'Avalie o seu pedido' });
        const estrelas = secao.getByRole('group', { name: 'Nota' });
        await estrelas.waitFor();
        await semViolacoes(c, 'formulario');
        // Without a nota: the group says why, nothing is sent.
        await secao.getByRole('button', { name: 'Enviar avaliação' }).click();
        await secao.getByText('Escolha uma nota de 1 a 5.').waitFor();
        await semViolacoes(c, 'formulario-erro');
        await estrelas.getByRole('radio', { name: '2 estrelas' }).focus();
        await c.keyboard.press('Space');
        await c.keyboard.press('ArrowRight');
        await c.keyboard.press('ArrowRight');
        expect(await estrelas.getByRole('radio', { name: '4 estrelas' }).isChecked()).toBe(true);
        await secao.getByRole('textbox', { name: /Comentário/ }).fill('Chegou quentinho e bem embalado.');
        await secao.getByRole('button', { name: 'Enviar avaliação' }).click();
        const enviada = c.getByRole('region', { name: 'Sua avaliação' });
        await enviada.getByRole('img', { name: 'Nota 4 de 5' }).waitFor();
        await enviada.getByText('Chegou quentinho e bem embalado.').waitFor();
        await semViolacoes(c, 'enviada');
        expect(cli.errors).toEqual([]);
      } finally {
        await cli.close();
      }

      // At 1280 px: the rating with 'Editar', then the form again; the edit replaces it.
      const largo = await clienteNaPagina(cliente, id, DESKTOP);
      try {
        const c = largo.page;
        const enviada = c.getByRole('region', { name: 'Sua avaliação' });
        await enviada.getByRole('img', { name: 'Nota 4 de 5' }).waitFor();
        await semViolacoes(c, 'enviada');
        await enviada.getByRole('button', { name: 'Editar avaliação' }).click();
        const secao = c.getByRole('region', { name: 'Avalie o seu pedido' });
        await secao.getByRole('group', { name: 'Nota' }).waitFor();
        expect(await secao.getByRole('radio', { name: '4 estrelas' }).isChecked()).toBe(true);
        await semViolacoes(c, 'editar');
        await secao.locator('label').filter({ hasText: '5 estrelas' }).click();
        await secao.getByRole('button', { name: 'Enviar avaliação' }).click();
        await c
          .getByRole('region', { name: 'Sua avaliação' })
          .getByRole('img', { name: 'Nota 5 de 5' })
          .waitFor();
      } finally {
        await largo.close();
      }

      // The owner: 'Avaliações' in the sections menu, the rating, a private reply.
      await irParaSecao(page, 'Avaliações');
      await page.getByRole('heading', { level: 1, name: 'Avaliações' }).waitFor();
      const item = page.getByRole('article', { name: `Avaliação do pedido #${referencia}` });
      await item.getByText('Chegou quentinho e bem embalado.').waitFor();
      await item.getByRole('img', { name: 'Nota 5 de 5' }).waitFor();
      await semViolacoes(page, 'painel');
      await item.getByRole('button', { name: `Responder ao pedido #${referencia}` }).click();
      await item.getByRole('textbox', { name: 'Resposta privada' }).fill('Obrigado! Volte sempre.');
      await semViolacoes(page, 'painel-responder');
      await item.getByRole('button', { name: 'Salvar resposta' }).click();
      await item.getByText('Obrigado! Volte sempre.').waitFor();
      await item.getByRole('button', { name: `Editar resposta ao pedido #${referencia}` }).waitFor();
      await semViolacoes(page, 'painel-respondida');
      expect(painel.errors).toEqual([]);
    } finally {
      await painel.close();
    }

    // The reply is private: the customer's answer has none.
    const doCliente = await api(app, `/api/pedido/${id}/avaliacao/`, { token: cliente.token });
    expect(doCliente.status).toBe(200);
    expect(doCliente.data).toMatchObject({ idpedido: id, nota: 5 });
    expect(JSON.stringify(doCliente.data)).not.toContain('Volte sempre');

    // The owner's page at 375 px.
    const estreito = await app.open('/painel/login', MOBILE);
    try {
      const { page } = estreito;
      await entrarNoPainel(page);
      await page.goto('/painel/1/avaliacoes');
      await page.getByRole('heading', { level: 1, name: 'Avaliações' }).waitFor();
      const item = page.getByRole('article', { name: `Avaliação do pedido #${referencia}` });
      await item.getByText('Obrigado! Volte sempre.').waitFor();
      await semViolacoes(page, 'painel');
      await item.getByRole('button', { name: `Editar resposta ao pedido #${referencia}` }).click();
      await item.getByRole('textbox', { name: 'Resposta privada' }).waitFor();
      await semViolacoes(page, 'painel-responder');
    } finally {
      await estreito.close();
    }
  });

  it('o cabeçalho do cardápio mostra a média dos últimos 90 dias a partir de 5 avaliações', async () => {
    const dono = await tokenDoDono();
    cliente ??= await novoCliente(app, 'Avaliadora');
    const cabecalho = async (viewport: Viewport) => {
      const aberto = await app.open('/estabelecimento/1', viewport);
      await acceptCookies(aberto.page);
      await aberto.page.getByRole('heading', { level: 1, name: 'Sabor da Vila' }).waitFor();
      return aberto;
    };
    // The first test's rating (5) and three more: four, no figure yet.
    for (const nota of [3, 4, 4]) {
      const id = await pedidoEntregue(cliente, dono);
      const r = await api(app, `/api/pedido/${id}/avaliacao/`, {
        method: 'PUT',
        token: cliente.token,
        body: { nota },
      });
      expect(r.status, JSON.stringify(r.data)).toBe(200);
    }
    const antes = await cabecalho(MOBILE);
    try {
      expect(await antes.page.getByText(/avaliações\)$/).count()).toBe(0);
    } finally {
      await antes.close();
    }
    const id = await pedidoEntregue(cliente, dono);
    expect(
      (
        await api(app, `/api/pedido/${id}/avaliacao/`, {
          method: 'PUT',
          token: cliente.token,
          body: { nota: 5 },
        })
      ).status,
    ).toBe(200);
    // 5, 3, 4, 4, 5 → 4,2.
    for (const viewport of [MOBILE, DESKTOP]) {
      const { page, close, errors } = await cabecalho(viewport);
      try {
        await page.getByText('4,2 de 5 (5 avaliações)').waitFor();
        await semViolacoes(page, 'cardapio-media');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
