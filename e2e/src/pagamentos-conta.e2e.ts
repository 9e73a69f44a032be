/**
 * Payment accounts per establishment end to end (issue 23 part 1), in Chromium against the real
 * server: the demo owner opens 'Pagamentos', saves Cielo credentials (tested against a local fake
 * of Cielo's API that the server reaches through CIELO_API_URL / CIELO_QUERY_URL), sees them back
 * only as "configurado ••••1234", makes the account the one in use, tests it, and switches to the
 * sandbox; then connects Mercado Pago by its login (OAuth against the local fake of Mercado Pago's
 * authorization page and token endpoint) and sees 'Conectado' with the seller's id. axe-core on the
 * page at 375 and 1280 px, the connected account on it.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCieloFake } from '../../apps/server/src/test/fakes/cielo.ts';
import type { CieloFake } from '../../apps/server/src/test/fakes/cielo.ts';
import { startMercadoPagoFake } from '../../apps/server/src/test/fakes/mercadopago.ts';
import type { MercadoPagoFake } from '../../apps/server/src/test/fakes/mercadopago.ts';
import { axePara, type AxeResults } from './axe.ts';
import { type AppHandle, DESKTOP, MOBILE, screenshot, startApp } from './harness.ts';
import { entrarNoPainel } from './painel-helpers.ts';

const LOJISTA = { merchantId: randomUUID(), merchantKey: 'E2EKEYE2EKEYE2EKEYE2EKEYE2EKEYE2EKEY9876' };

let app: AppHandle;
let fake: CieloFake;
let mp: MercadoPagoFake;
/** Mercado Pago's application of this install: its redirect URL is registered once the port is known. */
const OAUTH = {
  clientId: '8880001',
  clientSecret: 'segredo-e2e',
  redirectUris: [] as string[],
  vendedorUserId: '424242',
};

beforeAll(async () => {
  fake = await startCieloFake({
    ...LOJISTA,
    sop: { clientId: randomUUID(), clientSecret: 'sop' },
    mpi: { clientId: randomUUID(), clientSecret: 'mpi' },
  });
  mp = await startMercadoPagoFake({ oauth: OAUTH });
  app = await startApp({
    env: {
      CIELO_API_URL: fake.url,
      CIELO_QUERY_URL: fake.url,
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_AUTH_URL: mp.url,
      MERCADOPAGO_CLIENT_ID: OAUTH.clientId,
      MERCADOPAGO_CLIENT_SECRET: OAUTH.clientSecret,
    },
  });
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
      await p
        .getByRole('navigation', { name: 'Seções do painel' })
        .getByRole('link', { name: 'Pagamentos' })
        .click();
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
      await p.getByText('Mercado Pago conectado (conta 424242).').waitFor();
      const conta = p.getByRole('article', { name: 'Mercado Pago' });
      await conta.getByText('Conectado', { exact: true }).waitFor();
      await conta.getByText(/Conta Mercado Pago 424242/).waitFor();
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
});
