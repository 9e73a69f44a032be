/**
 * The restaurant's brand and installed app (issue 23 part 4), in Chromium against the built app:
 * the demo's owner opens 'Loja', is told why a light colour is refused, saves a dark green and
 * a logo (a file that is not an image is refused on the field); the customer's menu is then drawn
 * in that green (the theme's variables, computed), its `theme-color` is the green and it links
 * the restaurant's own manifest, which Chromium parses with the restaurant's name, its menu as
 * start and scope, and icons made from the logo (192, 512 and a maskable 512, their PNG sizes
 * read). axe with no violations on the 'Marca' section and the menu at 375 and 1280 px; each
 * state saved as a screenshot (test-results/screenshots/marca-*).
 * On the platform's host a customer's checkout and order pages, loaded directly, get Rango's shell
 * (the server does not tell an order's establishment to whoever asks for its id): the page applies
 * the restaurant's brand once it has read the cart or the order, keeps it on the way to its menu,
 * and gives Rango's back on the way to the orders list; axe at 375 and 1280 px with a dark and a
 * light brand colour.
 */
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, screenshot, startApp, type AppHandle } from './harness.ts';
import { loadDemo } from './menu-data.ts';
import { DONO, entrarNoPainel } from './painel-helpers.ts';
import {
  api,
  encherCarrinho,
  entrar,
  idDoPedido,
  novoCliente,
  pagarEmDinheiro,
  produtosSimples,
} from './pedidos-helpers.ts';
import type { Cliente } from './pedidos-helpers.ts';
import { acceptCookies, productCard } from './ui.ts';
import { axePara } from './axe.ts';

const VERDE = '#0b6e4f';
const RESTAURANTE = 'Sabor da Vila';

/** An RGBA PNG: a `cor` rectangle on transparency, a 20 px margin around it. */
function logoPng(largura: number, altura: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (tipo: string, dados: Buffer) => {
    const corpo = Buffer.concat([Buffer.from(tipo, 'latin1'), dados]);
    const n = Buffer.alloc(4);
    n.writeUInt32BE(dados.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(corpo));
    return Buffer.concat([n, corpo, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(largura, 0);
  ihdr.writeUInt32BE(altura, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const linhas: Buffer[] = [];
  for (let y = 0; y < altura; y++) {
    const linha = Buffer.alloc(1 + largura * 4);
    for (let x = 0; x < largura; x++) {
      const dentro = x >= 20 && x < largura - 20 && y >= 20 && y < altura - 20;
      if (dentro) linha.set([r, g, b, 255], 1 + x * 4);
    }
    linhas.push(linha);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(linhas))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG's width × height, from its IHDR. */
const tamanhoPng = (b: Buffer) => `${b.readUInt32BE(16)}x${b.readUInt32BE(20)}`;

let app: AppHandle;

beforeAll(async () => {
  // Info logs carry the customer's confirmation link; no simulated restaurant moving the order.
  app = await startApp({ env: { LOG_LEVEL: 'info', DEMO_SIMULATOR: '0' } });
});

afterAll(async () => {
  await app?.stop();
});

/** Waits for transitions to settle, saves a screenshot, runs axe (no violations). */
async function semViolacoes(page: Page, nome: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, `marca-${nome}`);
  const r = await axePara(page).analyze();
  expect(
    r.violations,
    r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n'),
  ).toEqual([]);
}

const secaoMarca = (page: Page) => page.getByRole('region', { name: 'Marca' });

describe('a marca do restaurante e o app instalado', () => {
  it('o dono define a cor (uma clara é recusada com o motivo) e o logotipo', async () => {
    const aberta = await app.open('/painel/login', DESKTOP);
    try {
      const { page } = aberta;
      await entrarNoPainel(page);
      await page.goto('/painel/1/loja');
      const secao = secaoMarca(page);
      const cor = secao.getByLabel('Cor da marca', { exact: true });
      await cor.waitFor();
      await cor.fill('#ffcc00');
      await expect
        .poll(() => secao.getByText(/pouco contraste com o branco \(1,5:1; o mínimo é 4,5:1\)/).count())
        .toBe(1);
      await secao.getByRole('button', { name: 'Salvar cor' }).click();
      await semViolacoes(page, 'painel-cor-recusada');
      await cor.fill(VERDE);
      await secao.getByRole('button', { name: 'Salvar cor' }).click();
      await secao.getByText('Cor salva. O cardápio já abre com ela.').waitFor();

      const arquivo = secao.locator('input[type="file"]');
      await arquivo.setInputFiles({
        name: 'logo.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('não é imagem'),
      });
      await secao.getByRole('alert').filter({ hasText: 'Envie o logotipo em JPEG, PNG ou WebP.' }).waitFor();
      await arquivo.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: logoPng(240, 160, [16, 48, 192]),
      });
      await secao.getByText('Logotipo salvo. Os ícones do app foram gerados.').waitFor();
      await expect.poll(() => secao.getByRole('img', { name: `Logotipo de ${RESTAURANTE}` }).count()).toBe(1);
      for (const v of [DESKTOP, MOBILE]) {
        await page.setViewportSize(v);
        await secao.scrollIntoViewIfNeeded();
        await semViolacoes(page, 'painel');
      }
    } finally {
      await aberta.close();
    }
  });

  describe.each([MOBILE, DESKTOP])('o cardápio a $width px', (viewport) => {
    it('é desenhado na cor da marca e liga o manifesto com o nome do restaurante', async () => {
      const aberta = await app.open('/estabelecimento/1', viewport);
      try {
        const { page } = aberta;
        await acceptCookies(page);
        await productCard(page, 'X-Burger').waitFor();
        const estilo = await page.evaluate(() => {
          const s = getComputedStyle(document.documentElement);
          const botao = document.querySelector<HTMLElement>('.mantine-Button-root[data-variant="filled"]');
          return {
            marca: s.getPropertyValue('--rango-marca').trim(),
            filled: s.getPropertyValue('--mantine-primary-color-filled').trim(),
            botao: botao ? getComputedStyle(botao).backgroundColor : null,
          };
        });
        expect(estilo.marca).toBe(VERDE);
        expect(estilo.filled).toBe(VERDE);
        if (estilo.botao !== null) expect(estilo.botao).toBe('rgb(11, 110, 79)');
        expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(VERDE);
        // The header shows the logo the owner set.
        expect(await page.getByRole('img', { name: `Logo de ${RESTAURANTE}` }).getAttribute('src')).toMatch(
          /^\/estabelecimento\/1\/marca\/[0-9a-f]{16}\/logo\.png$/,
        );
        const href = await page.locator('link[rel="manifest"]').getAttribute('href');
        expect(href).toBe('/estabelecimento/1/manifest.webmanifest');

        // Chromium's own reading of the manifest.
        const cdp = await page.context().newCDPSession(page);
        const lido = (await cdp.send('Page.getAppManifest')) as {
          url: string;
          errors: { message: string }[];
          data?: string;
        };
        await cdp.detach();
        expect(lido.url).toBe(`${app.baseUrl}/estabelecimento/1/manifest.webmanifest`);
        expect(lido.errors).toEqual([]);
        // `data` is the manifest's text as Chromium fetched it (newer versions may leave it out).
        const texto = lido.data ?? (await (await fetch(lido.url)).text());
        const m = JSON.parse(texto) as {
          name: string;
          short_name: string;
          start_url: string;
          scope: string;
          theme_color: string;
          icons: { src: string; sizes: string; purpose: string }[];
        };
        expect(m).toMatchObject({
          name: RESTAURANTE,
          short_name: RESTAURANTE,
          start_url: '/estabelecimento/1/',
          scope: '/estabelecimento/1/',
          theme_color: VERDE,
        });
        expect(m.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
          '192x192 any',
          '512x512 any',
          '512x512 maskable',
        ]);
        for (const i of m.icons) {
          const res = await fetch(new URL(i.src, app.baseUrl));
          expect(res.status).toBe(200);
          expect(tamanhoPng(Buffer.from(await res.arrayBuffer()))).toBe(i.sizes);
        }
        await semViolacoes(page, 'cardapio');
        expect(aberta.errors).toEqual([]);
        expect(await aberta.cspViolations()).toEqual([]);
      } finally {
        await aberta.close();
      }
    });
  });

  describe('o pagamento e o pedido abertos direto no host da plataforma', () => {
    const MANIFESTO = '/estabelecimento/1/manifest.webmanifest';
    /** Dark navy (16,6:1 on white) and the lightest kind that passes (an amber, 4,7:1). */
    const ESCURA = '#1b1b3a';
    const CLARA = '#b35c00';
    let cliente: Cliente;
    let idpedido = '';

    /** The brand the page is drawn in: the theme's variables, its theme colour and manifest link. */
    const marcaDaPagina = (page: Page) =>
      page.evaluate(() => {
        const s = getComputedStyle(document.documentElement);
        return {
          marca: s.getPropertyValue('--rango-marca').trim(),
          filled: s.getPropertyValue('--mantine-primary-color-filled').trim(),
          tema: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
          manifesto: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
        };
      });
    const naMarca = (cor: string) => ({ marca: cor, filled: cor, tema: cor, manifesto: MANIFESTO });

    /** The server's shell of `path` on the platform's host is Rango's: the brand is the page's doing. */
    async function shellDoRango(path: string) {
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      expect(html).not.toContain('rango-marca');
      expect(html).toContain('href="/manifest.webmanifest"');
      expect(html).toContain('<meta name="theme-color" content="#c73a0b"');
    }

    /** The manifest Chromium reads for the page. */
    async function manifestoLido(page: Page): Promise<string> {
      const cdp = await page.context().newCDPSession(page);
      const lido = (await cdp.send('Page.getAppManifest')) as { url: string };
      await cdp.detach();
      return lido.url;
    }

    it('o cliente pede: o pagamento e o pedido, abertos direto, ficam na marca; voltam ao Rango fora dela', async () => {
      const demo = await loadDemo(app.baseUrl);
      cliente = await novoCliente(app, 'Marina');
      const aberta = await app.open('/login', DESKTOP);
      try {
        const { page, context } = aberta;
        await acceptCookies(page);
        await entrar(page, cliente.email, cliente.senha);
        await encherCarrinho(page, produtosSimples(demo, 2));
        await shellDoRango('/pagamento');
        await page.goto('/pagamento');
        await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
        await expect.poll(() => marcaDaPagina(page)).toEqual(naMarca(VERDE));
        await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
        await pagarEmDinheiro(page, '500,00');
        await screenshot(page, 'marca-pagamento');
        await page.getByRole('button', { name: 'Finalizar' }).click();
        await page.waitForURL(/\/pedido\/\d+\/?$/);
        idpedido = idDoPedido(page);
        expect(idpedido).toMatch(/^\d+$/);

        // The order opened directly in a new tab (the session is the browser's, not a cookie).
        await shellDoRango(`/pedido/${idpedido}/`);
        const nova = await context.newPage();
        await nova.goto(`/pedido/${idpedido}/`);
        await nova.getByRole('heading', { level: 1, name: new RegExp(RESTAURANTE) }).waitFor();
        await expect.poll(() => marcaDaPagina(nova)).toEqual(naMarca(VERDE));
        await expect.poll(() => manifestoLido(nova)).toBe(`${app.baseUrl}${MANIFESTO}`);
        // The brand's logo beside the restaurant's name, loaded.
        const logo = nova.locator('img[src^="/estabelecimento/1/marca/"][src$="/logo.png"]');
        await expect
          .poll(() => logo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth))
          .toBe(512);
        const filled = nova.locator('.mantine-Button-root[data-variant="filled"]').first();
        if ((await filled.count()) > 0)
          expect(await filled.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(11, 110, 79)');

        // To its menu: the brand stays (the shell there would be in it too).
        await nova.getByRole('link', { name: 'Continuar comprando' }).click();
        await nova.waitForURL(/\/estabelecimento\/1\/?$/);
        await productCard(nova, 'X-Burger').waitFor();
        expect(await marcaDaPagina(nova)).toEqual(naMarca(VERDE));
        await nova.close();

        // From the order to the orders list: Rango's again.
        await page
          .getByRole('link', { name: /^Meus Pedidos/ })
          .first()
          .click();
        await page.waitForURL(/\/pedido\/?$/);
        await expect
          .poll(() => marcaDaPagina(page))
          .toMatchObject({ marca: '', tema: '#c73a0b', manifesto: '/manifest.webmanifest' });
        expect(aberta.errors).toEqual([]);
        expect(await aberta.cspViolations()).toEqual([]);
      } finally {
        await aberta.close();
      }
    });

    it.each([
      ['escura', ESCURA],
      ['clara', CLARA],
    ])(
      'com uma cor %s, o cardápio, o pagamento e o pedido não têm violações do axe a 375 e 1280 px',
      async (nome, cor) => {
        expect(idpedido, 'o pedido do teste anterior').not.toBe('');
        const login = await api(app, '/painel/auth/login/', {
          body: { email: DONO.email, senha: DONO.senha },
        });
        const token = (login.data as { access: string }).access;
        const mudou = await api(app, '/painel/estabelecimento/1/marca/', {
          method: 'PUT',
          token,
          body: { cor },
        });
        expect(mudou.status, JSON.stringify(mudou.data)).toBe(200);
        const demo = await loadDemo(app.baseUrl);
        const aberta = await app.open('/login', MOBILE);
        try {
          const { page } = aberta;
          await acceptCookies(page);
          await entrar(page, cliente.email, cliente.senha);
          const axeNasLarguras = async (tela: string) => {
            await expect.poll(() => marcaDaPagina(page)).toEqual(naMarca(cor));
            for (const v of [MOBILE, DESKTOP]) {
              await page.setViewportSize(v);
              await semViolacoes(page, `${tela}-${nome}`);
            }
            await page.setViewportSize(MOBILE);
          };
          // The menu (the server's shell in the brand), with a cart.
          await encherCarrinho(page, produtosSimples(demo, 2));
          await axeNasLarguras('cardapio');
          // The checkout and the order, loaded directly (Rango's shell, the brand applied by the page).
          await page.goto('/pagamento');
          await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
          await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).waitFor();
          await axeNasLarguras('pagamento');
          await page.goto(`/pedido/${idpedido}/`);
          await page.getByRole('heading', { level: 1, name: new RegExp(RESTAURANTE) }).waitFor();
          await axeNasLarguras('pedido');
          expect(aberta.errors).toEqual([]);
        } finally {
          await aberta.close();
        }
      },
    );
  });
});
