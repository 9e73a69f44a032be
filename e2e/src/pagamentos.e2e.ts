/**
 * Online payment journeys in Chromium against the real server on its embedded sandbox gateway
 * (issue 5): a credit card approved and saved, the saved card reused, a card declined, a debit
 * authenticated by the 3-D Secure challenge, a PIX paid from the sandbox bank; the profile's cards.
 * Then the database file and the server's whole log are searched for every card number and CVV
 * typed: none may be there.
 */
import { existsSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import * as h from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

let app: AppHandle;
let demo: DemoData;

/** Every number and CVV typed in these journeys (the leak search looks for each). */
const DIGITADOS = new Set<string>();
/**
 * CVVs with a leading zero: such a string is never a JSON number, an id or a price, so finding it
 * quoted means the CVV itself was written.
 */
const CVV = '073';
const CVV_DEBITO = '0482';
const CVVS = [CVV, CVV_DEBITO];

beforeAll(async () => {
  // Debug logs: every request line the server writes is searched afterwards.
  app = await startApp({ env: { LOG_LEVEL: 'debug' } });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
});

const ano = String(new Date().getFullYear() + 2);

async function irAoPagamento(page: Page): Promise<void> {
  await h.encherCarrinho(page, h.produtosSimples(demo, 2));
  await page.goto('/pagamento');
  await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
  await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
  await page.getByRole('tab', { name: 'Pagar online' }).click();
}

async function preencherCartao(page: Page, numero: string, cvv: string): Promise<void> {
  DIGITADOS.add(numero);
  await page.getByLabel('Número do cartão').fill(numero);
  await page.getByLabel('Mês').selectOption('12');
  await page.getByLabel('Ano').selectOption(ano);
  await page.getByLabel('CVV').fill(cvv);
  await page.getByLabel('Nome do titular').fill('MARIA TESTE');
  await page.getByLabel('CPF ou CNPJ do titular').fill('52998224725');
}

async function finalizar(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
  await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
  return h.idDoPedido(page);
}

describe('pagamento online', () => {
  // One customer for the journeys (created inside the first test: the helper polls the log).
  let cliente: h.Cliente | undefined;
  const entrar = async (page: Page) => {
    cliente ??= await h.novoCliente(app, 'Paula');
    await h.entrar(page, cliente.email, cliente.senha);
  };

  it('crédito aprovado com cartão novo salvo; o cartão salvo volta a pagar; aparece no perfil', async () => {
    const { page, close, errors, cspViolations } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      await entrar(page);
      await irAoPagamento(page);
      await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      await preencherCartao(page, '4111111111111111', CVV);
      await page.getByLabel('Salvar cartão').check();
      await screenshot(page, 'pagamento-online-credito');
      await finalizar(page);
      await page.getByRole('heading', { level: 1, name: /Acompanhar pedido/ }).waitFor();
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();

      // The saved card pays the next order: no number typed.
      await irAoPagamento(page);
      await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      await page.getByRole('radio', { name: /\*{12}1111/ }).check();
      const id = await finalizar(page);
      expect(id).not.toBe('');
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();

      await page.goto('/cliente');
      await page
        .getByText(/\*{12}1111/)
        .first()
        .waitFor();
      await screenshot(page, 'cliente-cartoes');
      expect(errors).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('cartão recusado: o motivo do gateway, nenhum pedido, o carrinho fica', async () => {
    const { page, close } = await app.open('/login', MOBILE);
    try {
      await acceptCookies(page);
      await entrar(page);
      await irAoPagamento(page);
      await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      // The first journey saved a card: a new one is chosen over it.
      await page.getByRole('radio', { name: 'Novo cartão' }).check();
      // Last digit 2: 'Não Autorizada' (Cielo's sandbox rule).
      await preencherCartao(page, '4000000000000002', CVV);
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.getByText('Pagamento Online').first().waitFor();
      await page.getByText('Não Autorizada').first().waitFor();
      await screenshot(page, 'pagamento-recusado');
      expect(new URL(page.url()).pathname).toBe('/pagamento');
      // Number and CVV cleared, the rest kept for another try.
      expect(await page.getByLabel('Número do cartão').inputValue()).toBe('');
      expect(await page.getByLabel('Nome do titular').inputValue()).toBe('MARIA TESTE');
    } finally {
      await close();
    }
  });

  it('débito com desafio 3-D Secure aprovado no banco', async () => {
    const { page, close, errors } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      await entrar(page);
      await irAoPagamento(page);
      await page.getByRole('radio', { name: 'Cartão de Débito' }).check();
      await preencherCartao(page, '4000000000002503', CVV_DEBITO);
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      // The sandbox script's bank page, in its modal.
      const banco = page.frameLocator('iframe[title]').first();
      await banco.getByRole('button', { name: 'Aprovar' }).click({ timeout: 20_000 });
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('PIX: QR e copia e cola; pago no banco sandbox, a página diz em até 10 s', async () => {
    const { page, context, close } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      await entrar(page);
      await irAoPagamento(page);
      await page.getByRole('radio', { name: 'PIX' }).check();
      await finalizar(page);
      const painel = page.getByRole('region', { name: /PIX/ });
      await painel.getByText(/^000201/).waitFor();
      await painel.getByRole('img').waitFor();
      await screenshot(page, 'pedido-pix');
      const [banco] = await Promise.all([
        context.waitForEvent('page'),
        painel.getByRole('link', { name: /banco sandbox/ }).click(),
      ]);
      await banco.getByRole('button', { name: /^Pagar R\$/ }).click();
      await banco.getByText('PIX pago.').waitFor();
      await banco.close();
      await page.getByText('Pagamento efetuado com sucesso.').waitFor({ timeout: 15_000 });
    } finally {
      await close();
    }
  });

  it('nenhum número de cartão nem CVV no banco de dados nem no log do servidor', () => {
    // The file itself (and its write-ahead log): not a byte of any number typed.
    const arquivos = [app.server.databaseFile, `${app.server.databaseFile}-wal`].filter((f) => existsSync(f));
    const bytes = arquivos.map((f) => readFileSync(f).toString('latin1')).join('\n');
    const log = app.server.output();
    expect(log.length).toBeGreaterThan(1000);
    for (const numero of DIGITADOS) {
      expect(bytes.includes(numero), `${numero} no arquivo do banco`).toBe(false);
      expect(log.includes(numero), `${numero} no log`).toBe(false);
    }
    // Every value of every table: no CVV as a value or as a quoted JSON string.
    const db = new Database(app.server.databaseFile, { readonly: true });
    try {
      const tabelas = db
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
        .all() as { name: string }[];
      let valores = 0;
      for (const { name } of tabelas) {
        for (const row of db.prepare(`select * from "${name}"`).all() as Record<string, unknown>[]) {
          for (const v of Object.values(row)) {
            const texto = String(v);
            valores++;
            for (const cvv of CVVS) {
              expect(
                texto === cvv || texto.includes(`"${cvv}"`),
                `CVV em ${name}: ${texto.slice(0, 80)}`,
              ).toBe(false);
            }
          }
        }
      }
      expect(valores).toBeGreaterThan(1000);
      // The masked form is there: the search would have found a number.
      expect(bytes).toContain('************1111');
    } finally {
      db.close();
    }
    for (const cvv of CVVS) expect(log.includes(`"${cvv}"`), `CVV ${cvv} no log`).toBe(false);
  });
});
