import { MSG, token3dsSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { requireCliente, storedSecret } from '../../http/auth.ts';
import { conform } from '../../http/contract.ts';
import { idDaQuery, validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { createSegredos } from '../secrets/service.ts';
import type { Segredos } from '../secrets/service.ts';
import { createCieloGateway } from './cielo/cielo.ts';
import type { CieloOptions } from './cielo/cielo.ts';
import { createContasPainel } from './contas-painel.ts';
import { CAMINHO_RETORNO, createMercadoPagoOAuth } from './mercadopago-oauth.ts';
import { SCRIPT_URL, createMercadoPagoGateway } from './mercadopago/mercadopago.ts';
import { createWebhookVerifier } from './mercadopago/webhook.ts';
import { caminhoDesafio3ds, desafio3dsRoutes } from './mercadopago/desafio.ts';
import type { WebhookVerifier } from './mercadopago/webhook.ts';
import { contasRoutes } from './contas-routes.ts';
import { createGateways } from './contas.ts';
import type { FabricasGateway, Gateways } from './contas.ts';
import type { PedidoPort } from './pedido-port.ts';
import { GatewayIndisponivelError } from './port.ts';
import type { PaymentGateway } from './port.ts';
import { createSandboxGateway } from './sandbox/gateway.ts';
import type { SandboxGateway } from './sandbox/gateway.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { createPayments } from './service.ts';
import type { Payments, PaymentsLog } from './service.ts';

export interface PaymentsStack {
  /** The environment's gateway (establishments with no active account; card tokenisation). */
  gateway: PaymentGateway;
  /** Each establishment's own accounts (issue 23): resolved per order and per payment. */
  gateways: Gateways;
  segredos: Segredos;
  /** Set when the gateway is the embedded sandbox (its bank pages and CLI actions). */
  sandbox: SandboxGateway | null;
  /** The sandbox's signing secret (its 3-D Secure server shares it). */
  sandboxSecret: string;
  payments: Payments;
  /** Mercado Pago's webhook check (the install's application secret); null without MERCADOPAGO_WEBHOOK_SECRET. */
  webhookMercadoPago: WebhookVerifier | null;
}

/** The configured gateway and the payments service on it (the app and the CLI build the same). */
export async function createPaymentsStack(
  config: Config,
  db: Db,
  log: PaymentsLog,
  /** The orders module's side (orders/status.ts `pedidoPort`): payments never imports it. */
  pedidos: PedidoPort,
  /** Tests wrap the gateway (a time-out after the charge, an outage). */
  wrap: (g: PaymentGateway) => PaymentGateway = (g) => g,
  /**
   * `urlPublicaDe(id)`: the origin of establishment `id`'s pages (its own host name, issue 23
   * part 5), on which the bank page's return URL and Mercado Pago's notification_url (under
   * `apiPrefix`, where this module's routes answer) are built. Default: PUBLIC_URL, no notification_url.
   */
  links?: { urlPublicaDe: (idestabelecimento: number) => string; apiPrefix: string },
): Promise<PaymentsStack> {
  const p = config.payments;
  const sandboxSecret = p.sandboxSecret ?? (await storedSecret(db, 'pagamentos_sandbox_secret'));
  let sandbox: SandboxGateway | null = null;
  let gateway: PaymentGateway;
  // Cielo's hosts, its SOP and 3-D Secure clients and the notification secret are the install's;
  // the merchant id and key are the environment's, or an establishment's account's.
  const cielo = (merchantId: string, merchantKey: string): CieloOptions => ({
    merchantId,
    merchantKey,
    apiUrl: p.cielo.apiUrl,
    queryUrl: p.cielo.queryUrl,
    sopUrl: p.cielo.sopUrl,
    mpi: p.cielo.mpi,
    pixProvider: p.cielo.pixProvider,
    ...(p.cielo.sopOAuth ? { sopOAuth: p.cielo.sopOAuth } : {}),
    ...(p.cielo.notificationSecret ? { notificationSecret: p.cielo.notificationSecret } : {}),
  });
  if (p.gateway === 'cielo') {
    gateway = createCieloGateway(cielo(p.cielo.merchantId, p.cielo.merchantKey));
  } else {
    sandbox = createSandboxGateway({ db, secret: sandboxSecret, pix: p.pix });
    gateway = sandbox;
  }
  const sandboxDaConta = sandbox;
  const mp = p.mercadopago ?? {
    apiUrl: 'https://api.mercadopago.com',
    authUrl: 'https://auth.mercadopago.com',
    scriptUrl: SCRIPT_URL,
    clientId: undefined,
    clientSecret: undefined,
    webhookSecret: undefined,
  };
  const webhookVerifier = createWebhookVerifier({ segredo: mp.webhookSecret ?? '' });
  // One factory per provider this server can charge on (contas.ts). Mercado Pago joins when its
  // adapter exists; until then its accounts cannot be saved nor activated. The sandbox only where
  // it runs (never in production: config.ts refuses it there).
  const fabricas: FabricasGateway = {
    cielo: (c) =>
      createCieloGateway(
        cielo(c.segredos.merchant_id?.revelar() ?? '', c.segredos.merchant_key?.revelar() ?? ''),
      ),
    // Mercado Pago (issue 23): the account's own access token and public key (pasted, or by
    // OAuth); the hosts and the webhook secret are the install's. One replay guard per process.
    mercadopago: (c) =>
      createMercadoPagoGateway({
        accessToken: c.segredos.access_token?.revelar() ?? '',
        publicKey: c.segredos.public_key?.revelar() ?? '',
        apiUrl: mp.apiUrl,
        scriptUrl: mp.scriptUrl,
        // With the install's webhook secret, each payment names where its notifications go: the
        // establishment's own host when it has one (the same webhook route answers there).
        ...(mp.webhookSecret ? { webhookSecret: mp.webhookSecret } : {}),
        ...(mp.webhookSecret && links
          ? { notificationUrl: () => notificacaoMp(links, c.idestabelecimento) }
          : {}),
        webhookVerifier,
        urlDesafio3ds: (chave) => caminhoDesafio3ds(sandboxSecret, chave),
      }),
    ...(sandboxDaConta ? { sandbox: () => sandboxDaConta } : {}),
  };
  gateway = wrap(gateway);
  const segredos = createSegredos(db, config);
  const gateways = createGateways({ db, padrao: gateway, segredos, fabricas, wrap });
  const payments = createPayments({
    db,
    gateway,
    gateways,
    pedidos,
    log,
    pixExpiraSegundos: p.pixExpiraSegundos,
    pixRenovarSegundos: p.pixRenovarSegundos,
    publicUrl: config.publicUrl,
    urlPublicaDe: links?.urlPublicaDe,
  });
  return {
    gateway,
    gateways,
    segredos,
    sandbox,
    sandboxSecret,
    payments,
    webhookMercadoPago: mp.webhookSecret ? webhookVerifier : null,
  };
}

/**
 * Mercado Pago's `notification_url` for a payment of establishment `id`: its webhook route on the
 * establishment's own origin. Only an https URL of at most 248 characters (Mercado Pago's
 * documented limits); otherwise none, and the application's webhook URL is used.
 */
export function notificacaoMp(
  links: { urlPublicaDe: (idestabelecimento: number) => string; apiPrefix: string },
  idestabelecimento: number,
): string | undefined {
  const url = `${links.urlPublicaDe(idestabelecimento).replace(/\/$/, '')}${links.apiPrefix}/pagamentos/mercadopago/webhook/`;
  return url.startsWith('https://') && url.length <= 248 ? url : undefined;
}

/** `?estabelecimento=<id>`: the order's establishment (absent: the environment's gateway). */
const estabelecimentoQuery = z.object({ estabelecimento: idDaQuery(MSG.requisicaoMalFormada) });

const CONTRATO_WEBHOOK_MP: Contrato = {
  resumo:
    'Notificação (webhook) do Mercado Pago sobre um pagamento: assinatura x-signature verificada, pagamento relido no Mercado Pago.',
  tag: 'Pagamentos',
  acesso: 'publico',
  respostas: {
    200: R.ok(z.object({ ok: z.boolean() }), 'Recebida (ou repetida, ignorada).'),
    401: R.detalhe('Assinatura ausente ou inválida: nada muda.'),
    404: R.detalhe('Este servidor não recebe webhooks do Mercado Pago.'),
  },
};

const CONTRATO_3DS: Contrato = {
  resumo: 'O token de acesso do script de autenticação 3DS (pagamento com débito).',
  tag: 'Cliente',
  acesso: 'cliente',
  query: estabelecimentoQuery,
  respostas: {
    200: R.ok(token3dsSchema),
    400: R.campos('Parâmetro inválido.'),
    502: R.detalhe('O provedor não respondeu.'),
  },
};

/**
 * Online payments' own routes (issue 5): the 3-D Secure token, the provider's notifications, the
 * sandbox's pages, and the background reconciliation of open payments. Cards are modules/cards;
 * charging happens in order placement (modules/orders).
 */
export function paymentsRoutes({ config, db, stack }: { config: Config; db: Db; stack: PaymentsStack }) {
  const { gateway, payments } = stack;
  return async function (app: FastifyInstance): Promise<void> {
    // Spec section 7: the authentication script's access token (used when a debit method exists).
    app.get('/controle/3ds/token/', { config: { contrato: CONTRATO_3DS } }, async (req, reply) => {
      await requireCliente(req);
      // The order's establishment: its active account authenticates the debit it will charge.
      const { estabelecimento } = validar(estabelecimentoQuery, req.query, {
        texto: MSG.requisicaoMalFormada,
        forma: 'primeiro',
      });
      const g =
        estabelecimento === undefined
          ? gateway
          : (await stack.gateways.doEstabelecimento(estabelecimento)).gateway;
      let token;
      try {
        token = await g.tokenMpi();
      } catch (e) {
        if (!(e instanceof GatewayIndisponivelError)) throw e;
        req.log.warn({ err: e }, 'payment gateway unavailable (3-D Secure token)');
        return reply.code(502).send({ detail: MSG.probleminha });
      }
      return conform(token3dsSchema, token, 'GET /controle/3ds/token/');
    });

    // The provider's notification: only the payment id is read, then asked of the gateway.
    app.post('/pagamentos/notificacao/', async (req, reply) => {
      const ok = await payments.notificacao(req.body, req.headers);
      if (!ok) return reply.code(401).send({ detail: 'Notificação não reconhecida.' });
      return reply.code(200).send({ ok: true });
    });

    // Mercado Pago's webhook (issue 23 part 3): the `x-signature` HMAC over the query's data.id,
    // x-request-id and ts (a replay is ignored); then the payment it names is re-read from the
    // account that took it, and the reconciler's own state change is applied (once). Nothing in the
    // body is trusted: a payment of another seller is not found by that account and changes nothing.
    app.post(
      '/pagamentos/mercadopago/webhook/',
      { config: { contrato: CONTRATO_WEBHOOK_MP } },
      async (req, reply) => {
        const verificador = stack.webhookMercadoPago;
        if (!verificador) return reply.code(404).send({ detail: 'Notificação não reconhecida.' });
        const r = verificador.verificar({
          headers: req.headers,
          body: req.body,
          query: req.query as Record<string, unknown>,
        });
        if (!r.ok) {
          // A replay or another topic (merchant_order, …) is acknowledged and ignored, so Mercado
          // Pago stops retrying it; a bad or missing signature is refused.
          if (r.motivo === 'repetida' || r.motivo === 'nao-e-pagamento')
            return reply.code(200).send({ ok: true });
          req.log.warn({ motivo: r.motivo }, 'webhook do Mercado Pago recusado');
          return reply.code(401).send({ detail: 'Notificação não reconhecida.' });
        }
        await payments.notificacaoMercadoPago(r.paymentId);
        return reply.code(200).send({ ok: true });
      },
    );

    // Mercado Pago's 3-D Secure challenge page, framed by the order's page (issue 23 part 2).
    await app.register(desafio3dsRoutes({ db, gateways: stack.gateways, segredo: stack.sandboxSecret }));

    // The owner's accounts in the back office ('Pagamentos', issue 23 part 1), and 'Conectar
    // Mercado Pago' (OAuth) when the install has a Mercado Pago application.
    const mp = config.payments.mercadopago;
    const app_ =
      mp?.clientId && mp.clientSecret
        ? { clientId: mp.clientId, clientSecret: mp.clientSecret, authUrl: mp.authUrl, apiUrl: mp.apiUrl }
        : null;
    const contas = createContasPainel({
      db,
      segredos: stack.segredos,
      gateways: stack.gateways,
      log: app.log,
      oauthMercadoPago: app_ !== null,
    });
    const oauth = createMercadoPagoOAuth({
      db,
      segredos: stack.segredos,
      gateways: stack.gateways,
      contas,
      log: app.log,
      app: app_,
      redirectUri: `${config.publicUrl.replace(/\/+$/, '')}/api/ead${CAMINHO_RETORNO}`,
    });
    await app.register(contasRoutes(contas, oauth));
    if (app_) {
      // Tokens renewed 30 days before they expire (they last 180), once per hour across instances;
      // each account is claimed by a conditional write before its single-use refresh token is spent.
      app.jobs.define({
        name: 'renovar-mercadopago',
        everyMs: 3_600_000,
        leaseSeconds: 600,
        run: () => oauth.renovarVencendo(),
      });
    }

    if (stack.sandbox) await app.register(sandboxRoutes({ db, stack: { ...stack, sandbox: stack.sandbox } }));

    // Open payments asked about again (card time-outs, PIX expiry, refund retries): a periodic
    // job (modules/jobs), once per period across every instance. Each payment is claimed by its
    // own conditional state change (service.ts), so a run repeated after a crash changes nothing twice.
    const segundos = config.payments.reconciliarSegundos;
    if (segundos > 0) {
      app.jobs.define({
        name: 'conciliar-pagamentos',
        everyMs: segundos * 1000,
        // A run asks the gateway about up to 100 payments (15 s time-out each at worst).
        leaseSeconds: Math.max(120, segundos * 4),
        run: () => payments.reconciliar(),
      });
    }
  };
}
