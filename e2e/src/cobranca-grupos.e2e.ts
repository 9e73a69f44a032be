/**
 * The product drawer's price lines (issue 14): a group charged otherwise than the plain sum says
 * how, and 'Como o total é calculado' lists lines that add up to the total on the button — the
 * engine's total. Demo products of Sabor da Vila with every such mode; axe at 375 and 1280 px.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, VIEWPORTS, screenshot, startApp } from './harness.ts';
import { acceptCookies, productDrawer } from './ui.ts';
import { axePara } from './axe.ts';

let app: AppHandle;

beforeAll(async () => {
  app = await startApp();
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

/** 'R$ 1.234,56' → cents. */
const cents = (brl: string): number => Number(brl.replace(/[^\d,-]/g, '').replace(',', ''));

/** The breakdown's lines (dt, dd) once opened. */
async function linhas(drawer: Locator): Promise<[string, string][]> {
  return drawer
    .locator('dl dt')
    .evaluateAll((dts) =>
      dts.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''] as [string, string]),
    );
}

async function abrir(page: Page, id: number, nome: string): Promise<Locator> {
  await page.goto(`/estabelecimento/1?item=${id}`);
  const drawer = productDrawer(page);
  await drawer.getByRole('heading', { name: nome }).or(drawer.getByText(nome).first()).first().waitFor();
  return drawer;
}

const CASOS = [
  { id: 1507, nome: 'Monte sua Massa', texto: 'Cobrado pelo sabor mais caro' },
  { id: 1712, nome: 'Suco Duplo', texto: 'Cobrado pela média dos sabores' },
  { id: 1706, nome: 'Suco Misto', texto: 'Cobrado pelo sabor mais barato' },
  { id: 1601, nome: 'Combo Clássico', texto: 'Opções incluídas no preço do combo' },
  { id: 1401, nome: 'Monte sua Salada', texto: '3 inclusos, os demais são cobrados' },
] as const;

describe('product drawer: how a group is charged, and the total in lines', { timeout: 180_000 }, () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px`, async () => {
      const { page, close } = await app.open('/estabelecimento/1', viewport);
      try {
        await acceptCookies(page);
        for (const caso of CASOS) {
          const drawer = await abrir(page, caso.id, caso.nome);
          const linha = drawer.getByText(caso.texto, { exact: true }).first();
          await linha.waitFor();
          // The line describes its group (fieldset aria-describedby).
          const descrito = await linha.evaluate((el) => {
            const fs = el.closest('fieldset');
            return fs?.getAttribute('aria-describedby')?.split(' ').includes(el.id) ?? false;
          });
          expect(descrito, caso.nome).toBe(true);

          await drawer.getByRole('button', { name: 'Como o total é calculado' }).click();
          const lido = await linhas(drawer);
          const total = lido.find(([r]) => r === 'Total');
          expect(total, caso.nome).toBeDefined();
          const botao = await drawer.getByRole('button', { name: /^Adicionar/ }).innerText();
          expect(cents(total![1]), caso.nome).toBe(cents(/R\$\s?[\d.,]+/.exec(botao)![0]));
          const partes = lido.filter(([r]) => r !== 'Total' && !r.startsWith('Por unidade'));
          expect(
            partes.reduce((s, [, v]) => s + (v.startsWith('−') ? -cents(v) : cents(v)), 0),
            caso.nome,
          ).toBe(cents(total![1]));
          if (caso.id === 1507) {
            await linha.scrollIntoViewIfNeeded();
            await screenshot(page, `cobranca-grupo`);
            await drawer.getByRole('button', { name: 'Ocultar o cálculo do total' }).click();
            await drawer.getByRole('checkbox', { name: /Bolonhesa/ }).check();
            await drawer.getByRole('checkbox', { name: /Pesto/ }).check();
            await drawer.getByRole('button', { name: 'Como o total é calculado' }).click();
            await page.waitForTimeout(500);
            await screenshot(page, `cobranca-total`);
            const results = await axePara(page).analyze();
            expect(
              results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
            ).toEqual([]);
          }
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'hidden' });
        }
      } finally {
        await close();
      }
    });
  }
});
