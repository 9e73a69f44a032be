/**
 * The shell around the pages: cookie banner, version check, policy pages, bad input that must
 * never blank the screen, and the Content-Security-Policy.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import { acceptCookies, productCard, searchBox } from './ui.ts';

let app: AppHandle;
let demo: DemoData;

beforeAll(async () => {
  app = await startApp();
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
});

const firstProduct = (): string => {
  const p = demo.produtos[0];
  if (!p) throw new Error('cardápio vazio');
  return p.descricao;
};

describe.each(VIEWPORTS)('banner de cookies a $width px', (viewport) => {
  it('aparece na primeira visita, abre a política e some depois do Ok, também após recarregar', async () => {
    const { page, close } = await app.open('/estabelecimento/1', viewport);
    try {
      const ok = page.getByRole('button', { name: 'Ok', exact: true });
      await ok.waitFor();
      await screenshot(page, 'cookies-banner');
      await page.getByRole('button', { name: 'Mais informações', exact: true }).click();
      const modal = page.getByRole('dialog').filter({ hasText: /cookie/i });
      await modal.waitFor();
      await screenshot(page, 'cookies-politica');
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'hidden' });
      await ok.click();
      await ok.waitFor({ state: 'hidden' });
      await page.reload();
      await productCard(page, firstProduct()).waitFor();
      expect(await ok.count()).toBe(0);
    } finally {
      await close();
    }
  });
});

describe('verificação de versão', () => {
  it('com outra versão guardada avisa da atualização e esvazia o carrinho', async () => {
    const { page, close } = await app.open('/estabelecimento/1', MOBILE);
    try {
      await acceptCookies(page);
      const produto = demo.produtos[0];
      if (!produto) throw new Error('cardápio vazio');
      await page.evaluate(
        ({ produto }) => {
          localStorage.setItem('versao', '0');
          localStorage.setItem(
            'carrinho',
            JSON.stringify({
              estabelecimento: { id: 1, nome: 'X', pedidominimo: 0 },
              itens: [
                {
                  idproduto: produto.idproduto,
                  descricao: produto.descricao,
                  imagem: null,
                  preco: produto.preco,
                  precooferta: produto.precooferta,
                  quantidade: 1,
                  observacoes: '',
                  grupoopcoes: {},
                  preco_unit: Math.round(produto.preco * 100),
                  preco_total: Math.round(produto.preco * 100),
                  resumo: [],
                },
              ],
              cupom: null,
              taxaentrega: null,
              abono: null,
              pedidoid: 'x',
              browserfingerprint: 123456,
            }),
          );
        },
        {
          produto: {
            idproduto: produto.idproduto,
            descricao: produto.descricao,
            preco: produto.preco,
            precooferta: produto.precooferta,
          },
        },
      );
      await page.reload();
      await page
        .getByText('Nosso site foi atualizado, talvez você tenha que fazer login novamente')
        .first()
        .waitFor();
      await screenshot(page, 'versao-atualizada');
      expect(await page.evaluate(() => localStorage.getItem('versao'))).toBe('1');
      const carrinho = await page.evaluate(() => localStorage.getItem('carrinho'));
      if (carrinho !== null) expect((JSON.parse(carrinho) as { itens: unknown[] }).itens).toHaveLength(0);
    } finally {
      await close();
    }
  });
});

describe.each(['/privacy', '/terms'])('%s', (path) => {
  it.each(VIEWPORTS)('abre em English e troca para Português a $width px', async (viewport) => {
    const { page, close } = await app.open(path, viewport);
    try {
      const english = page.getByRole('tab', { name: 'English' });
      const portugues = page.getByRole('tab', { name: 'Português' });
      await english.waitFor();
      expect(await english.getAttribute('aria-selected')).toBe('true');
      expect(await portugues.getAttribute('aria-selected')).toBe('false');
      await screenshot(page, `${path.slice(1)}-english`);
      await portugues.click();
      await expect.poll(() => portugues.getAttribute('aria-selected')).toBe('true');
      await screenshot(page, `${path.slice(1)}-portugues`);
    } finally {
      await close();
    }
  });
});

describe.each(VIEWPORTS)('entradas ruins a $width px', (viewport) => {
  it.each(['/estabelecimento/abc', '/estabelecimento/999999'])(
    '%s mostra uma mensagem em português',
    async (path) => {
      const { page, errors, close } = await app.open(path, viewport);
      try {
        const main = page.locator('body');
        // Some Portuguese explanation, and the page still has a way out (a link or a button).
        await expect
          .poll(() => main.innerText(), { timeout: 15_000 })
          .toMatch(/(não|encontrad|inválid|existe|erro|problema)/i);
        expect(await page.getByRole('link').or(page.getByRole('button')).count()).toBeGreaterThan(0);
        expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
        await screenshot(page, `erro-${path.split('/').pop() ?? ''}`);
      } finally {
        await close();
      }
    },
  );

  it('?item=999999 mantém o cardápio usável', async () => {
    const { page, errors, close } = await app.open('/estabelecimento/1?item=999999', viewport);
    try {
      await acceptCookies(page);
      await productCard(page, firstProduct()).waitFor();
      await searchBox(page).fill(firstProduct());
      await productCard(page, firstProduct()).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('item')).not.toBe('999999');
      expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await screenshot(page, 'item-inexistente');
    } finally {
      await close();
    }
  });

  it('um carrinho corrompido no localStorage não quebra a página', async () => {
    const { page, errors, close } = await app.open('/estabelecimento/1', viewport);
    try {
      await acceptCookies(page);
      await page.evaluate(() => {
        localStorage.setItem('versao', '1');
        localStorage.setItem('carrinho', '{oops');
      });
      await page.reload();
      await productCard(page, firstProduct()).waitFor();
      await searchBox(page).fill(firstProduct());
      await productCard(page, firstProduct()).waitFor();
      expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
      await screenshot(page, 'carrinho-corrompido');
    } finally {
      await close();
    }
  });
});

describe('segurança', () => {
  it('a SPA responde com CSP script-src self e a página não viola a política', async () => {
    const res = await fetch(`${app.baseUrl}/estabelecimento/1`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src ') || d === 'script-src');
    expect(scriptSrc, `CSP: ${csp}`).toBeDefined();
    expect(scriptSrc?.split(/\s+/)).toContain("'self'");
    expect(scriptSrc).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);

    const { page, errors, cspViolations, close } = await app.open('/estabelecimento/1', DESKTOP);
    try {
      await acceptCookies(page);
      await searchBox(page).fill(firstProduct());
      await productCard(page, firstProduct()).click();
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.press('Escape');
      const naPaginaDoCardapio = await cspViolations();
      await page.goto('/privacy');
      await page.getByRole('tab', { name: 'Português' }).click();
      expect([...naPaginaDoCardapio, ...(await cspViolations())]).toEqual([]);
      expect(errors.filter((e) => /Content.Security.Policy/i.test(e))).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe.each(VIEWPORTS)('shell estático no HTML a $width px', (viewport) => {
  const BOXES = [
    'header',
    'section[aria-label="Aviso de cookies"]',
    'section[aria-label="Aviso de cookies"] p',
    'nav[aria-label="Carrinho e pedidos"]',
  ];
  const boxes = (page: Page) =>
    page.evaluate(
      (selectors) =>
        selectors.map((s) => {
          const r = document.querySelector(s)?.getBoundingClientRect();
          return r ? [s, r.x, r.y, r.width, r.height].join(' ') : `${s} ausente`;
        }),
      BOXES,
    );

  it('desenha o cabeçalho e o banner antes do JS, nas mesmas caixas que o React', async () => {
    // Before JS: the entry blocked, so what shows is the server's markup alone.
    const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport });
    try {
      await context.route('**/assets/*.js', (route) => route.abort());
      const page = await context.newPage();
      await page.goto('/estabelecimento/1');
      expect(await page.locator('#root > div[inert] header').count()).toBe(1);
      await screenshot(page, 'shell-estatico');
      const estatico = await boxes(page);

      const live = await app.open('/estabelecimento/1', viewport);
      try {
        await productCard(live.page, firstProduct()).waitFor();
        // React replaced the static copy: one header, nothing inert left.
        expect(await live.page.locator('header').count()).toBe(1);
        expect(await live.page.locator('[inert]').count()).toBe(0);
        expect(await boxes(live.page)).toEqual(estatico);
      } finally {
        await live.close();
      }

      await context.addCookies([{ name: 'is_cookies_aceitos', value: 'true', url: app.baseUrl }]);
      await page.reload();
      expect(await page.locator('#root > div[inert] header').count()).toBe(1);
      expect(await page.locator('section[aria-label="Aviso de cookies"]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  // Issue 14: every page of the shell paints its frame (the back button's header, the logo's on
  // the home page) before its JS.
  it.each(['/', '/login', '/cadastro', '/privacy', '/terms'])(
    'desenha o quadro de %s antes do JS, nas mesmas caixas',
    async (path) => {
      const context = await app.browser.newContext({ baseURL: app.baseUrl, viewport });
      try {
        await context.route('**/assets/*.js', (route) => route.abort());
        const page = await context.newPage();
        await page.goto(path);
        expect(await page.locator('#root > div[inert] header').count()).toBe(1);
        await screenshot(page, `shell-estatico-${path.slice(1) || 'inicio'}`);
        const estatico = await boxes(page);

        const live = await app.open(path, viewport);
        try {
          // /privacy and /terms have their h1 in the static copy already: wait for React's.
          await live.page.waitForFunction(
            () => document.querySelector('#root h1') !== null && document.querySelector('[inert]') === null,
          );
          expect(await live.page.locator('[inert]').count()).toBe(0);
          expect(await live.page.getByRole('button', { name: 'Voltar' }).count()).toBe(path === '/' ? 0 : 1);
          expect(await boxes(live.page)).toEqual(estatico);
        } finally {
          await live.close();
        }
      } finally {
        await context.close();
      }
    },
  );
});
