/**
 * Domains per establishment (issue 23 part 5) in Chromium: the owner adds `pedidos.teste` in the
 * back office ('Loja' → 'Domínios'), a refused name shows its reason, and the section has no axe
 * violation at 375 and 1280 px. Then Chromium, with `--host-resolver-rules` mapping pedidos.teste
 * to this machine, opens http://pedidos.teste:<port>/ and sees establishment 1's menu AT `/` (no
 * redirect) in its brand (its colour, its manifest), its other pages there (an order page loaded
 * directly is in the brand too), while establishment 2's menu and API answer 404 there.
 * Screenshots of the menu at `/` on the host at 375 and 1280 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axePara } from './axe.ts';
import { DESKTOP, MOBILE, ensureWebBuild, launchChromium, screenshot, startServer } from './harness.ts';
import type { ServerHandle } from './harness.ts';
import { loadDemo } from './menu-data.ts';
import type { DemoData } from './menu-data.ts';
import { entrarNoPainel } from './painel-helpers.ts';
import { acceptCookies } from './ui.ts';

const HOST = 'pedidos.teste';
/** The brand colour the owner sets (AA with white text). */
const VERDE = '#0b6e4f';

let server: ServerHandle;
let browser: Browser;
let demo: DemoData;
let porta: string;

beforeAll(async () => {
  ensureWebBuild();
  server = await startServer();
  porta = new URL(server.baseUrl).port;
  browser = await launchChromium([`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
  demo = await loadDemo(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
});

async function abrir(
  url: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport,
    serviceWorkers: 'block',
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(url);
  return { page, close: () => context.close() };
}

async function semViolacoes(page: Page, nome: string): Promise<void> {
  await page.getByRole('region', { name: 'Domínios' }).scrollIntoViewIfNeeded();
  await screenshot(page, `dominio-${nome}`);
  const r = await axePara(page).include('section[aria-labelledby="loja-dominios"]').analyze();
  const texto = r.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect.soft(texto, nome).toEqual([]);
}

describe('domínio próprio', () => {
  it('o dono adiciona pedidos.teste na Loja; recusas com o motivo; axe a 375 e 1280 px', async () => {
    const { page, close } = await abrir('/painel/login');
    try {
      await entrarNoPainel(page);
      await page.goto('/painel/1/loja');
      const secao = page.getByRole('region', { name: 'Domínios' });
      await secao.getByText('Nenhum domínio próprio').waitFor();
      await secao.getByText('localhost', { exact: true }).first().waitFor();

      const campo = secao.getByLabel('Novo domínio');
      await campo.fill('192.168.0.1');
      await secao.getByRole('button', { name: 'Adicionar domínio' }).click();
      await secao.getByText('Use um nome de domínio, não um endereço IP.').waitFor();
      await campo.fill(`localhost:${porta}`);
      await secao.getByRole('button', { name: 'Adicionar domínio' }).click();
      await secao.getByText('Informe um nome de domínio válido').waitFor();
      await semViolacoes(page, 'recusa');

      await campo.fill('Pedidos.Teste');
      await campo.press('Enter');
      await secao
        .getByRole('status')
        .filter({ hasText: `Domínio ${HOST} adicionado.` })
        .waitFor();
      const link = secao.getByRole('link', { name: HOST });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`http://${HOST}:${porta}/`);
      await semViolacoes(page, 'lista');
      await page.setViewportSize(MOBILE);
      await semViolacoes(page, 'lista');
      // The brand the host's pages are drawn in.
      const marca = page.getByRole('region', { name: 'Marca' });
      await marca.getByLabel('Cor da marca', { exact: true }).fill(VERDE);
      await marca.getByRole('button', { name: 'Salvar cor' }).click();
      await marca.getByText('Cor salva. O cardápio já abre com ela.').waitFor();
    } finally {
      await close();
    }
  }, 120_000);

  it('http://pedidos.teste:<porta>/ abre o cardápio do restaurante em `/`, na sua marca; outro restaurante é 404 ali', async () => {
    const { page, close } = await abrir(`http://${HOST}:${porta}/`, MOBILE);
    try {
      await acceptCookies(page);
      await page.getByText(demo.detalhe.estabelecimento.apelidooufantasia, { exact: true }).first().waitFor();
      const produto = demo.produtos[0]!;
      await page.getByText(produto.descricao, { exact: true }).first().waitFor();
      // At `/`: no redirect, in the brand (theme colour, CSS variable, its installed app).
      expect(new URL(page.url()).pathname).toBe('/');
      const marca = () =>
        page.evaluate(() => ({
          tema: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
          manifesto: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
          cor: getComputedStyle(document.documentElement).getPropertyValue('--rango-marca').trim(),
        }));
      expect(await marca()).toEqual({
        tema: VERDE,
        manifesto: '/estabelecimento/1/manifest.webmanifest',
        cor: VERDE,
      });
      expect(await page.title()).toContain(demo.detalhe.estabelecimento.apelidooufantasia);
      // In its brand, at both widths, no axe violation (the colour keeps AA).
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await screenshot(page, 'dominio-cardapio-raiz');
        const r = await axePara(page).analyze();
        expect
          .soft(
            r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
            `/ em ${viewport.width} px`,
          )
          .toEqual([]);
      }
      // A product opens in its drawer and closes back to `/`.
      await page.getByText(produto.descricao, { exact: true }).first().click();
      await page.getByRole('dialog').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.keyboard.press('Escape');
      // Another customer page loaded directly under the host (here /cliente, which sends a
      // visitor to /login): in the brand too.
      await page.goto(`http://${HOST}:${porta}/pedido`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect((await marca()).tema).toBe(VERDE);
      expect((await marca()).manifesto).toBe('/estabelecimento/1/manifest.webmanifest');
      const outro = await page.goto(`http://${HOST}:${porta}/estabelecimento/2`);
      expect(outro?.status()).toBe(404);
      // The other restaurant's API from the page itself (same origin: pedidos.teste).
      const api = await page.evaluate(() =>
        fetch('/api/ead/api/estabelecimento/2/menu/').then((r) => r.status),
      );
      expect(api).toBe(404);
      // The platform's host still serves every restaurant; the ask knows the new name.
      expect((await fetch(`${server.baseUrl}/api/ead/api/estabelecimento/2/menu/`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/tls/ask?domain=${HOST}`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/tls/ask?domain=outro.teste`)).status).toBe(404);
    } finally {
      await close();
    }
  }, 60_000);
});
