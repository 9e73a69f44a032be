/**
 * The restaurant's live panel in Chromium against the real server (issue 11), with two browser
 * contexts: the panel at 1280 px and the customer at 375 px. A delivery order paid in cash
 * reaches the panel within a second of its POST's answer and is taken through every step, each
 * reaching the customer's tracking page without a reload; a card payment refunded on a
 * cancellation with a reason; 'Em falta' seen by a fresh menu load; the panel's stream cut and
 * restored with no order missed or shown twice; the queue driven by the keyboard alone; the
 * store paused and opened again.
 */
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, DESKTOP, MOBILE, type OpenedPage, screenshot, startApp } from './harness.ts';
import { type DemoData, loadDemo, pickSimpleProducts } from './menu-data.ts';
import {
  card,
  cardFocado,
  entrarNoPainel,
  filaConectada,
  gavetaPedido,
  indicadorConexao,
  opcaoFecharLoja,
  pedidoNaApi,
  statusNaGaveta,
} from './painel-helpers.ts';
import * as h from './pedidos-helpers.ts';
import { acceptCookies, productCard } from './ui.ts';

let app: AppHandle;
let demo: DemoData;

beforeAll(async () => {
  // Info logs carry the outbox's confirmation links; the simulator is off (only the panel moves orders).
  app = await startApp({ env: { LOG_LEVEL: 'info' } });
  demo = await loadDemo(app.baseUrl);
});

afterAll(async () => {
  await app?.stop();
});

/** How long a change may take to reach the other context: well under the 15 s polling. */
const AO_VIVO_MS = 8000;

/** The panel, signed in as the demo owner, on the queue of establishment 1 (1280 px). */
async function abrirPainel(): Promise<OpenedPage> {
  const aberto = await app.open('/painel/login', DESKTOP);
  await entrarNoPainel(aberto.page);
  return aberto;
}

/**
 * Marks the page so a reload or navigation would be seen: a window flag (gone after a reload)
 * and a count of the main frame's navigations from now on.
 */
async function vigiarRecarga(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    (window as unknown as { __semRecarga: boolean }).__semRecarga = true;
  });
  const url = page.url();
  let navegacoes = 0;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navegacoes++;
  });
  return async () => {
    expect(navegacoes, 'a página navegou').toBe(0);
    expect(page.url()).toBe(url);
    expect(
      await page.evaluate(() => (window as unknown as { __semRecarga?: boolean }).__semRecarga === true),
      'a página recarregou',
    ).toBe(true);
  };
}

/** Records, in the panel's page, when each order's card first entered the DOM (epoch ms). */
async function cronometrarCards(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __chegada: Record<string, number> };
    w.__chegada = {};
    const marcar = () => {
      const agora = Date.now();
      for (const el of document.querySelectorAll<HTMLElement>('[data-pedido]')) {
        const id = el.dataset.pedido;
        if (id && w.__chegada[id] === undefined) w.__chegada[id] = agora;
      }
    };
    marcar();
    new MutationObserver(marcar).observe(document.body, { childList: true, subtree: true });
  });
}

const chegadaDoCard = (page: Page, id: number) =>
  page.evaluate(
    (i) => (window as unknown as { __chegada: Record<string, number> }).__chegada[String(i)] ?? Number.NaN,
    id,
  );

const ehPostDoPedido = (r: Response) =>
  r.request().method() === 'POST' && /\/estabelecimento\/\d+\/pedido\/?$/.test(new URL(r.url()).pathname);

/** When the browser had the answer's headers (epoch ms), else now. */
function quandoRespondeu(r: Response): number {
  const t = r.request().timing();
  return t.startTime > 0 && t.responseStart >= 0 ? t.startTime + t.responseStart : Date.now();
}

/** The customer's tracking page: its live status message. */
function mensagem(page: Page, texto: string) {
  return page.getByRole('status').filter({ hasText: texto });
}

/** The customer's tracking page: the status tag beside the 'Andamento' heading. */
async function tagDoPedido(page: Page): Promise<string> {
  const grupo = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Andamento' }) })
    .last();
  // textContent: the tag is shown in capitals (CSS), its text is not.
  return ((await grupo.textContent()) ?? '').replace('Andamento', '').trim();
}

describe('painel ao vivo', () => {
  it('pedido do cliente aparece no painel em até 1 s; aceito com previsão; Pronto, Saiu, Entregue chegam ao cliente sem recarregar', async () => {
    const cliente = await h.novoCliente(app, 'Vivian');
    await h.novoEndereco(app, cliente.token, '01414-001', 'Rua Haddock Lobo', 'Cerqueira César');
    const produtos = h.produtosSimples(demo, 2);
    const painel = await abrirPainel();
    const cli = await app.open('/login', MOBILE);
    const { page } = painel;
    try {
      // The sound needs one click: the banner says so, the click unlocks it.
      const som = page.getByRole('button', { name: 'Clique para ativar o som dos novos pedidos' });
      if (await som.isVisible()) {
        await som.click();
        await som.waitFor({ state: 'hidden' });
      }
      await screenshot(page, 'painel-fila-antes');

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

      await cronometrarCards(page);
      const [resposta] = await Promise.all([
        c.waitForResponse(ehPostDoPedido, { timeout: 30_000 }),
        c.getByRole('button', { name: 'Finalizar' }).click(),
      ]);
      expect(resposta.status()).toBe(201);
      const respondeu = quandoRespondeu(resposta);
      const { id } = (await resposta.json()) as { id: number };
      const novo = card(page, id);
      await novo.waitFor({ timeout: 10_000 });
      const chegada = await chegadaDoCard(page, id);
      const latencia = chegada - respondeu;
      console.log(`[painel] pedido ${id}: resposta do POST → card no painel em ${Math.round(latencia)} ms`);
      // Within a second on an idle machine; 2 s tolerates a loaded CI runner.
      expect(latencia).toBeLessThanOrEqual(2000);

      // The card: ringing ('Novo'), in 'Novos', with the change to bring; the tab's count.
      await novo.getByText('Novo', { exact: true }).waitFor();
      await page
        .getByRole('region', { name: 'Novos', exact: true })
        .locator(`[data-pedido="${id}"]`)
        .waitFor();
      expect(await novo.innerText()).toMatch(/Entrega/);
      expect(await novo.innerText()).toMatch(/Troco para R\$\s*500,00/);
      await expect.poll(() => page.title()).toMatch(/^\(\d+\) Novos? pedidos? · Rango$/);
      await page.getByText(/\d+ pedidos? novos? aguardando/).waitFor();
      await screenshot(page, 'painel-novo-pedido');

      await c.waitForURL(/\/pedido\/\d+\/?$/);
      expect(h.idDoPedido(c)).toBe(String(id));
      await mensagem(c, 'Aguardando a confirmação do restaurante.').waitFor();
      const semRecarga = await vigiarRecarga(c);

      // The attendant opens it: items, change to bring, phone, address.
      await novo.click();
      const gaveta = gavetaPedido(page);
      await gaveta.waitFor();
      for (const p of produtos)
        await gaveta.getByText(new RegExp(`^1× ${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)).waitFor();
      await gaveta.getByText(/^Troco para R\$\s*500,00 \(levar R\$\s*[\d.,]+\)$/).waitFor();
      await gaveta.getByRole('link', { name: '(11) 98765-4321' }).waitFor();
      await gaveta.getByText(/Rua Haddock Lobo, 100/).waitFor();
      // Opening it acknowledged it: no longer ringing.
      await novo.getByText('Novo', { exact: true }).waitFor({ state: 'detached' });
      await screenshot(page, 'painel-pedido-aberto');

      // Accept with 45 minutes; the receipt is not printed here (no printer in CI).
      await gaveta.getByRole('button', { name: /^Aceitar/ }).click();
      const aceitar = page.getByRole('dialog', { name: /^Aceitar pedido #/ });
      await aceitar.getByRole('button', { name: '45 min' }).click();
      await aceitar.getByLabel('Imprimir o cupom').uncheck();
      await screenshot(page, 'painel-aceitar');
      const aceito = Date.now();
      await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).click();
      await aceitar.waitFor({ state: 'hidden' });
      const previsto = gaveta.getByText(/^Previsão informada ao cliente:/);
      await previsto.waitFor();
      const hora = /(\d{2}:\d{2})/.exec(await previsto.innerText())?.[1];
      expect(hora).toBeTruthy();
      expect(await statusNaGaveta(page)).toBe('Aceito');

      // The customer's page: Confirmado, the preparing message and that time, without a reload.
      await mensagem(c, 'O restaurante está preparando o seu pedido.').waitFor({ timeout: AO_VIVO_MS });
      console.log(`[painel] aceito → página do cliente em ${Date.now() - aceito} ms`);
      await expect.poll(() => tagDoPedido(c), { timeout: AO_VIVO_MS }).toBe('Confirmado');
      await expect
        .poll(() => c.getByText(/^Previsão de entrega:/).innerText(), { timeout: AO_VIVO_MS })
        .toContain(hora!);
      await semRecarga();
      await screenshot(c, 'painel-cliente-confirmado');

      // Pronto, Saiu para entrega, Entregue (→ Concluído): each reaches the customer.
      // Panel button, the drawer's status after it, the customer's message and tag.
      const passos: [RegExp, string, string, string][] = [
        [/^Pronto/, 'Pronto', 'Seu pedido está pronto e logo será entregue.', 'Pronto'],
        [/^Saiu para entrega/, 'Saiu para entrega', 'Aproveite o seu pedido!', 'Entregue'],
        [/^Entregue/, 'Concluído', 'Aproveite o seu pedido!', 'Concluído'],
      ];
      for (const [botao, status, texto, tag] of passos) {
        const t0 = Date.now();
        await gaveta.getByRole('button', { name: botao }).click();
        await expect.poll(() => statusNaGaveta(page)).toBe(status);
        await mensagem(c, texto).waitFor({ timeout: AO_VIVO_MS });
        await expect.poll(() => tagDoPedido(c), { timeout: AO_VIVO_MS }).toBe(tag);
        console.log(`[painel] ${status} → página do cliente em ${Date.now() - t0} ms`);
      }
      await semRecarga();
      await screenshot(c, 'painel-cliente-concluido');

      await page.keyboard.press('Escape');
      await gaveta.waitFor({ state: 'hidden' });
      expect(painel.errors).toEqual([]);
      expect(await painel.cspViolations()).toEqual([]);
    } finally {
      await cli.close();
      await painel.close();
    }
  }, 180_000);
  it('cancelar com motivo um pedido pago com cartão: o painel mostra o estorno, o cliente vê o valor estornado sem recarregar', async () => {
    const cliente = await h.novoCliente(app, 'Renata');
    const painel = await abrirPainel();
    const cli = await app.open('/login', MOBILE);
    const { page } = painel;
    try {
      const c = cli.page;
      await acceptCookies(c);
      await h.entrar(c, cliente.email, cliente.senha);
      await h.encherCarrinho(c, h.produtosSimples(demo, 2));
      await c.goto('/pagamento');
      await c.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
      await c.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
      await c.getByRole('tab', { name: 'Pagar online' }).click();
      await c.getByRole('radio', { name: 'Cartão de Crédito' }).check();
      // Cielo's sandbox: a number ending in 1 is approved.
      await c.getByLabel('Número do cartão').fill('4111111111111111');
      await c.getByLabel('Mês').selectOption('12');
      await c.getByLabel('Ano').selectOption(String(new Date().getFullYear() + 2));
      await c.getByLabel('CVV').fill('123');
      await c.getByLabel('Nome do titular').fill('RENATA TESTE');
      await c.getByLabel('CPF ou CNPJ do titular').fill('52998224725');
      await c.getByRole('button', { name: 'Finalizar', exact: true }).click();
      await c.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
      const id = h.idDoPedido(c);
      await mensagem(c, 'Aguardando a confirmação do restaurante.').waitFor();
      const semRecarga = await vigiarRecarga(c);

      // The panel: paid online, in 'Novos'.
      const novo = card(page, id);
      await novo.waitFor({ timeout: AO_VIVO_MS });
      expect(await novo.innerText()).toMatch(/Pago online · Cartão de Crédito/);
      const total = /R\$\s*[\d.]+,\d{2}/.exec(await novo.innerText())?.[0];
      expect(total).toBeTruthy();
      await novo.click();
      const gaveta = gavetaPedido(page);
      await gaveta.getByRole('button', { name: /^Cancelar/ }).click();
      const cancelar = page.getByRole('dialog', { name: /^Cancelar pedido #/ });
      await cancelar
        .getByText(/^Pago online: o valor de R\$\s*[\d.,]+ será estornado ao cliente\.$/)
        .waitFor();
      // A reason is required: the field says so, nothing changes.
      await cancelar.getByRole('button', { name: 'Cancelar pedido' }).click();
      await cancelar.getByText('Informe o motivo do cancelamento.').waitFor();
      await screenshot(page, 'painel-cancelar-sem-motivo');
      await cancelar.getByLabel(/^Motivo do cancelamento/).fill('Acabou o gás da cozinha.');
      await cancelar.getByRole('button', { name: 'Cancelar pedido' }).click();
      await cancelar.getByText(/^Pedido #\S+ cancelado\.$/).waitFor({ timeout: 30_000 });
      const estorno = cancelar.getByRole('alert').or(cancelar.getByText('Estorno realizado'));
      await cancelar.getByText('Estorno realizado').waitFor();
      expect((await estorno.first().innerText()).replace(/\s+/g, ' ')).toMatch(
        /volta para o cliente pela mesma forma de pagamento/,
      );
      await screenshot(page, 'painel-cancelado-estorno');
      await cancelar.getByRole('button', { name: 'Fechar' }).filter({ hasText: 'Fechar' }).click();
      await cancelar.waitFor({ state: 'hidden' });
      await expect.poll(() => statusNaGaveta(page)).toBe('Cancelado');

      // The customer: cancelled, the reason and the refunded amount, without a reload.
      await c
        .getByText(`O valor pago (${total!.replace(/\s+/g, '\u00a0')}) foi estornado.`)
        .or(c.getByText(`O valor pago (${total}) foi estornado.`))
        .first()
        .waitFor({ timeout: AO_VIVO_MS });
      await expect.poll(() => tagDoPedido(c), { timeout: AO_VIVO_MS }).toBe('Cancelado');
      await c
        .getByText(/Acabou o gás da cozinha\./)
        .first()
        .waitFor();
      await semRecarga();
      await screenshot(c, 'painel-cliente-estornado');
    } finally {
      await cli.close();
      await painel.close();
    }
  }, 180_000);

  it("'Em falta' num toque: um carregamento novo do cardápio mostra o produto indisponível; de volta, disponível", async () => {
    // The cheapest of the simple products: never in the other journeys' carts.
    const produto = pickSimpleProducts(demo, 6).sort((a, b) => a.preco - b.preco)[0];
    if (!produto) throw new Error('sem produto simples');
    const nome = produto.descricao;
    const painel = await abrirPainel();
    const { page } = painel;
    // An option may share the product's name: the product's row, under 'Produtos'.
    const produtos = page.getByRole('region', { name: 'Produtos' });
    const cardapio = async () => {
      const visita = await app.open('/estabelecimento/1', MOBILE);
      await productCard(visita.page, nome).waitFor({ timeout: 30_000 });
      return visita;
    };
    try {
      await page
        .getByRole('navigation', { name: 'Seções do painel' })
        .getByRole('link', { name: 'Em falta' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Em falta' }).waitFor();
      // The seed has an option out of stock already: the count goes up by one.
      const contagem = page.getByRole('status').filter({ hasText: /em falta/ });
      const quantos = async () => {
        const t = (await contagem.textContent()) ?? '';
        return t.startsWith('Nada') ? 0 : Number(/^(\d+)/.exec(t)?.[1] ?? Number.NaN);
      };
      await contagem.waitFor();
      const antes = await quantos();
      await page.getByLabel('Buscar produto ou opção').fill(nome);
      await produtos.getByRole('button', { name: `Marcar em falta: ${nome}`, exact: true }).click();
      await produtos.getByRole('button', { name: `Marcar disponível: ${nome}`, exact: true }).waitFor();
      await expect.poll(quantos).toBe(antes + 1);
      await screenshot(page, 'painel-em-falta');

      const fora = await cardapio();
      try {
        const link = fora.page.getByRole('link').filter({ hasText: nome }).first();
        await expect.poll(() => link.innerText()).toContain('INDISPONÍVEL');
        // Not orderable: its drawer's button says so and is disabled.
        await link.click();
        const botao = fora.page.getByRole('button', { name: /^Indisponível/ });
        await botao.waitFor();
        expect(await botao.getAttribute('aria-disabled')).toBe('true');
        await screenshot(fora.page, 'painel-cardapio-indisponivel');
      } finally {
        await fora.close();
      }
    } finally {
      // Back on the menu, whatever happened above.
      const voltar = produtos.getByRole('button', { name: `Marcar disponível: ${nome}`, exact: true });
      if (await voltar.isVisible()) await voltar.click();
      await produtos.getByRole('button', { name: `Marcar em falta: ${nome}`, exact: true }).waitFor();
      await painel.close();
    }
    const dentro = await cardapio();
    try {
      const link = dentro.page.getByRole('link').filter({ hasText: nome }).first();
      expect(await link.innerText()).not.toContain('INDISPONÍVEL');
    } finally {
      await dentro.close();
    }
  }, 120_000);

  it('conexão cortada e restaurada: os pedidos feitos no meio aparecem, cada um uma vez só', async () => {
    const cliente = await h.novoCliente(app, 'Otavio');
    const painel = await abrirPainel();
    const { page, context } = painel;
    /** Every card's order id on the page, duplicates included. */
    const ids = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-pedido]')].map((e) => e.dataset.pedido ?? ''),
      );
    const semDuplicados = async () => {
      const todos = await ids();
      expect(todos.length, `cards repetidos: ${todos.join(',')}`).toBe(new Set(todos).size);
    };
    try {
      await context.setOffline(true);
      await expect.poll(() => indicadorConexao(page).innerText()).toMatch(/^(Sem conexão|Reconectando…)/);
      await screenshot(page, 'painel-sem-conexao');
      const a = await pedidoNaApi(app, demo, cliente, 'Otavio Offline A');
      const b = await pedidoNaApi(app, demo, cliente, 'Otavio Offline B');
      expect(await card(page, a).count()).toBe(0);

      await context.setOffline(false);
      await filaConectada(page);
      for (const id of [a, b]) {
        await card(page, id).waitFor({ timeout: 20_000 });
        await expect.poll(() => card(page, id).count()).toBe(1);
      }
      await semDuplicados();

      // Another cycle, an order during it: still each order once.
      await context.setOffline(true);
      await expect.poll(() => indicadorConexao(page).innerText()).toMatch(/^(Sem conexão|Reconectando…)/);
      const c = await pedidoNaApi(app, demo, cliente, 'Otavio Offline C');
      await context.setOffline(false);
      await filaConectada(page);
      await card(page, c).waitFor({ timeout: 20_000 });
      // The replay and the list read after reconnecting both bring these: one card each.
      for (const id of [a, b, c]) await expect.poll(() => card(page, id).count()).toBe(1);
      await semDuplicados();
      // Still once a while later (a late replay or poll would add a second).
      const d = await pedidoNaApi(app, demo, cliente, 'Otavio Online D');
      await card(page, d).waitFor({ timeout: AO_VIVO_MS });
      for (const id of [a, b, c, d]) expect(await card(page, id).count()).toBe(1);
      await semDuplicados();
      await screenshot(page, 'painel-reconectado');
    } finally {
      await context.setOffline(false);
      await painel.close();
    }
  }, 120_000);

  it('a fila só pelo teclado: ir ao card, Enter abre, aceitar com previsão, Esc fecha e devolve o foco, P marca pronto', async () => {
    const cliente = await h.novoCliente(app, 'Telma');
    const painel = await abrirPainel();
    const { page } = painel;
    try {
      const id = String(await pedidoNaApi(app, demo, cliente, 'Telma Teclado'));
      await card(page, id).waitFor({ timeout: AO_VIVO_MS });

      // '?' lists the shortcuts; Escape closes the list.
      await page.keyboard.press('?');
      const atalhos = page.getByRole('dialog', { name: 'Atalhos do teclado' });
      await atalhos.getByRole('cell', { name: 'Abrir o pedido' }).waitFor();
      await page.keyboard.press('Escape');
      await atalhos.waitFor({ state: 'hidden' });

      // '1' goes to 'Novos' (its first card), 'j' to the next until this order's card.
      await page.keyboard.press('1');
      await expect.poll(() => cardFocado(page)).not.toBeNull();
      for (let i = 0; i < 30 && (await cardFocado(page)) !== id; i++) await page.keyboard.press('j');
      expect(await cardFocado(page)).toBe(id);

      // Enter opens it; 'a' asks for the estimate, focused: type it, Enter accepts.
      await page.keyboard.press('Enter');
      const gaveta = gavetaPedido(page);
      await gaveta.waitFor();
      await gaveta
        .getByText(/Telma Teclado/)
        .first()
        .waitFor();
      await page.keyboard.press('a');
      const aceitar = page.getByRole('dialog', { name: /^Aceitar pedido #/ });
      const campo = aceitar.getByLabel(/^Tempo até ficar pronto/);
      await expect.poll(() => campo.evaluate((e) => e === document.activeElement)).toBe(true);
      await page.keyboard.type('25');
      expect(await campo.inputValue()).toBe('25');
      // Tab to the print box and turn it off with Space (no printer here), Tab to 'Aceitar', Enter.
      const focado = () =>
        page.evaluate(() => {
          const e = document.activeElement as HTMLElement | null;
          return e ? `${e.tagName}:${e.getAttribute('type') ?? ''}:${(e.textContent ?? '').trim()}` : '';
        });
      for (let i = 0; i < 15 && !(await focado()).startsWith('INPUT:checkbox'); i++)
        await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await aceitar.getByLabel('Imprimir o cupom').isChecked()).toBe(false);
      for (let i = 0; i < 5 && (await focado()) !== 'BUTTON:submit:Aceitar'; i++)
        await page.keyboard.press('Tab');
      expect(await focado()).toBe('BUTTON:submit:Aceitar');
      await page.keyboard.press('Enter');
      await aceitar.waitFor({ state: 'hidden' });
      await expect.poll(() => statusNaGaveta(page)).toBe('Aceito');
      await gaveta.getByText(/^Previsão informada ao cliente:/).waitFor();

      // Escape closes the drawer; the focus is back on the card (now in 'Em preparo').
      await page.keyboard.press('Escape');
      await gaveta.waitFor({ state: 'hidden' });
      await expect.poll(() => cardFocado(page)).toBe(id);
      await page
        .getByRole('region', { name: 'Em preparo', exact: true })
        .locator(`[data-pedido="${id}"]`)
        .waitFor();

      // Enter again, 'p': Pronto.
      await page.keyboard.press('Enter');
      await gaveta.waitFor();
      await page.keyboard.press('p');
      await expect.poll(() => statusNaGaveta(page)).toBe('Pronto');
      await page.keyboard.press('Escape');
      await gaveta.waitFor({ state: 'hidden' });
      await expect.poll(() => cardFocado(page)).toBe(id);
      await page
        .getByRole('region', { name: 'Prontos', exact: true })
        .locator(`[data-pedido="${id}"]`)
        .waitFor();

      // And 'c' concludes the pickup.
      await page.keyboard.press('Enter');
      await gaveta.waitFor();
      await page.keyboard.press('c');
      await expect.poll(() => statusNaGaveta(page)).toBe('Concluído');
      await page.keyboard.press('Escape');
      await gaveta.waitFor({ state: 'hidden' });
      await screenshot(page, 'painel-teclado');
    } finally {
      await painel.close();
    }
  }, 120_000);

  it("'Fechar loja agora': um carregamento novo do cardápio mostra FECHADO; 'Abrir loja' abre de novo", async () => {
    const painel = await abrirPainel();
    const { page } = painel;
    const fechadoNoCardapio = async (): Promise<boolean> => {
      const visita = await app.open('/estabelecimento/1', MOBILE);
      try {
        await visita.page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
        await visita.page.locator('[data-produto]').first().waitFor();
        const fechado = await visita.page.getByText('FECHADO', { exact: true }).isVisible();
        if (fechado) await screenshot(visita.page, 'painel-cardapio-fechado');
        return fechado;
      } finally {
        await visita.close();
      }
    };
    try {
      const estado = page.getByRole('status').filter({ hasText: /^Loja (aberta|fechada)/ });
      expect(await estado.textContent()).toBe('Loja aberta');
      await page.getByRole('button', { name: 'Fechar loja agora' }).click();
      await opcaoFecharLoja(page, 'Até eu abrir de novo').click();
      await expect.poll(() => estado.textContent()).toBe('Loja fechada');
      await page.getByRole('button', { name: 'Abrir loja' }).waitFor();
      await screenshot(page, 'painel-loja-fechada');
      expect(await fechadoNoCardapio()).toBe(true);

      await page.getByRole('button', { name: 'Abrir loja' }).click();
      await expect.poll(() => estado.textContent()).toBe('Loja aberta');
      expect(await fechadoNoCardapio()).toBe(false);
    } finally {
      const abrir = page.getByRole('button', { name: 'Abrir loja' });
      if (await abrir.isVisible()) await abrir.click();
      await painel.close();
    }
  }, 120_000);
});
