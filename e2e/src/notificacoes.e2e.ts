/**
 * Issue 22, Web Push end to end in Chromium: a customer opts in on the order page ('Quer saber
 * do seu pedido?', the permission granted by the test), the restaurant accepts the order, and the
 * local push service receives the message, encrypted and signed with the server's VAPID key.
 * Headless Chromium cannot reach a real push service, so the page's PushManager hands out a
 * subscription at the local fake (the browser's subscribe is the one part not exercised); the
 * message it received is then delivered to the service worker through DevTools, which shows it.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { novoNumeroPedido } from '@rango/domain';
import { startPushFake } from '../../apps/server/src/modules/notificacoes/push-fake.ts';
import type { PushFake } from '../../apps/server/src/modules/notificacoes/push-fake.ts';
import type { Page } from 'playwright-core';
import { axePara } from './axe.ts';
import { DESKTOP, MOBILE, startApp, type AppHandle } from './harness.ts';
import { montarPedidoApi } from './pedido-api.ts';
import { api, entrar, novoCliente, operador } from './pedidos-helpers.ts';
import { acceptCookies } from './ui.ts';

let app: AppHandle;

/** axe-core with no violation at 375 and 1280 px. */
async function semViolacoes(page: Page): Promise<void> {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const axe = await axePara(page).analyze();
    expect(axe.violations.map((v) => `${viewport.width}px ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.setViewportSize(MOBILE);
}
let fake: PushFake;
let dir: string;

beforeAll(async () => {
  fake = await startPushFake();
  dir = mkdtempSync(join(tmpdir(), 'rango-push-ca-'));
  const ca = join(dir, 'ca.pem');
  writeFileSync(ca, fake.certificadoPem);
  // The server trusts the fake's certificate (web-push posts over HTTPS).
  app = await startApp({ env: { LOG_LEVEL: 'info', NODE_EXTRA_CA_CERTS: ca } });
});

afterAll(async () => {
  await app?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('notificações por push', () => {
  it('the customer opts in on the order page; the acceptance reaches the push service once', async () => {
    const cliente = await novoCliente(app, 'Push');
    const modelo = await montarPedidoApi(app.baseUrl, cliente.token);
    const r = await api(app, '/api/estabelecimento/1/pedido/', {
      token: cliente.token,
      body: { ...modelo, numero_pedido: novoNumeroPedido() },
    });
    expect(r.status, JSON.stringify(r.data)).toBe(201);
    const id = (r.data as { id: number }).id;

    const chave = (await api(app, '/controle/notificacoes/chave-publica/', { method: 'GET' })).data as {
      chave: string;
    };
    fake.exigirChave(chave.chave);
    const assinatura = fake.novaAssinatura();

    const aberta = await app.open('/', undefined, { serviceWorkers: 'allow' });
    const { page, context } = aberta;
    await context.grantPermissions(['notifications']);
    await context.addInitScript((a: typeof assinatura) => {
      const sub = { endpoint: a.endpoint, toJSON: () => a, unsubscribe: async () => true };
      PushManager.prototype.subscribe = async () => sub as unknown as PushSubscription;
      PushManager.prototype.getSubscription = async () => null;
    }, assinatura);
    await acceptCookies(page);
    await entrar(page, cliente.email, cliente.senha);
    await page.goto(`/pedido/${id}`);
    const pergunta = page.getByRole('region', { name: 'Quer saber do seu pedido?' });
    await expect.poll(() => pergunta.isVisible(), { timeout: 15_000 }).toBe(true);
    await semViolacoes(page);
    await pergunta.getByRole('button', { name: 'Ativar notificações' }).click();
    await expect
      .poll(() => pergunta.getByText('Pronto: vamos avisar você por aqui.').isVisible(), { timeout: 15_000 })
      .toBe(true);

    await operador(app, 'pedido-status', String(id), 'confirmar');
    const aceitos = () =>
      fake.recebidas.filter((m) =>
        (JSON.parse(m.corpo) as { titulo: string }).titulo.endsWith('pedido aceito'),
      );
    await expect.poll(() => aceitos().length, { timeout: 20_000 }).toBe(1);
    expect(JSON.parse(aceitos()[0]!.corpo)).toMatchObject({ url: `/pedido/${id}`, tag: `pedido-${id}` });
    expect(fake.recusadas).toEqual([]);

    // The message as the push service would deliver it to this browser's service worker
    // (DevTools' ServiceWorker.deliverPushMessage): the worker shows it as a notification.
    const cdp = await context.newCDPSession(page);
    const registro = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
          const vivo = e.registrations.find((x) => !x.isDeleted);
          if (vivo) resolve(vivo.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: app.baseUrl,
      registrationId: await registro,
      data: aceitos()[0]!.corpo,
    });
    const notificacoes = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          titulo: n.title,
          texto: n.body,
          tag: n.tag,
          url: (n.data as { url?: string } | null)?.url,
        })),
      );
    await expect.poll(notificacoes, { timeout: 10_000 }).toEqual([
      expect.objectContaining({
        titulo: expect.stringMatching(/: pedido aceito$/),
        tag: `pedido-${id}`,
        url: `/pedido/${id}`,
      }),
    ]);

    // /cliente shows the choice made on the order page, revocable there.
    await page.goto('/cliente');
    const push = page.getByRole('checkbox', { name: 'Notificações neste aparelho' });
    await expect.poll(() => push.isChecked(), { timeout: 15_000 }).toBe(true);
    await semViolacoes(page);
    await aberta.close();
  });
});
