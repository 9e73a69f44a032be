/**
 * Issue 22 part 2, WhatsApp end to end in Chromium: the owner connects the restaurant's number on
 * 'Notificações' (against the local fake of the Cloud API), a customer chooses WhatsApp for their
 * orders, the panel accepts an order with an estimate, and the fake receives the approved
 * 'rango_pedido_aceito' template from that number with the estimate as its parameter. axe-core on
 * the page without and with a number, at 375 and 1280 px. Then a customer ticks WhatsApp in the
 * checkout's 'Avisos deste pedido' and orders: the fake receives 'rango_pedido_recebido'; the
 * panel changes the accepted order's estimate ('Alterar previsão') and the fake receives
 * 'rango_previsao_alterada' once with the new time; /cliente shows the choice with its time and
 * source. axe on the checkout and on /cliente at 375 and 1280 px.
 */
import { randomBytes } from 'node:crypto';
import { novoNumeroPedido } from '@rango/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODELOS } from '../../apps/server/src/modules/notificacoes/whatsapp/templates.ts';
import { startWhatsAppFake } from '../../apps/server/src/test/fakes/whatsapp.ts';
import type { ContaFake, WhatsAppFake } from '../../apps/server/src/test/fakes/whatsapp.ts';
import { axePara } from './axe.ts';
import { DESKTOP, MOBILE, startApp, type AppHandle } from './harness.ts';
import { card, entrarNoPainel, gavetaPedido } from './painel-helpers.ts';
import { montarPedidoApi } from './pedido-api.ts';
import { loadDemo } from './menu-data.ts';
import { api, encherCarrinho, entrar, idDoPedido, novoCliente, produtosSimples } from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

let app: AppHandle;
let fake: WhatsAppFake;
const conta: ContaFake = {
  phoneNumberId: '106540352242922',
  wabaId: '102290129340398',
  token: `EAAG${randomBytes(30).toString('hex')}`,
  appSecret: randomBytes(16).toString('hex'),
};

async function semViolacoes(page: Page): Promise<void> {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const axe = await axePara(page).analyze();
    expect(
      axe.violations.map(
        (v) =>
          `${viewport.width}px ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
      ),
    ).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

beforeAll(async () => {
  fake = await startWhatsAppFake([conta]);
  for (const m of MODELOS) fake.criarModelo(conta.wabaId, { name: m.nome, corpo: m.corpo });
  app = await startApp({
    env: { LOG_LEVEL: 'info', WHATSAPP_API: 'cloud', WHATSAPP_GRAPH_URL: fake.url },
  });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

describe('WhatsApp do restaurante', () => {
  it('the owner connects the number; an accepted order reaches the customer as the template with the estimate', async () => {
    const aberta = await app.open('/painel/login', DESKTOP);
    const { page } = aberta;
    await entrarNoPainel(page);
    await page.goto('/painel/1/notificacoes');
    await page.getByRole('heading', { level: 1, name: 'Notificações' }).waitFor({ timeout: 30_000 });
    await page.getByText(/Nenhum número de WhatsApp conectado/).waitFor();
    await semViolacoes(page);

    await page.getByRole('textbox', { name: /Phone number ID/ }).fill(conta.phoneNumberId);
    await page.getByRole('textbox', { name: /WhatsApp Business Account ID/ }).fill(conta.wabaId);
    await page.getByLabel(/^Token de acesso/).fill(conta.token);
    await page.getByLabel(/^App Secret/).fill(conta.appSecret);
    await page.getByRole('button', { name: 'Conectar número' }).click();
    await page.getByText('WhatsApp conectado', { exact: true }).waitFor({ timeout: 15_000 });
    // The secrets are never shown back, only their last characters.
    await page.getByText(`Token de acesso: configurado (termina em ${conta.token.slice(-4)})`).waitFor();
    expect(await page.content()).not.toContain(conta.token);
    await page.getByRole('cell', { name: 'rango_pedido_aceito' }).waitFor({ timeout: 15_000 });
    await semViolacoes(page);

    // A customer who chose WhatsApp (the phone of their account), and their order.
    const cliente = await novoCliente(app, 'Whats');
    const escolha = await api(app, '/controle/cliente/notificacoes/', {
      method: 'PUT',
      token: cliente.token,
      body: { canal: 'whatsapp', ativo: true, origem: 'pedido' },
    });
    expect(escolha.status, JSON.stringify(escolha.data)).toBe(200);
    const modelo = await montarPedidoApi(app.baseUrl, cliente.token);
    const r = await api(app, '/api/estabelecimento/1/pedido/', {
      token: cliente.token,
      body: { ...modelo, numero_pedido: novoNumeroPedido() },
    });
    expect(r.status, JSON.stringify(r.data)).toBe(201);
    const id = (r.data as { id: number }).id;

    // The panel accepts it with 45 minutes.
    await page.goto('/painel/1');
    await card(page, id).click({ timeout: 30_000 });
    const gaveta = gavetaPedido(page);
    await gaveta.getByRole('button', { name: /^Aceitar/ }).click();
    const aceitar = page.getByRole('dialog', { name: /^Aceitar pedido #/ });
    await aceitar.getByRole('button', { name: '45 min' }).click();
    await aceitar.getByLabel('Imprimir o cupom').uncheck();
    await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await aceitar.waitFor({ state: 'hidden' });
    const previsto = gaveta.getByText(/^Previsão informada ao cliente:/);
    await previsto.waitFor();
    const hora = /(\d{2}:\d{2})/.exec(await previsto.innerText())?.[1];

    const aceitos = () => fake.mensagens.filter((m) => m.modelo === 'rango_pedido_aceito');
    await expect.poll(() => aceitos().length, { timeout: 20_000 }).toBe(1);
    const m = aceitos()[0]!;
    expect(m).toMatchObject({ phoneNumberId: conta.phoneNumberId, para: '5511987654321', tipo: 'template' });
    expect(m.parametros[2]).toBe(hora);
    expect(m.texto).toContain(`Previsão: ${hora}.`);
    // The order's confirmation went first, once; nothing twice.
    expect(fake.mensagens.filter((x) => x.modelo === 'rango_pedido_recebido')).toHaveLength(1);
    await aberta.close();
  });

  it('WhatsApp chosen at checkout: order received, then the changed estimate once; /cliente shows the choice', async () => {
    const demo = await loadDemo(app.baseUrl);
    const cliente = await novoCliente(app, 'Checkout');
    const aberta = await app.open('/login', DESKTOP);
    const { page } = aberta;
    await acceptCookies(page);
    await entrar(page, cliente.email, cliente.senha);
    await encherCarrinho(page, produtosSimples(demo, 2));
    await page.goto('/pagamento');
    await page.getByRole('heading', { level: 1, name: 'Pagamento' }).waitFor();
    await page.getByRole('radio', { name: 'Receber no estabelecimento.' }).check();
    await page.getByRole('tab', { name: 'Pagar na entrega' }).click();
    const cartao = demo.formas.find((f) => f.sttipopgto !== 0);
    await page.getByRole('radio', { name: cartao!.descricao }).check();
    const avisos = page.getByRole('group', { name: 'Avisos deste pedido' });
    const whats = avisos.getByRole('checkbox', { name: 'WhatsApp' });
    await expect.poll(() => whats.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await whats.isChecked()).toBe(false);
    await whats.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => whats.isChecked(), { timeout: 10_000 }).toBe(true);
    await semViolacoes(page);
    // Ticked, not yet ordered: nothing recorded (the choice goes with the order).
    const escolhas = async () =>
      (
        (await api(app, '/controle/cliente/notificacoes/', { token: cliente.token })).data as {
          canais: { canal: string; ativo: boolean; origem: string }[];
        }
      ).canais;
    expect(await escolhas()).toEqual([]);
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.waitForURL(/\/pedido\/\d+\/?$/, { timeout: 30_000 });
    const id = Number(idDoPedido(page));
    // The order page offers this device's notifications with the reason, never the browser's prompt on load.
    await page.getByRole('heading', { name: 'Quer saber do seu pedido?' }).waitFor({ timeout: 15_000 });
    // Recorded with the order, as chosen at checkout.
    expect(await escolhas()).toMatchObject([{ canal: 'whatsapp', ativo: true, origem: 'checkout' }]);

    // Every customer of this file has the same phone: the order's messages are told by their link
    // (the confirmation) and by the order's reference (the changed estimate).
    const recebidos = () =>
      fake.mensagens.filter(
        (m) => m.modelo === 'rango_pedido_recebido' && m.parametros[5]?.endsWith(`/pedido/${id}`),
      );
    await expect.poll(() => recebidos().length, { timeout: 20_000 }).toBe(1);
    const referencia = recebidos()[0]!.parametros[1]!;
    const previsoes = () =>
      fake.mensagens.filter((m) => m.modelo === 'rango_previsao_alterada' && m.parametros[1] === referencia);

    // The panel accepts with 30 minutes, then changes the estimate from the drawer.
    const painel = await app.open('/painel/login', DESKTOP);
    const pp = painel.page;
    await entrarNoPainel(pp);
    await pp.goto('/painel/1');
    await card(pp, id).click({ timeout: 30_000 });
    const gaveta = gavetaPedido(pp);
    await gaveta.getByRole('button', { name: /^Aceitar/ }).click();
    const aceitar = pp.getByRole('dialog', { name: /^Aceitar pedido #/ });
    await aceitar.getByRole('button', { name: '30 min' }).click();
    await aceitar.getByLabel('Imprimir o cupom').uncheck();
    await aceitar.getByRole('button', { name: 'Aceitar', exact: true }).click();
    await aceitar.waitFor({ state: 'hidden' });
    await gaveta.getByRole('button', { name: 'Alterar previsão' }).click();
    const campo = gaveta.getByLabel('Nova previsão (minutos a partir de agora)');
    await campo.fill('70');
    await gaveta.getByRole('button', { name: 'Salvar e avisar o cliente' }).click();
    const aviso = gaveta.getByText(/^Cliente avisado: nova previsão \d{2}:\d{2}\.$/);
    await aviso.waitFor({ timeout: 15_000 });
    const hora = /(\d{2}:\d{2})/.exec(await aviso.innerText())?.[1];
    await expect.poll(() => previsoes().length, { timeout: 20_000 }).toBe(1);
    const m = previsoes()[0]!;
    expect(m).toMatchObject({ phoneNumberId: conta.phoneNumberId, tipo: 'template' });
    expect(m.texto).toBe(`Sabor da Vila: a previsão do pedido ${referencia} mudou para ${hora}.`);
    await painel.close();

    // /cliente: WhatsApp on, with when and where it was chosen.
    await page.goto('/cliente');
    const escolha = page.getByRole('checkbox', { name: 'Por WhatsApp' });
    await expect.poll(() => escolha.isChecked(), { timeout: 15_000 }).toBe(true);
    await page
      .getByText(/^No celular \(11\) 98765-4321\. Ativado em .*, ao finalizar um pedido\.$/)
      .waitFor();
    await semViolacoes(page);
    // Still once: nothing sent twice.
    expect(previsoes()).toHaveLength(1);
    expect(recebidos()).toHaveLength(1);
    await aberta.close();
  });
});
