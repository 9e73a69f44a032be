/**
 * Issue 14, customer side, in Chromium against the real server (sandbox gateway):
 * - part 5: a PIX that expires (PIX_EXPIRA_SEGUNDOS short here) counts down, offers 'Gerar novo
 *   código' on the same order, and the new code paid at the sandbox bank completes the order;
 * - part 6: 'Baixar meus dados' on /cliente downloads meus-dados-rango.json with the customer's
 *   data and no card number; the 'Seus dados' page.
 * axe-core at 375 and 1280 px on each state; screenshots in test-results/screenshots.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import * as h from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';
import { axePara } from './axe.ts';

/** Long enough to open the order page, short enough to wait for. */
const PIX_SEGUNDOS = 25;

let app: AppHandle;
let demo: DemoData;

beforeAll(async () => {
  app = await startApp({ env: { LOG_LEVEL: 'info', PIX_EXPIRA_SEGUNDOS: String(PIX_SEGUNDOS) } });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
});

async function semViolacoes(page: Page, nome: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, nome);
  const r = await axePara(page).analyze();
  expect
    .soft(
      r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      nome,
    )
    .toEqual([]);
}

describe('issue 14 (cliente)', () => {
  let cliente: h.Cliente | undefined;

  it("PIX expira, 'Gerar novo código' no mesmo pedido, o novo código pago conclui o pedido; axe 375 e 1280", async () => {
    const { page, context, close, errors } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      cliente ??= await h.novoCliente(app, 'Pix');
      await h.entrar(page, cliente.email, cliente.senha);
      await h.encherCarrinho(page, h.produtosSimples(demo, 2));
      await page.goto('/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('tab', { name: 'Pagar online' }).click();
      await page.getByRole('radio', { name: 'PIX' }).check();
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      const id = await h.idDoPedido(page);

      const painel = page.getByRole('region', { name: /PIX/ });
      const codigoAntigo = (await painel.getByText(/^000201/).textContent()) ?? '';
      await expect.poll(() => painel.getByRole('timer').textContent()).toMatch(/^Expira em 0:[0-2]\d/);
      await screenshot(page, 'pix-contagem');

      // The expiry: the code goes, 'Gerar novo código' comes; the order still waits for payment.
      const gerar = painel.getByRole('button', { name: 'Gerar novo código' });
      await gerar.waitFor({ timeout: (PIX_SEGUNDOS + 10) * 1000 });
      await expect.poll(() => painel.getByText(/^000201/).count()).toBe(0);
      await semViolacoes(page, 'pix-expirado');
      await page.setViewportSize(MOBILE);
      await semViolacoes(page, 'pix-expirado');
      await page.setViewportSize(DESKTOP);

      await gerar.click();
      const novo = painel.getByText(/^000201/);
      // The new code, or the refusal the panel shows (its text makes a failure readable: a CI run
      // once waited 15 s here and said nothing more).
      await novo.or(painel.getByRole('alert')).first().waitFor({ timeout: 30_000 });
      expect(await painel.getByRole('alert').allTextContents()).toEqual([]);
      expect(await novo.textContent()).not.toBe(codigoAntigo);
      // The focus moved to the new code's copy button (the renewal button is gone).
      await expect
        .poll(() =>
          painel.getByRole('button', { name: 'Copiar código' }).evaluate((e) => e === document.activeElement),
        )
        .toBe(true);
      await semViolacoes(page, 'pix-renovado');
      expect(page.url()).toMatch(new RegExp(`/pedido/${id}/?$`));

      // The new code, paid at the sandbox bank, completes the order.
      const [banco] = await Promise.all([
        context.waitForEvent('page'),
        painel.getByRole('link', { name: /banco sandbox/ }).click(),
      ]);
      await banco.getByRole('button', { name: /^Pagar R\$/ }).click();
      await banco.getByText('PIX pago.').waitFor();
      await banco.close();
      await page.getByText('Pagamento efetuado com sucesso.').waitFor({ timeout: 15_000 });
      await page.setViewportSize(MOBILE);
      await semViolacoes(page, 'pix-pago-apos-renovar');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`'Baixar meus dados' baixa meus-dados-rango.json; 'Seus dados' explica o que fica; axe em ${viewport.width} px`, async () => {
      const { page, close, errors } = await app.open('/login', viewport);
      try {
        await acceptCookies(page);
        cliente ??= await h.novoCliente(app, 'Dados');
        await h.entrar(page, cliente.email, cliente.senha);
        await page.goto('/cliente');
        const secao = page.getByRole('region', { name: 'Seus dados' });
        await secao.getByRole('button', { name: 'Baixar meus dados' }).waitFor();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          secao.getByRole('button', { name: 'Baixar meus dados' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe('meus-dados-rango.json');
        const texto = readFileSync((await download.path())!, 'utf8');
        const dados = JSON.parse(texto) as { perfil: { email: string }; pedidos: unknown[] };
        expect(dados.perfil.email).toBe(cliente.email);
        expect(Array.isArray(dados.pedidos)).toBe(true);
        await secao.getByText('foi baixado').waitFor();
        await secao.scrollIntoViewIfNeeded();
        await semViolacoes(page, 'cliente-meus-dados');

        await secao.getByRole('link', { name: 'O que guardamos e por quê' }).click();
        await page.getByRole('heading', { level: 1, name: 'Seus dados' }).waitFor();
        expect(page.url()).toMatch(/\/cliente\/seus-dados$/);
        await semViolacoes(page, 'seus-dados');
        await page.getByRole('region', { name: 'Quando você exclui a conta' }).scrollIntoViewIfNeeded();
        await screenshot(page, 'seus-dados-exclusao');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
