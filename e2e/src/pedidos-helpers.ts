/**
 * Steps the order journeys share (pedidos, acessibilidade, teclado): a confirmed customer and
 * an address made through the API, login, the cart, the checkout's address and cash payment,
 * and the operator CLI that moves an order along.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppHandle } from './harness.ts';
import { type DemoData, pickSimpleProducts } from './menu-data.ts';
import { REPO_ROOT } from './processes.ts';
import { productCard, productDrawer, submitButton } from './ui.ts';

const run = promisify(execFile);

export interface ApiAnswer {
  status: number;
  data: unknown;
}

/** A JSON call to the server under test (`/api/ead…`), with an optional Bearer token. */
export async function api(
  app: AppHandle,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<ApiAnswer> {
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

const CONFIRMA = /\/confirma\/([\w-]+)\/([\w-]+)/;

const confirmLinks = (app: AppHandle) => [...app.server.output().matchAll(new RegExp(CONFIRMA.source, 'g'))];

export interface Cliente {
  email: string;
  senha: string;
  token: string;
}

let seq = 0;

/**
 * A confirmed customer made through the API. The confirmation link comes from the server log
 * (the outbox, started with LOG_LEVEL=info and no SMTP_URL) unless `linkPorEmail` reads it
 * from the test's mail catcher.
 */
export async function novoCliente(
  app: AppHandle,
  nome: string,
  linkPorEmail?: (email: string) => Promise<string>,
): Promise<Cliente> {
  const email = `${nome.toLowerCase()}.${Date.now()}.${++seq}@exemplo.com.br`;
  const senha = 'segredo123';
  const antes = confirmLinks(app).length;
  const cadastro = await api(app, '/controle/cliente/', {
    body: { nomeourazaosocial: `${nome} Pedido`, email, telefone: '11987654321', senha, confirm: senha },
  });
  expect(cadastro.status).toBe(201);
  let uuid: string | undefined;
  let token: string | undefined;
  if (linkPorEmail) {
    [, uuid, token] = CONFIRMA.exec(await linkPorEmail(email)) ?? [];
  } else {
    await expect.poll(() => confirmLinks(app).length, { timeout: 10_000 }).toBeGreaterThan(antes);
    [, uuid, token] = confirmLinks(app).at(-1) ?? [];
  }
  if (!uuid || !token) throw new Error(`sem link de confirmação para ${email}`);
  expect((await api(app, `/controle/cliente/${uuid}/confirmar/${token}/`, { method: 'POST' })).status).toBe(
    200,
  );
  const login = await api(app, '/controle/token/', { body: { email, senha } });
  return { email, senha, token: (login.data as { access: string }).access };
}

export async function novoEndereco(
  app: AppHandle,
  token: string,
  cep: string,
  rua: string,
  bairro: string,
): Promise<void> {
  const r = await api(app, '/controle/endereco/', {
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

export async function entrar(page: Page, email: string, senha: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Senha/).fill(senha);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
}

/** Adds each product once from the menu of establishment 1. */
export async function encherCarrinho(page: Page, produtos: string[]): Promise<void> {
  await page.goto('/estabelecimento/1');
  for (const descricao of produtos) {
    await productCard(page, descricao).click();
    const drawer = productDrawer(page);
    await submitButton(drawer, 'Adicionar').click();
    await drawer.waitFor({ state: 'hidden' });
  }
}

/** Picks the saved address (first one) in the header's selector, opened from the checkout. */
export async function escolherEndereco(page: Page, rua: RegExp): Promise<void> {
  await page.getByRole('button', { name: /Escolher endereço|Alterar endereço/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Escolha o endereço de entrega' });
  await dialog.getByRole('radio', { name: rua }).check();
  await expect.poll(() => dialog.getByRole('radio', { name: rua }).isChecked()).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

export async function pagarEmDinheiro(page: Page, troco: string): Promise<void> {
  await page.getByRole('tab', { name: 'Pagar na entrega' }).click();
  await page.getByRole('radio', { name: 'Dinheiro' }).check();
  await page.getByLabel('Troco para').fill(troco);
}

/** The operator CLI (`pedido-status <id> confirmar|pronto|entregue|concluir`) on the server's database. */
export async function operador(app: AppHandle, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: app.server.databaseFile },
  });
  return stdout;
}

/** The order id of /pedido/{id}/. */
export const idDoPedido = (page: Page): string =>
  /\/pedido\/(\d+)/.exec(new URL(page.url()).pathname)?.[1] ?? '';

/** The `n` dearest simple products: together they reach the establishment's minimum. */
export function produtosSimples(demo: DemoData, n: number): string[] {
  return pickSimpleProducts(demo, Math.max(n, 6))
    .sort((a, b) => b.preco - a.preco)
    .slice(0, n)
    .map((p) => p.descricao);
}
