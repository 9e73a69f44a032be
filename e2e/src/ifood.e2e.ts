/**
 * iFood end to end (issue 24 part 4), in Chromium against the real server pointed at the local
 * fake of iFood's merchant API (IFOOD_API_URL; polled every second here, IFOOD_CONSULTA_SEGUNDOS):
 * the owner connects the store under 'Integrações' (the secrets never shown back), the fake emits
 * a PLACED order, it appears in the attendant's queue with the 'iFood' badge and rings the same
 * chime as Rango's own orders; accepting it in the drawer reaches the fake as `confirm`, 'Saiu
 * para entrega' as `dispatch` (iFood's flow for a DELIVERY order); the channel filter shows it
 * apart from Rango's; axe-core on the queue with the iFood order at 768 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedidoIfood, startFakeIfood } from '../../apps/server/src/test/fakes/ifood.ts';
import type { FakeIfood } from '../../apps/server/src/test/fakes/ifood.ts';
import { axePara } from './axe.ts';
import { type AppHandle, DESKTOP, MOBILE, TABLET, type Viewport, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import {
  card,
  entrarNoPainel,
  gavetaPedido,
  irParaSecao,
  pedidoNaApi,
  statusNaGaveta,
} from './painel-helpers.ts';
import { novoCliente, operador } from './pedidos-helpers.ts';

const MERCHANT = '2b5c1d3e-7f00-4a1b-9c2d-3e4f5a6b7c8d';
const ATENDENTE = { email: 'caixa-ifood@sabordavila.com.br', senha: 'caixa-ifood-1' };

let app: AppHandle;
let fake: FakeIfood;
let demo: DemoData;

beforeAll(async () => {
  fake = await startFakeIfood({ merchants: [MERCHANT] });
  app = await startApp({
    env: { LOG_LEVEL: 'info', IFOOD_API_URL: fake.url, IFOOD_CONSULTA_SEGUNDOS: '1' },
  });
  demo = await loadDemo(app.baseUrl);
  await operador(app, 'staff-criar', '1', ATENDENTE.email, 'atendente', '--senha', ATENDENTE.senha);
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

async function semViolacoes(
  page: Page,
  nome: string,
  viewports: Viewport[] = [MOBILE, DESKTOP],
): Promise<void> {
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    await screenshot(page, `ifood-${nome}`);
    const axe = await axePara(page).analyze();
    expect(
      axe.violations.map(
        (v) =>
          `${viewport.width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

describe('iFood na fila do painel', () => {
  it("the owner connects the iFood store in 'Integrações'; the secrets are never shown back", async () => {
    const aberta = await app.open('/painel/login', DESKTOP);
    const { page } = aberta;
    await entrarNoPainel(page);
    await irParaSecao(page, 'Integrações');
    const secao = page.getByRole('region', { name: 'iFood' });
    await secao.getByLabel(/^ID da loja no iFood/).fill(MERCHANT);
    await secao.getByLabel(/^Client id do aplicativo/).fill(fake.clientId);
    await secao.getByLabel(/^Client secret do aplicativo/).fill(fake.clientSecret);
    await secao.getByRole('button', { name: 'Conectar' }).click();
    await secao.getByText(/^Importação ligada/).waitFor();
    // Only the last characters, never the values.
    await secao
      .getByText(`Guardado (termina em ${fake.clientSecret.slice(-4)}); preencha só para trocar.`)
      .waitFor();
    await expect.poll(() => secao.getByLabel(/^Client secret do aplicativo/).inputValue()).toBe('');
    // A whole poll of the store done (the next one started), then the page read again.
    const polls = fake.contagem.polling;
    await expect.poll(() => fake.contagem.polling, { timeout: 15_000 }).toBeGreaterThan(polls + 1);
    await page.reload();
    await secao.getByText(/^Importação ligada · última consulta/).waitFor({ timeout: 15_000 });
    expect(await page.content()).not.toContain(fake.clientSecret);
    await secao.scrollIntoViewIfNeeded();
    await semViolacoes(page, 'integracoes');
    await aberta.close();
  });

  it("an iFood order rings the attendant's queue, is accepted and dispatched there, and iFood records each", async () => {
    // A customer's order of Rango's own, for the channel filter.
    const idRango = await pedidoNaApi(app, demo, await novoCliente(app, 'Canal'));

    const aberta = await app.open('/painel/login', DESKTOP);
    const { page, context } = aberta;
    // Every note the panel plays (Web Audio): the new-order chime is sine, the alert square.
    await context.addInitScript(() => {
      const w = window as unknown as { __notas: string[] };
      w.__notas = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (this: OscillatorNode, ...args: [number?]) {
        w.__notas.push(this.type);
        return start.apply(this, args);
      };
    });
    await page.reload();
    await entrarNoPainel(page, ATENDENTE.email, ATENDENTE.senha);
    await card(page, idRango).waitFor();
    // The first click unlocks audio (browsers' rule); the Rango order rang as it does.
    const ativar = page.getByRole('button', { name: 'Clique para ativar o som dos novos pedidos' });
    if (await ativar.isVisible()) await ativar.click();
    await page.getByRole('button', { name: 'Ok, vi' }).click();
    const notas = () => page.evaluate(() => (window as unknown as { __notas: string[] }).__notas.slice());
    const antes = (await notas()).length;

    const pedido = pedidoIfood(MERCHANT, {
      displayId: '7281',
      itens: [
        { name: 'Pizza Margherita (iFood)', quantity: 1, unitPrice: 52.9, totalPrice: 52.9, options: [] },
      ],
    });
    const emitido = Date.now();
    fake.novoPedido(pedido);
    const cartao = page.locator('[data-pedido]').filter({ has: page.locator('[data-canal="ifood"]') });
    await cartao.waitFor({ timeout: 15_000 });
    console.log(`[ifood] evento do iFood → cartão na fila em ${Date.now() - emitido} ms`);
    await expect(cartao.innerText()).resolves.toMatch(/iFood[\s\S]*Entrega pelo iFood/);
    await page.getByText('1 pedido novo aguardando').waitFor();
    await expect.poll(async () => (await notas()).slice(antes), { timeout: 10_000 }).toContain('sine');
    expect((await notas()).slice(antes)).not.toContain('square');
    expect(fake.acks.length).toBeGreaterThan(0);
    await semViolacoes(page, 'fila', [TABLET, DESKTOP]);

    // Accepted in the drawer: iFood gets `confirm`.
    await cartao.click();
    const gaveta = gavetaPedido(page);
    await gaveta.locator('[data-canal="ifood"]').waitFor();
    // Delivered by iFood's courier (the fake's default), paid on iFood.
    await gaveta.getByText('O entregador do iFood vem retirar o pedido.').waitFor();
    await gaveta.getByText(/^Pago online · Pago no iFood \(Cartão de crédito\)/).waitFor();
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, 'ifood-gaveta');
    await gaveta.getByRole('button', { name: /^Aceitar/ }).click();
    const aceitar = page.getByRole('dialog', { name: /^Aceitar pedido #/ });
    await aceitar.getByRole('button', { name: '45 min' }).click();
    await aceitar.getByLabel('Imprimir o cupom').uncheck();
    await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await aceitar.waitFor({ state: 'hidden' });
    const acoes = () => fake.acoes.filter((a) => a.orderId === pedido.id).map((a) => a.acao);
    await expect.poll(acoes, { timeout: 15_000 }).toEqual(['confirm']);
    expect(fake.pedidoEstado(pedido.id)).toBe('CONFIRMED');

    // Ready in the kitchen: nothing owed yet for a DELIVERY order; leaving is `dispatch`.
    await gaveta.getByRole('button', { name: /^Pronto/ }).click();
    await expect.poll(() => statusNaGaveta(page)).toBe('Pronto');
    await gaveta.getByRole('button', { name: /^Saiu para entrega/ }).click();
    await expect.poll(() => statusNaGaveta(page)).toBe('Saiu para entrega');
    await expect.poll(acoes, { timeout: 15_000 }).toEqual(['confirm', 'dispatch']);
    expect(fake.pedidoEstado(pedido.id)).toBe('DISPATCHED');
    await page.keyboard.press('Escape');
    await gaveta.waitFor({ state: 'hidden' });

    // The channel filter: iFood shows only the iFood order, Rango only Rango's.
    const filtro = page.getByRole('radiogroup', { name: 'Canal dos pedidos' });
    await filtro.getByText('iFood', { exact: true }).click();
    await cartao.waitFor();
    await card(page, idRango).waitFor({ state: 'hidden' });
    await filtro.getByText('Rango', { exact: true }).click();
    await card(page, idRango).waitFor();
    await cartao.waitFor({ state: 'hidden' });
    await filtro.getByText('Todos os canais', { exact: true }).click();
    await cartao.waitFor();
    await aberta.close();
  });
});
