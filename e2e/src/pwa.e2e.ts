/**
 * Installable and offline (issue 14 part 4), in Chromium against the built app: the manifest and
 * the service worker meet Chromium's installability criteria; then offline the menu and the last
 * order stay readable (with 'Sem conexão — mostrando dados de HH:mm'), checkout refuses clearly,
 * and back online the data is fresh again; a new deploy's worker waits for 'Atualizar'.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { novoNumeroPedido } from '@rango/domain';
import { MOBILE, DESKTOP, screenshot, startApp, type AppHandle, type OpenedPage } from './harness.ts';
import { montarPedidoApi } from './pedido-api.ts';
import { REPO_ROOT } from './processes.ts';
import { api, entrar, novoCliente, operador, type Cliente } from './pedidos-helpers.ts';
import { acceptCookies, productCard, productDrawer, submitButton } from './ui.ts';
import { axePara } from './axe.ts';

let app: AppHandle;
let cliente: Cliente;
let idPedido: number;

beforeAll(async () => {
  app = await startApp({ env: { LOG_LEVEL: 'info' } });
});

/** A customer with one order (inside a test: novoCliente polls the server log). */
let preparado: Promise<void> | undefined;
const preparar = () => (preparado ??= criarClienteComPedido());
async function criarClienteComPedido(): Promise<void> {
  cliente = await novoCliente(app, 'Offline');
  const modelo = await montarPedidoApi(app.baseUrl, cliente.token);
  const r = await api(app, '/api/estabelecimento/1/pedido/', {
    token: cliente.token,
    body: { ...modelo, numero_pedido: novoNumeroPedido() },
  });
  expect(r.status, JSON.stringify(r.data)).toBe(201);
  idPedido = (r.data as { id: number }).id;
}

afterAll(async () => {
  await app?.stop();
});

/** Waits until the service worker controls the page (the first version claims it at once). */
async function controlada(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
}

describe.each([MOBILE, DESKTOP])('instalável e offline a $width px', (viewport) => {
  let aberta: OpenedPage;

  beforeAll(async () => {
    aberta = await app.open('/estabelecimento/1', viewport, { serviceWorkers: 'allow' });
    await acceptCookies(aberta.page);
  });
  afterAll(async () => {
    await aberta?.close();
  });

  it('cumpre os critérios de instalação do Chromium (manifesto e service worker)', async () => {
    const { page } = aberta;
    await controlada(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    // The menu links its restaurant's own manifest (issue 23 part 4: e2e/src/marca.e2e.ts).
    expect(href).toBe('/estabelecimento/1/manifest.webmanifest');
    const manifesto = (await (await fetch(`${app.baseUrl}${href}`)).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { sizes: string; purpose?: string }[];
    };
    expect(manifesto.name).toBe('Sabor da Vila');
    expect(manifesto.display).toBe('standalone');
    expect(manifesto.start_url).toBe('/estabelecimento/1/');
    for (const s of ['192x192', '512x512']) expect(manifesto.icons.some((i) => i.sizes === s)).toBe(true);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // 'in-incognito' is the test's browser context (every Playwright context is one), not the app.
    expect(installabilityErrors.map((e) => e.errorId).filter((e) => e !== 'in-incognito')).toEqual([]);
    await cdp.detach();
  });

  it('offline: o cardápio e o último pedido continuam legíveis, o checkout recusa com clareza', async () => {
    const { page, context } = aberta;
    await preparar();
    await controlada(page);
    await entrar(page, cliente.email, cliente.senha);
    // Online once: the order page and the menu are stored as they are shown.
    await page.goto(`/pedido/${idPedido}/`);
    await page
      .getByText(/Pedido #/)
      .first()
      .waitFor();
    await page.goto('/estabelecimento/1');
    await productCard(page, 'Pudim de Leite').click();
    await submitButton(productDrawer(page), 'Adicionar').click();
    await productDrawer(page).waitFor({ state: 'hidden' });

    await context.setOffline(true);
    try {
      await page.reload();
      await productCard(page, 'X-Burger').waitFor();
      await screenshot(page, 'offline-cardapio');

      await page.goto(`/pedido/${idPedido}/`);
      const aviso = page
        .getByRole('status')
        .filter({ hasText: /Sem conexão — mostrando dados de \d\d:\d\d/ });
      await aviso.waitFor();
      await page
        .getByText(/Pedido #/)
        .first()
        .waitFor();
      await screenshot(page, 'offline-pedido');
      const axe = await axePara(page).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

      // Checkout needs the network: refused in Portuguese, nothing sent, the cart kept.
      await page.goto('/pagamento');
      await page.getByRole('alert').filter({ hasText: 'Sem conexão com a internet' }).waitFor();
      expect(await page.getByRole('button', { name: 'Finalizar' }).count()).toBe(0);
      await screenshot(page, 'offline-pagamento');
      const axePagamento = await axePara(page).analyze();
      expect(axePagamento.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    } finally {
      await context.setOffline(false);
    }

    // Back online: fresh data, no offline banner; checkout is there again.
    await page.goto('/pagamento');
    await page.getByRole('button', { name: 'Finalizar' }).waitFor();
    await operador(app, 'pedido-status', String(idPedido), viewport === MOBILE ? 'confirmar' : 'pronto');
    await page.goto(`/pedido/${idPedido}/`);
    await page
      .getByText(/Pedido #/)
      .first()
      .waitFor();
    await expect.poll(() => page.getByText(/Sem conexão/).count()).toBe(0);
  });
});

describe('nova versão', () => {
  it('o service worker novo espera o Atualizar e a página recarrega uma vez', async () => {
    // A deploy, on a copy of the build (other tests share apps/web/dist): the same worker with
    // other bytes.
    const dist = mkdtempSync(join(tmpdir(), 'rango-dist-'));
    cpSync(join(REPO_ROOT, 'apps', 'web', 'dist'), dist, { recursive: true });
    const outro = await startApp({ env: { WEB_DIST: dist } });
    const { page, close } = await outro.open('/estabelecimento/1', MOBILE, { serviceWorkers: 'allow' });
    try {
      await controlada(page);
      appendFileSync(join(dist, 'sw.js'), `\n// nova versão ${Date.now()}\n`);
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg?.update();
      });
      await page.getByText('Nova versão do Rango').waitFor({ timeout: 30_000 });
      await screenshot(page, 'nova-versao');
      const recarregou = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await recarregou;
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect.poll(() => page.getByText('Nova versão do Rango').count()).toBe(0);
    } finally {
      await close();
      await outro.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
