/**
 * Open Delivery end to end (issue 24 part 3), in Chromium against the real server: the demo owner
 * creates the POS's credentials under 'Integrações' (the secret shown once) and fills the store's
 * CNPJ and contact e-mail under 'Loja'; a POS — this test, over HTTP, with the base URL the page
 * shows — gets a token, reads the merchant document, polls, sees the order a customer placed in
 * Chromium, reads it, acknowledges, confirms and dispatches it and marks it delivered while the
 * customer's order page follows live (no reload); a move the status machine refuses answers the
 * standard's 422; the 'Integrações' page then shows the POS's last poll and acknowledgements.
 * axe-core on both pages at 375 and 1280 px. SQLite, or with TEST_DATABASE_URL a PostgreSQL
 * database of its own.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BancoProprio, criarBanco } from './banco.ts';
import { axePara } from './axe.ts';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import { entrarNoPainel, irParaSecao } from './painel-helpers.ts';
import * as h from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

let app: AppHandle;
let demo: DemoData;
let banco: BancoProprio | undefined;

beforeAll(async () => {
  // Info logs carry the outbox's confirmation links (the customer who orders).
  const env: Record<string, string> = { LOG_LEVEL: 'info' };
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    banco = await criarBanco(pgUrl, 'opendelivery');
    env.DATABASE_URL = banco.url;
  }
  app = await startApp({ env });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
  await banco?.apagar();
});

const ehPostDoPedido = (r: Response) =>
  r.request().method() === 'POST' && /\/estabelecimento\/\d+\/pedido\/?$/.test(new URL(r.url()).pathname);

async function semViolacoes(page: Page, nome: string): Promise<void> {
  await expect.poll(() => page.getByText(/^Carregando/).count(), { timeout: 30_000 }).toBe(0);
  await screenshot(page, `opendelivery-${nome}`);
  const results = await axePara(page).analyze();
  expect
    .soft(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      nome,
    )
    .toEqual([]);
}

/** The POS: the standard's calls on the base URL the owner's page shows. */
class Pdv {
  private token = '';
  constructor(
    private readonly base: string,
    private readonly clientId: string,
    private readonly secret: string,
  ) {}

  async entrar(): Promise<void> {
    const res = await fetch(`${this.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: this.clientId,
        client_secret: this.secret,
      }).toString(),
    });
    expect(res.status).toBe(200);
    const t = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
    expect(t.token_type).toBe('bearer');
    this.token = t.access_token;
  }

  async chamar(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown) {
    const res = await fetch(caminho.startsWith('http') ? caminho : `${this.base}${caminho}`, {
      method: metodo,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });
    const texto = await res.text();
    return { status: res.status, headers: res.headers, corpo: texto ? (JSON.parse(texto) as unknown) : null };
  }

  /** Polls (honouring the 429's Retry-After) until an event of `tipo` for `orderId` arrives. */
  async esperarEvento(tipo: string, orderId: string) {
    for (let i = 0; i < 20; i++) {
      const r = await this.chamar('GET', '/v1/events:polling');
      if (r.status === 429) {
        await new Promise((ok) => setTimeout(ok, Number(r.headers.get('retry-after') ?? '1') * 1000));
        continue;
      }
      if (r.status === 200) {
        const eventos = r.corpo as {
          eventId: string;
          eventType: string;
          orderId: string;
          orderURL: string;
        }[];
        const e = eventos.find((x) => x.eventType === tipo && x.orderId === orderId);
        if (e) return { evento: e, todos: eventos };
      } else expect(r.status).toBe(204);
      await new Promise((ok) => setTimeout(ok, 5_000));
    }
    throw new Error(`O evento ${tipo} do pedido ${orderId} não chegou.`);
  }
}

describe('Open Delivery', () => {
  it('o PDV recebe, reconhece, confirma e despacha o pedido de um cliente; a página do cliente acompanha ao vivo', async () => {
    const painel = await app.open('/painel/login', DESKTOP);
    const cliente = await h.novoCliente(app, 'Otavio');
    await h.novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    const cli = await app.open('/login', MOBILE);
    try {
      const p = painel.page;
      await entrarNoPainel(p);
      await irParaSecao(p, 'Integrações');
      const secao = p.getByRole('region', { name: 'Open Delivery (PDV)' });
      await secao.getByText('Nenhuma credencial ainda.').waitFor();
      // The demo store has no CNPJ nor contact e-mail yet: the page says what the menu needs.
      await secao.getByText(/O padrão exige estes dados da loja: CNPJ, E-mail de contato/).waitFor();
      await secao.getByRole('button', { name: 'Nova credencial' }).click();
      const clientId = ((await secao.getByText(/^client_id:/).textContent()) ?? '')
        .replace('client_id:', '')
        .trim();
      const segredo = ((await secao.locator('[data-segredo-od]').textContent()) ?? '').trim();
      expect(clientId).toMatch(/^rango_[0-9a-f]{24}$/);
      expect(segredo).toMatch(/^odsec_[\w-]{43}$/);
      const base = (
        (await secao
          .getByText(/^URL base:/)
          .locator('span')
          .first()
          .textContent()) ?? ''
      ).trim();
      expect(base).toBe(`${app.baseUrl}/api/ead/opendelivery`);
      await secao.getByRole('button', { name: 'Já guardei' }).click();
      // Shown once: after a reload only its last 4 characters.
      await p.reload();
      await p.getByText(`Segredo terminado em ${segredo.slice(-4)}`, { exact: false }).waitFor();
      expect(await p.content()).not.toContain(segredo);

      const pdv = new Pdv(base, clientId, segredo);
      await pdv.entrar();
      expect((await pdv.chamar('GET', '/v1/merchant')).status).toBe(503);

      // The owner fills the store's CNPJ and contact e-mail under 'Loja'.
      await irParaSecao(p, 'Loja');
      await p.getByRole('textbox', { name: 'CNPJ' }).fill('11.222.333/0001-82');
      await p.getByRole('textbox', { name: 'E-mail de contato' }).fill('contato@sabordavila.com.br');
      await p.getByRole('button', { name: 'Salvar dados' }).click();
      await p.getByText('CNPJ inválido. Confira os 14 dígitos.').waitFor();
      await p.getByRole('textbox', { name: 'CNPJ' }).fill('11.222.333/0001-81');
      // The demo store was never placed on the map: leaving 'Número' places it (the geocoder).
      await p.getByRole('textbox', { name: /^Número/ }).focus();
      await p.keyboard.press('Tab');
      await p.getByText(/^Localização: -23\.\d+, -46\.\d+/).waitFor();
      const [salvou] = await Promise.all([
        p.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/dados/')),
        p.getByRole('button', { name: 'Salvar dados' }).click(),
      ]);
      expect(salvou.status(), await salvou.text()).toBe(200);
      await p.getByText('Dados salvos.').waitFor();
      const merchant = await pdv.chamar('GET', '/v1/merchant');
      expect(merchant.status).toBe(200);
      const doc = merchant.corpo as {
        basicInfo: { document: string; contactEmails: string[] };
        items: { name: string }[];
        services: { serviceType: string }[];
      };
      expect(doc.basicInfo.document).toBe('11222333000181');
      expect(doc.basicInfo.contactEmails).toEqual(['contato@sabordavila.com.br']);
      expect(doc.services.map((s) => s.serviceType)).toEqual(['DELIVERY', 'TAKEOUT']);
      const produtos = h.produtosSimples(demo, 2);
      for (const nome of produtos) expect(doc.items.some((i) => i.name === nome)).toBe(true);

      // The customer orders through the app (delivery, cash).
      const c = cli.page;
      await acceptCookies(c);
      await h.entrar(c, cliente.email, cliente.senha);
      await h.encherCarrinho(c, produtos);
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
      const orderId = ((await resposta.request().postDataJSON()) as { pedido_id: string }).pedido_id;
      await c.waitForURL(/\/pedido\/\d+\/?$/);
      await c.getByText('Aguardando a confirmação do restaurante.').waitFor();

      // The POS sees it, reads it in the standard's format and acknowledges the event.
      const { evento, todos } = await pdv.esperarEvento('CREATED', orderId);
      const pedido = await pdv.chamar('GET', evento.orderURL);
      expect(pedido.status).toBe(200);
      expect(pedido.corpo).toMatchObject({ id: orderId, type: 'DELIVERY' });
      const ack = await pdv.chamar(
        'POST',
        '/v1/events/acknowledgment',
        todos.map((e) => ({ id: e.eventId, orderId: e.orderId, eventType: e.eventType })),
      );
      expect(ack.status).toBe(202);

      // Confirm: the customer's page follows without a reload.
      expect((await pdv.chamar('POST', `/v1/orders/${orderId}/confirm`, {})).status).toBe(202);
      await c.getByText('O restaurante está preparando o seu pedido.').waitFor({ timeout: 20_000 });
      // Delivered before it left: the status machine refuses, in the standard's Error shape.
      const recusa = await pdv.chamar('POST', `/v1/orders/${orderId}/delivered`);
      expect(recusa.status).toBe(422);
      expect(recusa.corpo).toMatchObject({ status: 422, title: expect.stringMatching(/Confirmado/) });
      expect((await pdv.chamar('POST', `/v1/orders/${orderId}/dispatch`)).status).toBe(202);
      await c.getByText('Seu pedido está pronto e logo será entregue.').waitFor({ timeout: 20_000 });
      expect((await pdv.chamar('POST', `/v1/orders/${orderId}/delivered`)).status).toBe(202);
      await c.getByText('Aproveite o seu pedido!').waitFor({ timeout: 20_000 });
      await screenshot(c, 'opendelivery-pedido-cliente');
      // Another move on a delivered order: 422 again.
      expect((await pdv.chamar('POST', `/v1/orders/${orderId}/confirm`, {})).status).toBe(422);

      // The owner's page shows the POS's last poll and its acknowledgements.
      await irParaSecao(p, 'Integrações');
      const linha = p.locator('tr', { hasText: clientId });
      await expect
        .poll(async () => (await linha.innerText()).includes('Nunca'), { timeout: 20_000 })
        .toBe(false);
      expect(await linha.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
      await p.getByText(/Cardápio no padrão \(documento Merchant\)/).waitFor();
    } finally {
      await cli.close();
      await painel.close();
    }
  }, 120_000);

  it("'Integrações' e 'Loja' sem violações do axe a 375 e 1280 px", async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const painel = await app.open('/painel/login', viewport);
      try {
        const p = painel.page;
        await entrarNoPainel(p);
        await p.goto('/painel/1/integracoes');
        await p
          .getByRole('region', { name: 'Open Delivery (PDV)' })
          .getByText('Ativa', { exact: true })
          .waitFor();
        await semViolacoes(p, `integracoes-${viewport.width}`);
        await p.goto('/painel/1/loja');
        await p.getByRole('textbox', { name: 'CNPJ' }).waitFor();
        await semViolacoes(p, `loja-${viewport.width}`);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      } finally {
        await painel.close();
      }
    }
  }, 90_000);
});
