/**
 * Payment accounts per establishment end to end (issue 23 part 1), in Chromium against the real
 * server: the demo owner opens 'Pagamentos', saves Cielo credentials (tested against a local fake
 * of Cielo's API that the server reaches through CIELO_API_URL / CIELO_QUERY_URL), sees them back
 * only as "configurado ••••1234", makes the account the one in use, tests it, and switches to the
 * sandbox; then connects Mercado Pago by its login (OAuth against the local fake of Mercado Pago's
 * authorization page and token endpoint) and sees 'Conectado' with the seller's id. axe-core on the
 * page at 375 and 1280 px.
 *
 * Then PIX on Mercado Pago (issue 23 parts 2–3): a customer pays an order by PIX, the fake pays it
 * and posts its signed webhook, and the order page says 'Pagamento efetuado com sucesso.' within
 * 5 s of it (the delay is measured and printed).
 *
 * Then Mercado Pago (issue 23 part 2): the owner pastes a seller's credentials (a local fake of
 * Mercado Pago's API and of its browser SDK, MERCADOPAGO_API_URL / MERCADOPAGO_SDK_URL), and a
 * customer pays by credit card in the checkout: the SDK, loaded only then, tokenises the card at
 * the fake; the card is typed into Mercado Pago's Secure Fields (the fake's iframes, another origin:
 * our page cannot read them); our server gets the token only (every request body the page sends it
 * is recorded and searched for the number and CVV); the order is paid; a saved card is paid with
 * its CVV typed into the CVV field (a one-use token of the card's id). axe on the card form and on
 * the saved card's CVV at 375 and 1280 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCieloFake } from '../../apps/server/src/test/fakes/cielo.ts';
import type { CieloFake } from '../../apps/server/src/test/fakes/cielo.ts';
import { CARTAO_3DS, startMercadoPagoFake } from '../../apps/server/src/test/fakes/mercadopago.ts';
import type { MercadoPagoFake } from '../../apps/server/src/test/fakes/mercadopago.ts';
import { axePara, type AxeResults } from './axe.ts';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo } from './menu-data.ts';
import { entrarNoPainel, irParaSecao } from './painel-helpers.ts';
import * as h from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

const LOJISTA = { merchantId: randomUUID(), merchantKey: 'E2EKEYE2EKEYE2EKEYE2EKEYE2EKEYE2EKEY9876' };

/** The Mercado Pago seller whose credentials the owner pastes. */
const VENDEDOR = {
  accessToken: `APP_USR-${randomUUID()}-e2e`,
  publicKey: `APP_USR-${randomUUID()}`,
  userId: '424242',
};
/** The install's Mercado Pago application's webhook secret; the URL is set once the server listens. */
const WEBHOOK = { url: '', segredo: 'segredo-do-webhook-e2e' };
/** Issue 23: the PIX turns paid on the customer's page within this of the provider's webhook. */
const PIX_WEBHOOK_ALVO_MS = 5000;

let app: AppHandle;
let fake: CieloFake;
let mp: MercadoPagoFake;
let demo: DemoData;
/** Mercado Pago's application of this install: its redirect URL is registered once the port is known. */
const OAUTH = {
  clientId: '8880001',
  clientSecret: 'segredo-e2e',
  redirectUris: [] as string[],
  vendedorUserId: '535353',
};

beforeAll(async () => {
  fake = await startCieloFake({
    ...LOJISTA,
    sop: { clientId: randomUUID(), clientSecret: 'sop' },
    mpi: { clientId: randomUUID(), clientSecret: 'mpi' },
  });
  mp = await startMercadoPagoFake({ vendedores: [VENDEDOR], oauth: OAUTH, webhook: WEBHOOK });
  app = await startApp({
    env: {
      CIELO_API_URL: fake.url,
      CIELO_QUERY_URL: fake.url,
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_SDK_URL: `${mp.url}/js/v2`,
      MERCADOPAGO_AUTH_URL: mp.url,
      MERCADOPAGO_CLIENT_ID: OAUTH.clientId,
      MERCADOPAGO_CLIENT_SECRET: OAUTH.clientSecret,
      MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK.segredo,
      // The customer's confirmation link is read from the log.
      LOG_LEVEL: 'info',
    },
  });
  // Mercado Pago posts to the application's webhook URL (PUBLIC_URL is http here: no notification_url).
  WEBHOOK.url = `${app.baseUrl}/api/ead/pagamentos/mercadopago/webhook/`;
  demo = await loadDemo(app.baseUrl);
  // PUBLIC_URL is the server's default, http://localhost:<port>: the callback lands there.
  OAUTH.redirectUris.push(`${local()}/api/ead/painel/mercadopago/retorno/`);
});

/** The server's own origin by PUBLIC_URL's default (the OAuth flow starts and ends on it). */
const local = () => app.baseUrl.replace('127.0.0.1', 'localhost');

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  await mp?.close();
});

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
  await screenshot(page, `pagamentos-conta-${nome}`);
  const results = await axePara(page).analyze();
  expect.soft(results.violations, `${nome}:\n${describeViolations(results)}`).toEqual([]);
}

describe('contas de pagamento', () => {
  it('o dono salva as credenciais da Cielo, usa a conta, testa, e volta ao sandbox', async () => {
    const painel = await app.open('/painel/login', DESKTOP);
    try {
      const p = painel.page;
      await entrarNoPainel(p);
      await irParaSecao(p, 'Pagamentos');
      await p.getByRole('heading', { level: 1, name: 'Pagamentos' }).waitFor();
      await p.getByText('Nenhuma conta própria ainda.').waitFor();
      // Mercado Pago: this server has an application, so its login connection is offered.
      expect(await p.getByRole('button', { name: 'Conectar Mercado Pago' }).isEnabled()).toBe(true);

      // Wrong credentials: Cielo (the fake) refuses them, nothing is saved.
      await p.getByRole('textbox', { name: 'Merchant ID' }).fill(randomUUID());
      await p.getByLabel('Merchant Key').fill('X'.repeat(40));
      await p
        .locator('section[aria-labelledby="cielo-form"]')
        .getByRole('button', { name: 'Salvar e testar' })
        .click();
      await p.getByText(/A Cielo recusou as credenciais/).waitFor();

      await p.getByRole('textbox', { name: 'Merchant ID' }).fill(LOJISTA.merchantId);
      await p.getByLabel('Merchant Key').fill(LOJISTA.merchantKey);
      await p
        .locator('section[aria-labelledby="cielo-form"]')
        .getByRole('button', { name: 'Salvar e testar' })
        .click();
      await p.getByText('Credenciais da Cielo salvas e testadas.').waitFor();
      const conta = p.getByRole('article', { name: 'Cielo' });
      await conta.getByText(`configurado ••••${LOJISTA.merchantKey.slice(-4)}`).waitFor();
      // The fake saw the typed credentials in the test query.
      expect(fake.requisicoes.some((r) => r.headers['merchantid'] === LOJISTA.merchantId)).toBe(true);

      await conta.getByRole('button', { name: 'Usar esta conta' }).click();
      await conta.getByText('Ativa', { exact: true }).waitFor();
      await conta.getByRole('button', { name: 'Testar' }).click();
      await conta.getByText(/^Teste concluído/).waitFor();
      await p.reload();
      await p.getByRole('article', { name: 'Cielo' }).waitFor();
      const html = await p.content();
      expect(html).not.toContain(LOJISTA.merchantKey);
      expect(html).not.toContain(LOJISTA.merchantId);

      await p.getByRole('button', { name: 'Usar o sandbox (testes)' }).click();
      await p
        .getByRole('article', { name: 'Sandbox (testes)' })
        .getByText('Ativa', { exact: true })
        .waitFor();
    } finally {
      await painel.close();
    }
  }, 180_000);

  it('o dono conecta o Mercado Pago pelo login (OAuth) e vê "Conectado" com o id da conta', async () => {
    const painel = await app.open('/painel/login', DESKTOP);
    try {
      const p = painel.page;
      await p.goto(`${local()}/painel/login`);
      await entrarNoPainel(p);
      await p.goto(`${local()}/painel/1/pagamentos`);
      await p.getByRole('button', { name: 'Conectar Mercado Pago' }).click();
      // Mercado Pago's authorization page (the fake consents at once) sends the browser back.
      await p.waitForURL((u) => u.pathname === '/painel/1/pagamentos' && u.search.includes('mercadopago='), {
        timeout: 30_000,
      });
      expect(new URL(p.url()).searchParams.get('mercadopago')).toBe('conectado');
      await p.getByText('Mercado Pago conectado (conta 535353).').waitFor();
      const conta = p.getByRole('article', { name: 'Mercado Pago' });
      await conta.getByText('Conectado', { exact: true }).waitFor();
      await conta.getByText(/Conta Mercado Pago 535353/).waitFor();
      // The same callback again (back button, reload of Mercado Pago's redirect): refused, said why.
      const oauthReq = mp.requisicoes.find((r) => r.url.startsWith('/authorization'))!;
      const state = new URLSearchParams(oauthReq.url.split('?')[1]).get('state')!;
      await p.goto(`${local()}/api/ead/painel/mercadopago/retorno/?code=TG-x&state=${state}`);
      await p.getByText(/Esta autorização do Mercado Pago já foi usada/).waitFor();
    } finally {
      await painel.close();
    }
  }, 120_000);

  it('a página de Pagamentos sem violações do axe a 375 e 1280 px', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const painel = await app.open('/painel/login', viewport);
      try {
        const p = painel.page;
        await entrarNoPainel(p);
        await p.goto('/painel/1/pagamentos');
        await p.getByRole('article', { name: 'Cielo' }).waitFor();
        await p.getByRole('article', { name: 'Mercado Pago' }).waitFor();
        await semViolacoes(p, String(viewport.width));
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      } finally {
        await painel.close();
      }
    }
  }, 180_000);
  it('Mercado Pago: o dono cola as credenciais; o cliente paga com crédito, o cartão só vai ao Mercado Pago', async () => {
    const painel = await app.open('/painel/login', DESKTOP);
    try {
      const p = painel.page;
      await entrarNoPainel(p);
      await p.goto('/painel/1/pagamentos');
      const form = p.locator('section[aria-labelledby="mercadopago"]');
      await form.getByLabel('Access Token').fill(VENDEDOR.accessToken);
      await form.getByRole('textbox', { name: 'Public Key' }).fill(VENDEDOR.publicKey);
      await form.getByRole('button', { name: 'Salvar e testar' }).click();
      const conta = p.getByRole('article', { name: 'Mercado Pago' });
      await conta.getByText(`configurado ••••${VENDEDOR.accessToken.slice(-4)}`).waitFor();
      await conta.getByRole('button', { name: 'Usar esta conta' }).click();
      await conta.getByText('Ativa', { exact: true }).waitFor();
    } finally {
      await painel.close();
    }

    const NUMERO = '4235647728025682';
    const CVV = '073';
    const ano = String(new Date().getFullYear() + 2);
    const cliente = await h.novoCliente(app, 'Mercado');
    const { page, close, errors, cspViolations } = await app.open('/login', DESKTOP);
    // Every request the page sends to our server, body and URL (the card must be in none).
    const enviados: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(app.baseUrl)) enviados.push(`${r.method()} ${r.url()}\n${r.postData() ?? ''}`);
    });
    // Mercado Pago's Secure Fields: each an iframe of the fake's origin with its own input.
    const campo = (titulo: string) => page.frameLocator(`iframe[title="${titulo}"]`).getByRole('textbox');
    const preencher = async (
      numero: string,
      tipo: 'Cartão de Crédito' | 'Cartão de Débito',
      /** A card saved for this kind is offered first: 'Novo cartão' types another one. */
      novo = false,
    ) => {
      await h.encherCarrinho(page, h.produtosSimples(demo, 1));
      await page.goto('/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('tab', { name: 'Pagar online' }).click();
      await page.getByRole('radio', { name: tipo }).check();
      if (novo) await page.getByRole('radio', { name: 'Novo cartão' }).check();
      // Typed into the frames by the keyboard (once each frame has loaded): Tab goes from one
      // field to the next.
      for (const t of ['Número do cartão', 'Validade (MM/AA)', 'CVV']) await campo(t).waitFor();
      // The focus moves into a frame's input (another process): waited for before typing.
      const focado = (t: string) =>
        campo(t).evaluate((el) => el === document.activeElement && document.hasFocus());
      await campo('Número do cartão').click();
      await expect.poll(() => focado('Número do cartão')).toBe(true);
      await campo('Número do cartão').pressSequentially(numero);
      await page.keyboard.press('Tab');
      await expect.poll(() => focado('Validade (MM/AA)')).toBe(true);
      await campo('Validade (MM/AA)').pressSequentially(`11/${ano.slice(2)}`);
      await page.keyboard.press('Tab');
      await expect.poll(() => focado('CVV')).toBe(true);
      await campo('CVV').pressSequentially(CVV);
      expect(await campo('Número do cartão').inputValue()).toBe(numero.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect(await campo('CVV').inputValue()).toBe(CVV);
      expect(await campo('Validade (MM/AA)').inputValue()).toBe(`11/${ano.slice(2)}`);
      // Mercado Pago's test cards decide by the holder's name: APRO is approved.
      await page.getByLabel('Nome do titular').fill('APRO');
      await page.getByLabel('CPF ou CNPJ do titular').fill('52998224725');
    };
    try {
      await acceptCookies(page);
      await h.entrar(page, cliente.email, cliente.senha);
      // A wrong number: the spec's message from the field's validity event, once it is left.
      await h.encherCarrinho(page, h.produtosSimples(demo, 1));
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('tab', { name: 'Pagar online' }).click();
      await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      await campo('Número do cartão').pressSequentially('4111');
      await page.getByLabel('Nome do titular').click();
      await page.getByRole('alert').filter({ hasText: 'Digite um número de 14 à 16 dígitos.' }).waitFor();
      await preencher(NUMERO, 'Cartão de Crédito');
      await page.getByText('Bandeira: Visa').waitFor();
      // The number is in Mercado Pago's frame only: our page cannot read it, and none of its inputs has it.
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('iframe')].map((f) => {
            try {
              return f.contentDocument === null ? 'fechado' : 'aberto';
            } catch {
              return 'fechado';
            }
          }),
        ),
      ).toEqual(['fechado', 'fechado', 'fechado']);
      expect(
        await page.evaluate(() => [...document.querySelectorAll('input')].map((i) => i.value).join('|')),
      ).not.toContain(NUMERO.slice(0, 8));
      // The card form with Mercado Pago at 375 and 1280 px.
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await semViolacoes(page, `cartao-mercadopago-${viewport.width}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
      }

      // Kept at Mercado Pago (its customers and cards) for the next order.
      await page.getByLabel('Salvar cartão').check();
      const tokensAntes = mp.requisicoes.filter((r) => r.url.startsWith('/v1/card_tokens')).length;
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();
      await screenshot(page, 'pagamento-mercadopago-pago');
      // The browser tokenised at Mercado Pago (the fake) with the seller's public key…
      const tokens = mp.requisicoes.filter((r) => r.method === 'POST' && r.url.startsWith('/v1/card_tokens'));
      // (the browser's only: our server makes no card token, that would need the CVV)
      expect(tokens.length).toBe(tokensAntes + 1);
      expect(tokens[tokensAntes]!.credencial).toBe(VENDEDOR.publicKey);
      // The card was kept at Mercado Pago after the payment, with that same token.
      expect(
        mp.requisicoes.some((r) => r.method === 'POST' && /^\/v1\/customers\/[^/]+\/cards$/.test(r.url)),
      ).toBe(true);
      // …and the payment was made on the seller's account, once, approved, in one installment.
      const pago = mp.pagamentos().at(-1)!;
      expect(pago).toMatchObject({ status: 'approved', payment_method_id: 'visa', installments: 1 });
      expect(mp.credencialDoPagamento(String(pago.id))).toBe(VENDEDOR.accessToken);

      // The saved card pays the next order with its CVV, typed into Mercado Pago's CVV field: a
      // one-use token made with the card's id goes in the order (not the saved reference).
      await h.encherCarrinho(page, h.produtosSimples(demo, 1));
      await page.goto('/pagamento');
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('tab', { name: 'Pagar online' }).click();
      await page.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      await page.getByRole('radio', { name: /\*{12}5682/ }).check();
      // Without the CVV: asked for, nothing sent.
      await campo('CVV').waitFor();
      const pedidosAntes = enviados.filter((e) =>
        /^POST \S+\/estabelecimento\/\d+\/pedido\/\n/.test(e),
      ).length;
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Digite o código de segurança de 3 ou 4 dígitos.' })
        .waitFor();
      expect(enviados.filter((e) => /^POST \S+\/estabelecimento\/\d+\/pedido\/\n/.test(e))).toHaveLength(
        pedidosAntes,
      );
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await semViolacoes(page, `cvv-salvo-mercadopago-${viewport.width}`);
      }
      await campo('CVV').pressSequentially(CVV);
      const tokensSalvo = mp.requisicoes.filter(
        (r) => r.method === 'POST' && r.url.startsWith('/v1/card_tokens'),
      ).length;
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor();
      const tokenSalvo = mp.requisicoes.filter(
        (r) => r.method === 'POST' && r.url.startsWith('/v1/card_tokens'),
      );
      expect(tokenSalvo.at(tokensSalvo)?.credencial).toBe(VENDEDOR.publicKey);
      const pedidoSalvo = enviados
        .filter((e) => /^POST \S+\/estabelecimento\/\d+\/pedido\/\n/.test(e))
        .at(-1)!;
      const cartaoSalvo = (
        JSON.parse(pedidoSalvo.slice(pedidoSalvo.indexOf('\n') + 1)) as {
          pagamentos: { cartao: { token: string; salvar: boolean; numero: string } }[];
        }
      ).pagamentos[0]!.cartao;
      expect(cartaoSalvo).toMatchObject({ salvar: false, numero: '************5682' });
      expect(cartaoSalvo.token).not.toMatch(/^c\d+-/);
      // Mercado Pago has that token bound to the saved card, made with a CVV.
      const lido = (await (
        await fetch(`${mp.url}/v1/card_tokens/${cartaoSalvo.token}?public_key=${VENDEDOR.publicKey}`)
      ).json()) as Record<string, unknown>;
      expect(lido).toMatchObject({
        card_id: expect.any(String),
        last_four_digits: '5682',
        security_code_length: 3,
      });
      expect(mp.pagamentos().at(-1)).toMatchObject({
        status: 'approved',
        payer: { type: 'customer' },
        card: { last_four_digits: '5682' },
      });

      // Credit with Mercado Pago's 3DS test card: the bank asks, the same challenge as debit.
      await preencher(CARTAO_3DS, 'Cartão de Crédito', true);
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      await page.getByRole('dialog', { name: 'Autenticação do pagamento com cartão de crédito' }).waitFor();
      const bancoCredito = page.frameLocator('iframe');
      await bancoCredito.getByRole('heading', { name: 'Autenticação do banco' }).waitFor();
      expect(mp.pagamentos().at(-1)).toMatchObject({
        status: 'pending',
        status_detail: 'pending_challenge',
        payment_type_id: 'credit_card',
      });
      await bancoCredito.getByRole('button', { name: 'Aprovar' }).click();
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor({ timeout: 20_000 });
      expect(mp.pagamentos().at(-1)).toMatchObject({ status: 'approved', payment_method_id: 'master' });

      // Debit with Mercado Pago's 3DS test card: the bank's challenge in the order page's frame.
      await preencher(CARTAO_3DS, 'Cartão de Débito');
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      const banco = page.frameLocator('iframe');
      await banco.getByRole('heading', { name: 'Autenticação do banco' }).waitFor();
      await screenshot(page, 'pagamento-mercadopago-desafio-3ds');
      expect(mp.pagamentos().at(-1)).toMatchObject({ status: 'pending', status_detail: 'pending_challenge' });
      await banco.getByRole('button', { name: 'Aprovar' }).click();
      await page.getByText('Aguardando a confirmação do restaurante.').waitFor({ timeout: 20_000 });
      expect(mp.pagamentos().at(-1)).toMatchObject({
        status: 'approved',
        payment_method_id: 'debmaster',
        three_ds_info: expect.any(Object),
      });

      // Our server never saw a number or a CVV, in any URL or body.
      const tudo = enviados.join('\n');
      expect(tudo).toContain('"token"');
      for (const n of [NUMERO, CARTAO_3DS]) {
        expect(tudo).not.toContain(n);
        expect(tudo).not.toContain(n.slice(0, 12));
        expect(app.server.output()).not.toContain(n);
      }
      expect(tudo).not.toContain(`"${CVV}"`);
      expect(app.server.output()).not.toContain(`"${CVV}"`);
      expect(errors).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);

  it("PIX no Mercado Pago: o webhook do provedor e, em até 5 s, 'Pagamento efetuado com sucesso.' na página do pedido", async () => {
    // The owner pastes the seller's credentials and uses the account.
    const painel = await app.open('/painel/login', DESKTOP);
    try {
      const p = painel.page;
      await entrarNoPainel(p);
      await p.goto('/painel/1/pagamentos');
      const form = p.locator('section[aria-labelledby="mercadopago"]');
      await form.getByLabel('Access Token').fill(VENDEDOR.accessToken);
      await form.getByRole('textbox', { name: 'Public Key' }).fill(VENDEDOR.publicKey);
      await form.getByRole('button', { name: 'Salvar e testar' }).click();
      const conta = p.getByRole('article', { name: 'Mercado Pago' });
      await conta.getByText(`configurado ••••${VENDEDOR.accessToken.slice(-4)}`).waitFor();
      // Already the account in use when the card test ran before this one.
      const usar = conta.getByRole('button', { name: 'Usar esta conta' });
      if (await usar.isVisible()) await usar.click();
      await conta.getByText('Ativa', { exact: true }).waitFor();
    } finally {
      await painel.close();
    }

    // A customer pays an order by PIX: the code is Mercado Pago's (the seller's account).
    const { page, close, errors } = await app.open('/login', DESKTOP);
    try {
      await acceptCookies(page);
      const cliente = await h.novoCliente(app, 'PixMp');
      await h.entrar(page, cliente.email, cliente.senha);
      await h.encherCarrinho(page, h.produtosSimples(demo, 2));
      await page.goto('/pagamento');
      await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await page.getByRole('tab', { name: 'Pagar online' }).click();
      await page.getByRole('radio', { name: 'PIX' }).check();
      await page.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      await page
        .getByRole('region', { name: /PIX/ })
        .getByText(/^000201/)
        .waitFor();
      const pagamento = mp.pagamentos().at(-1)!;
      expect(pagamento.payment_method_id).toBe('pix');
      expect(mp.credencialDoPagamento(String(pagamento.id))).toBe(VENDEDOR.accessToken);

      // The bank pays; Mercado Pago posts its signed webhook at once: from then, at most 5 s.
      const enviados = mp.webhooks.length;
      const inicio = performance.now();
      expect(mp.pagarPix(String(pagamento.id))).toBe(true);
      await page.getByText('Pagamento efetuado com sucesso.').waitFor({ timeout: PIX_WEBHOOK_ALVO_MS });
      const ms = Math.round(performance.now() - inicio);
      console.log(`PIX (Mercado Pago): webhook → 'Pagamento efetuado com sucesso.' em ${ms} ms`);
      expect(ms).toBeLessThanOrEqual(PIX_WEBHOOK_ALVO_MS);
      // It was the webhook (signed, accepted), not the reconciler.
      await expect.poll(() => mp.webhooks.slice(enviados).map((w) => w.status)).toContain(200);
      await screenshot(page, 'pagamentos-conta-pix-mp-pago');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
