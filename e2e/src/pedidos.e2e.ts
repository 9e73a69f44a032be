/**
 * Order journeys in Chromium against the real server (issue 4): a delivery order with a coupon
 * paid in cash with change, followed to Concluído through the operator CLI, with its receipt
 * and the order lists; a scheduled pickup; the minimum-order block; an address outside every
 * delivery area; the duplicate-order notice with 'Limpar Carrinho'.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { formatBRL, reaisToCents } from '@rango/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo, pickSimpleProducts } from './menu-data.ts';
import { REPO_ROOT } from './processes.ts';
import { acceptCookies, productCard, productDrawer, submitButton } from './ui.ts';

const run = promisify(execFile);

let app: AppHandle;
let demo: DemoData;

beforeAll(async () => {
  // Info logs carry the outbox's confirmation links; the simulator is off (the CLI moves orders).
  app = await startApp({ env: { LOG_LEVEL: 'info' } });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
});

let seq = 0;

async function api(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await fetch(`${app.baseUrl}/api/ead${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, data: text ? (JSON.parse(text) as unknown) : null };
}

const confirmLinks = () => [...app.server.output().matchAll(/\/confirma\/([\w-]+)\/([\w-]+)/g)];

/** A confirmed customer made through the API (the journeys under test start at the menu). */
async function novoCliente(nome: string): Promise<{ email: string; senha: string; token: string }> {
  const email = `${nome.toLowerCase()}.${Date.now()}.${++seq}@exemplo.com.br`;
  const senha = 'segredo123';
  const antes = confirmLinks().length;
  const cadastro = await api('/controle/cliente/', {
    body: { nomeourazaosocial: `${nome} Pedido`, email, telefone: '11987654321', senha, confirm: senha },
  });
  expect(cadastro.status).toBe(201);
  await expect.poll(() => confirmLinks().length, { timeout: 10_000 }).toBeGreaterThan(antes);
  const [, uuid, token] = confirmLinks().at(-1)!;
  expect((await api(`/controle/cliente/${uuid}/confirmar/${token}/`, { method: 'POST' })).status).toBe(200);
  const login = await api('/controle/token/', { body: { email, senha } });
  return { email, senha, token: (login.data as { access: string }).access };
}

async function novoEndereco(token: string, cep: string, rua: string, bairro: string): Promise<void> {
  const r = await api('/controle/endereco/', {
    token,
    body: {
      idtipoendereco: 1,
      cep,
      rua,
      numero: '100',
      bairro,
      cidade: 'São Paulo',
      uf: 'SP',
      complemento: '',
      detalhe: '',
    },
  });
  expect(r.status, JSON.stringify(r.data)).toBe(201);
}

async function entrar(page: Page, email: string, senha: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Adds each product once from the menu of establishment 1. */
async function encherCarrinho(page: Page, produtos: string[]): Promise<void> {
  await page.goto('/estabelecimento/1');
  for (const descricao of produtos) {
    await productCard(page, descricao).click();
    const drawer = productDrawer(page);
    await submitButton(drawer, 'Adicionar').click();
    await drawer.waitFor({ state: 'hidden' });
  }
}

/** Picks the saved address (first one) in the header's selector, opened from the checkout. */
async function escolherEndereco(page: Page, rua: RegExp): Promise<void> {
  await page.getByRole('button', { name: /Escolher endereço|Alterar endereço/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Escolha o endereço de entrega' });
  await dialog.getByRole('radio', { name: rua }).check();
  await expect.poll(() => dialog.getByRole('radio', { name: rua }).isChecked()).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

async function pagarEmDinheiro(page: Page, troco: string): Promise<void> {
  await page.getByRole('tab', { name: 'Pagar na entrega' }).click();
  await page.getByRole('radio', { name: 'Dinheiro' }).check();
  await page.getByLabel('Troco para').fill(troco);
}

async function operador(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: app.server.databaseFile },
  });
  return stdout;
}

const idDoPedido = (page: Page): string => /\/pedido\/(\d+)/.exec(new URL(page.url()).pathname)?.[1] ?? '';

/** Two simple products worth at least the establishment's minimum together. */
function produtosSimples(n: number): string[] {
  return pickSimpleProducts(demo, Math.max(n, 6))
    .sort((a, b) => b.preco - a.preco)
    .slice(0, n)
    .map((p) => p.descricao);
}

describe('pedidos', () => {
  it('entrega com cupom, dinheiro com troco; linha do tempo até Concluído pelo operador; recibo; listas', async () => {
    const cliente = await novoCliente('Bruno');
    await novoEndereco(cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    const { page, close, errors, cspViolations } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, produtosSimples(2));
      await page.goto('/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('radio', { name: 'Entregar no meu endereço' }).check();
      await escolherEndereco(page, /Rua Haddock Lobo/);
      // The fee for the address, from the delivery circles: the spec's modal.
      const modal = page.getByRole('dialog', { name: 'Taxa de entrega' });
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Ok, entendi' }).click();

      // Coupon drawer: empty code, then the demo's 10 % coupon.
      await page.getByRole('button', { name: /cupom/i }).first().click();
      const cupom = page.getByRole('dialog').filter({ has: page.getByLabel('Código do cupom') });
      await cupom.getByRole('button', { name: /Aplicar/ }).click();
      await cupom.getByText('Insira um código.').waitFor();
      await cupom.getByLabel('Código do cupom').fill('BEMVINDO10');
      await cupom.getByRole('button', { name: /Aplicar/ }).click();
      await page.getByText('Cupom aplicado!').first().waitFor();
      await cupom.waitFor({ state: 'hidden' });

      await pagarEmDinheiro(page, '1,00');
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page
        .getByText(/maior que o total/)
        .first()
        .waitFor();
      await page.getByLabel('Troco para').fill('500,00');
      await page.getByLabel('Observações').fill('Sem cebola, por favor.');
      await screenshot(page, 'pagamento-entrega');
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/);
      const id = idDoPedido(page);
      await page.getByRole('heading', { level: 1, name: /Acompanhar pedido/ }).waitFor();
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();
      await page.getByText('BEMVINDO10').first().waitFor({ state: 'attached' });
      expect(await page.getByRole('button', { name: /cupom do pedido|Recibo|Ver cupom/i }).count()).toBe(0);
      await screenshot(page, 'pedido-realizado');

      // The restaurant moves it along (CLI); the page shows each step on its next read.
      await operador('pedido-status', id, 'confirmar');
      await page.reload();
      await page.getByText('O restaurante está preparando o seu pedido.').waitFor();
      await operador('pedido-status', id, 'pronto');
      await page.reload();
      await page.getByText('Seu pedido está pronto e logo será entregue.').waitFor();
      await operador('pedido-status', id, 'entregue');
      await operador('pedido-status', id, 'concluir');
      await page.reload();
      await page.getByText('Aproveite o seu pedido!').waitFor();
      await page.getByText('Concluído').first().waitFor();

      // The receipt: items, coupon, cash and change.
      await page
        .getByRole('button', { name: /cupom do pedido|Recibo|Ver cupom/i })
        .first()
        .click();
      const recibo = page.frameLocator('iframe').first();
      await recibo.getByText('BEMVINDO10').first().waitFor();
      await recibo.getByText(/Troco/).first().waitFor();
      await screenshot(page, 'pedido-recibo');
      await page.keyboard.press('Escape');

      // Lists: no longer pending; among the completed ones.
      await page.goto('/pedido');
      await page.getByText('Você não possui pedidos pendentes.').waitFor();
      await page.getByRole('tab', { name: 'Concluídos' }).click();
      await page
        .getByRole('link', { name: new RegExp(`#`) })
        .first()
        .waitFor();
      await screenshot(page, 'pedidos-concluidos');
      expect(errors).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('retirada agendada: data e horário dentro do funcionamento; a página mostra o agendamento', async () => {
    const cliente = await novoCliente('Carla');
    const { page, close } = await app.open('/login', MOBILE);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, produtosSimples(2));
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('switch', { name: 'Agendar pedido' }).check();
      const dia = page.getByLabel('Dia');
      const opcoesDia = await dia.locator('option:not([disabled])').all();
      await dia.selectOption((await opcoesDia.at(-1)!.getAttribute('value')) ?? '');
      const hora = page.getByLabel('Horário');
      const opcoes = await hora.locator('option:not([disabled])').all();
      expect(opcoes.length).toBeGreaterThan(0);
      await hora.selectOption((await opcoes[0]!.getAttribute('value')) ?? '');
      await page.getByRole('tab', { name: 'Pagar na entrega' }).click();
      const cartao = demo.formas.find((f) => f.sttipopgto !== 0);
      await page.getByRole('radio', { name: cartao!.descricao }).check();
      await screenshot(page, 'pagamento-retirada-agendada');
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/);
      await page.getByText('Retirada no estabelecimento').first().waitFor();
      await page.getByText(/Retirada agendada para/).first().waitFor();
      await screenshot(page, 'pedido-retirada-agendada');
    } finally {
      await close();
    }
  });

  it('pedido mínimo bloqueia o Finalizar com o texto da especificação', async () => {
    const cliente = await novoCliente('Davi');
    const minimo = reaisToCents(demo.detalhe.pedidominimo);
    const barato = demo.produtos
      .filter((p) => p.grupoopcoes.length === 0)
      .filter((p) => reaisToCents(Math.min(p.preco, p.precooferta || p.preco)) < minimo)
      .sort((a, b) => a.preco - b.preco)[0];
    expect(barato, 'um produto abaixo do pedido mínimo').toBeTruthy();
    const { page, close } = await app.open('/login', MOBILE);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, [barato!.descricao]);
      await page.goto('/pagamento');
      const texto = `O pedido mínimo para essa loja é de ${formatBRL(minimo)} (sem contar a taxa de entrega).`;
      await page.getByText(texto.replace(/\s/g, ' ').slice(0, 30)).first().waitFor();
      expect(await page.getByRole('button', { name: 'Finalizar' }).isDisabled()).toBe(true);
      await screenshot(page, 'pagamento-pedido-minimo');
    } finally {
      await close();
    }
  });

  it('endereço fora de toda área: o estabelecimento não entrega, o pedido vira retirada', async () => {
    const cliente = await novoCliente('Elisa');
    await novoEndereco(cliente.token, '05653-070', 'Praça Roberto Gomes Pedrosa', 'Morumbi');
    const { page, close } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, produtosSimples(2));
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Entregar no meu endereço' }).check();
      await escolherEndereco(page, /Praça Roberto Gomes Pedrosa/);
      await page
        .getByText(/Estabelecimento não entrega no endereço escolhido/)
        .first()
        .waitFor();
      await screenshot(page, 'pagamento-fora-da-area');
      await page.getByRole('dialog').getByRole('button').last().click();
      await expect
        .poll(() => page.getByRole('radio', { name: 'Receber no estabelecimento.' }).isChecked())
        .toBe(true);
    } finally {
      await close();
    }
  });

  it('pedido repetido: o aviso de pedido duplicado e o Limpar Carrinho', async () => {
    const cliente = await novoCliente('Fabio');
    const { page, close } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      await entrar(page, cliente.email, cliente.senha);
      await encherCarrinho(page, produtosSimples(2));
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await pagarEmDinheiro(page, '500,00');
      const carrinho = await page.evaluate(() => localStorage.getItem('carrinho'));
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/);
      // The same cart (same pedido_id) sent again, as after a lost answer.
      await page.evaluate((c) => localStorage.setItem('carrinho', c ?? ''), carrinho);
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await pagarEmDinheiro(page, '500,00');
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await page.getByText('O restaurante já recebeu esse pedido').first().waitFor();
      await screenshot(page, 'pagamento-duplicado');
      await page.getByRole('button', { name: 'Limpar Carrinho' }).click();
      await expect
        .poll(() =>
          page.evaluate(() => JSON.parse(localStorage.getItem('carrinho') ?? '{"itens":[]}').itens.length),
        )
        .toBe(0);
    } finally {
      await close();
    }
  });
});
