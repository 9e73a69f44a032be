/**
 * Outgoing webhooks end to end (issue 24 part 2), in Chromium against the real server: the demo
 * owner adds a webhook under 'Integrações' pointing at a receiver this test runs (a local HTTP
 * server; outside production a plain http:// local address is allowed), copies the signing secret
 * shown once, a customer orders through the app, and the endpoint's delivery log shows the 2xx;
 * the receiver checks the signature with the documented header. axe-core on the page at 375 and
 * 1280 px. On SQLite (the in-process job), or with TEST_DATABASE_URL on a PostgreSQL database of
 * its own (the job on pg-boss).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BancoProprio, criarBanco } from './banco.ts';
import { axePara, type AxeResults } from './axe.ts';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import { entrarNoPainel, irParaSecao } from './painel-helpers.ts';
import * as h from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

let app: AppHandle;
let demo: DemoData;
let banco: BancoProprio | undefined;

let receptor: Server;
let receptorUrl: string;
const recebidos: { headers: IncomingHttpHeaders; corpo: string }[] = [];

beforeAll(async () => {
  receptor = createServer((req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => {
      recebidos.push({ headers: req.headers, corpo: Buffer.concat(partes).toString('utf8') });
      // '…/falha' stands for a receiver that is broken.
      const falha = req.url?.endsWith('/falha') === true;
      res.writeHead(falha ? 500 : 200, { 'content-type': 'text/plain' }).end(falha ? 'quebrado' : 'recebido');
    });
  });
  await new Promise<void>((resolve) => receptor.listen(0, '127.0.0.1', resolve));
  receptorUrl = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/rango`;
  // Info logs carry the outbox's confirmation links (the customer who orders).
  const env: Record<string, string> = { LOG_LEVEL: 'info' };
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    banco = await criarBanco(pgUrl, 'webhooks');
    env.DATABASE_URL = banco.url;
  }
  app = await startApp({ env });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
  await banco?.apagar();
  receptor?.closeAllConnections();
  await new Promise<void>((resolve) => (receptor ? receptor.close(() => resolve()) : resolve()));
});

/** The receiver's check, from the page's 'Como verificar': HMAC-SHA256(secret, "<t>.<raw body>"). */
function assinaturaValida(segredo: string, cabecalho: string, corpo: string): boolean {
  const campos = Object.fromEntries(cabecalho.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(campos.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > 300) return false;
  const esperado = createHmac('sha256', segredo).update(`${t}.${corpo}`).digest();
  const recebido = Buffer.from(campos.v1 ?? '', 'hex');
  return recebido.length === esperado.length && timingSafeEqual(recebido, esperado);
}

const ehPostDoPedido = (r: Response) =>
  r.request().method() === 'POST' && /\/estabelecimento\/\d+\/pedido\/?$/.test(new URL(r.url()).pathname);

function describeViolations(results: AxeResults): string {
  return results.violations
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `- [${v.impact ?? '?'}] ${v.id}: ${v.help}\n    ${n.target.join(' ')}\n    ${n.failureSummary ?? ''}`,
      ),
    )
    .join('\n');
}

async function semViolacoes(page: Page, nome: string): Promise<void> {
  await expect.poll(() => page.getByText(/^Carregando/).count(), { timeout: 30_000 }).toBe(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, `webhooks-${nome}`);
  const results = await axePara(page).analyze();
  expect.soft(results.violations, `${nome}:\n${describeViolations(results)}`).toEqual([]);
}

describe('webhooks', () => {
  it('o dono adiciona um webhook, um cliente pede, e o registro de entregas mostra o 2xx', async () => {
    const painel = await app.open('/painel/login', DESKTOP);
    const cliente = await h.novoCliente(app, 'Wagner');
    await h.novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    const cli = await app.open('/login', MOBILE);
    try {
      const p = painel.page;
      await entrarNoPainel(p);
      await irParaSecao(p, 'Integrações');
      await p.getByRole('heading', { level: 1, name: 'Integrações' }).waitFor();
      await p.getByText('Nenhum webhook ainda.').waitFor();
      await p.getByRole('button', { name: 'Novo webhook' }).click();
      await p.getByRole('textbox', { name: /URL/ }).fill(receptorUrl);
      // 'Pedido recebido' and 'Status do pedido mudou' come chosen; payment too.
      await p.getByRole('checkbox', { name: 'Pagamento confirmado' }).check();
      await p.getByRole('button', { name: 'Adicionar webhook' }).click();
      const segredo = ((await p.locator('[data-segredo]').textContent()) ?? '').trim();
      expect(segredo).toMatch(/^whsec_[\w-]{43}$/);
      await p.getByRole('button', { name: 'Já guardei' }).click();
      // Shown once: after a reload only its last 4 characters.
      await p.reload();
      const cartao = p.getByRole('article', { name: receptorUrl, exact: true });
      await cartao.getByText(`termina em ${segredo.slice(-4)}`).waitFor();
      expect(await p.content()).not.toContain(segredo);
      await cartao.getByRole('button', { name: 'Ver entregas' }).click();
      await cartao.getByText(/Nenhuma entrega ainda/).waitFor();

      // The customer orders through the app (delivery, cash).
      const c = cli.page;
      await acceptCookies(c);
      await h.entrar(c, cliente.email, cliente.senha);
      await h.encherCarrinho(c, h.produtosSimples(demo, 2));
      await c.goto('/pagamento');
      await c.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await c.getByRole('radio', { name: 'Entregar no meu endereço' }).check();
      await h.escolherEndereco(c, /Rua Haddock Lobo/);
      const taxa = c.getByRole('dialog', { name: 'Taxa de entrega' });
      await taxa.getByRole('button', { name: 'Ok, entendi' }).click();
      await taxa.waitFor({ state: 'hidden' });
      await h.pagarEmDinheiro(c, '500,00');
      const [resposta] = await Promise.all([
        c.waitForResponse(ehPostDoPedido, { timeout: 30_000 }),
        c.getByRole('button', { name: 'Finalizar' }).click(),
      ]);
      expect(resposta.status()).toBe(201);
      const { id } = (await resposta.json()) as { id: number };

      // The log shows the delivery with the receiver's 2xx (the job runs every 2 s, the log
      // refreshes every 3 s).
      const linha = cartao.locator('tr', { hasText: 'pedido.criado' });
      await linha.getByText('HTTP 200 · recebido').waitFor({ timeout: 20_000 });
      await linha.getByText('Entregue', { exact: true }).waitFor();
      expect(await linha.innerText()).toMatch(/\d+ ms/);
      await screenshot(p, 'webhooks-entregue');

      const entrega = recebidos.find((r) => r.headers['rango-event-type'] === 'pedido.criado');
      expect(entrega).toBeDefined();
      const corpo = JSON.parse(entrega!.corpo) as { id: string; tipo: string; dados: { idpedido: number } };
      expect(corpo).toMatchObject({ tipo: 'pedido.criado', idestabelecimento: 1, dados: { idpedido: id } });
      expect(entrega!.headers['rango-event-id']).toBe(corpo.id);
      expect(assinaturaValida(segredo, String(entrega!.headers['rango-signature']), entrega!.corpo)).toBe(
        true,
      );
      expect(
        assinaturaValida(segredo, String(entrega!.headers['rango-signature']), entrega!.corpo + ' '),
      ).toBe(false);
      expect(recebidos.filter((r) => r.headers['rango-event-id'] === corpo.id)).toHaveLength(1);
    } finally {
      await cli.close();
      await painel.close();
    }
  }, 180_000);

  it('a página de Integrações sem violações do axe a 375 e 1280 px', async () => {
    // A second endpoint that fails: its 'Falhando' state and its pending delivery are checked too.
    const falha = `${receptorUrl}/falha`;
    {
      const painel = await app.open('/painel/login', DESKTOP);
      try {
        const p = painel.page;
        await entrarNoPainel(p);
        await p.goto('/painel/1/integracoes');
        await p.getByRole('button', { name: 'Novo webhook' }).click();
        await p.getByRole('textbox', { name: /URL/ }).fill(falha);
        await p.getByRole('button', { name: 'Adicionar webhook' }).click();
        await p.getByRole('button', { name: 'Já guardei' }).click();
        const cartao = p.getByRole('article', { name: falha, exact: true });
        await cartao.getByRole('button', { name: 'Enviar teste' }).click();
        await cartao.getByText('O teste falhou: HTTP 500. Será tentado de novo.').waitFor();
        await cartao.getByText('Falhando', { exact: true }).waitFor();
      } finally {
        await painel.close();
      }
    }
    for (const viewport of [MOBILE, DESKTOP]) {
      const painel = await app.open('/painel/login', viewport);
      try {
        const p = painel.page;
        await entrarNoPainel(p);
        await p.goto('/painel/1/integracoes');
        const cartao = p.getByRole('article', { name: receptorUrl, exact: true });
        await cartao.waitFor();
        await cartao.getByRole('button', { name: 'Ver entregas' }).click();
        await cartao.locator('tr', { hasText: 'pedido.criado' }).first().waitFor();
        const quebrado = p.getByRole('article', { name: falha, exact: true });
        await quebrado.getByRole('button', { name: 'Ver entregas' }).click();
        await quebrado.locator('tr', { hasText: 'HTTP 500 · quebrado' }).getByText('Pendente').waitFor();
        await semViolacoes(p, `entregas-${viewport.width}`);
        await p.getByRole('button', { name: 'Novo webhook' }).click();
        await p.getByRole('textbox', { name: /URL/ }).waitFor();
        await semViolacoes(p, `form-${viewport.width}`);
        // Nothing wider than the screen.
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      } finally {
        await painel.close();
      }
    }
  }, 180_000);

  it('pelo teclado: adiciona um webhook, envia um teste e vê a entrega', async () => {
    const painel = await app.open('/painel/login', DESKTOP);
    try {
      const p = painel.page;
      await entrarNoPainel(p);
      await p.goto('/painel/1/integracoes');
      const novo = p.getByRole('button', { name: 'Novo webhook' });
      await novo.focus();
      await p.keyboard.press('Enter');
      // The form's heading takes the focus; Tab goes to the URL, then each event, 'Ativo', the button.
      await expect.poll(() => p.evaluate(() => document.activeElement?.textContent)).toBe('Novo webhook');
      await p.keyboard.press('Tab');
      await p.keyboard.type(`${receptorUrl}/teclado`);
      const foco = () =>
        p.evaluate(() => document.activeElement?.getAttribute('type') ?? document.activeElement?.tagName);
      await p.keyboard.press('Tab');
      expect(await foco()).toBe('checkbox');
      for (
        let i = 0;
        i < 20 && (await p.evaluate(() => document.activeElement?.textContent)) !== 'Adicionar webhook';
        i++
      )
        await p.keyboard.press('Tab');
      await p.keyboard.press('Enter');
      await p.locator('[data-segredo]').waitFor();
      await p.getByRole('button', { name: 'Já guardei' }).focus();
      await p.keyboard.press('Enter');
      const cartao = p.getByRole('article', { name: `${receptorUrl}/teclado` });
      await cartao.getByRole('button', { name: 'Enviar teste' }).focus();
      await p.keyboard.press('Enter');
      await cartao.getByText(/^Teste entregue: HTTP 200 em \d+ ms\.$/).waitFor();
      await cartao.getByRole('button', { name: 'Ver entregas' }).focus();
      await p.keyboard.press('Enter');
      await cartao.locator('tr', { hasText: 'Teste' }).getByText('Entregue', { exact: true }).waitFor();
      expect(recebidos.some((r) => r.headers['rango-event-type'] === 'teste')).toBe(true);
    } finally {
      await painel.close();
    }
  }, 120_000);
});
