import type { Agent as HttpsAgent } from 'node:https';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { MSG } from '@rango/domain';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { dbOptions } from './config.ts';
import type { Config, TrustProxy } from './config.ts';
import type { Mailer } from './adapters/mail/index.ts';
import { createCepLookup } from './adapters/cep/index.ts';
import { createGeocoder } from './adapters/geocoder/index.ts';
import { createDb, pingDb } from './db/index.ts';
import type { Db } from './db/index.ts';
import { createAccessTokens } from './http/auth.ts';
import { createBackgroundTasks } from './http/background.ts';
import type { BackgroundTasks } from './http/background.ts';
import { docsRoutes } from './http/docs.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerLifecycle } from './http/lifecycle.ts';
import { menuRapido, registerMetrics } from './http/metrics.ts';
import { coletarContratos } from './http/openapi.ts';
import type { RotaRegistrada } from './http/openapi.ts';
import { createRateLimiter } from './http/rate-limit.ts';
import { genReqId, registerRequestId } from './http/request-id.ts';
import { cabecalhosDeSeguranca, helmetOptions } from './http/security.ts';
import { createSpaShell, isPainelAsset, isPainelPath, PAINEL_DIR, readPainelHtml } from './http/spa.ts';
import { avaliacoesRoutes } from './modules/avaliacoes/routes.ts';
import { createAvaliacoesService } from './modules/avaliacoes/service.ts';
import { cardsRoutes } from './modules/cards/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { cupomPainelRoutes } from './modules/coupons/painel-routes.ts';
import { createCupomPainelService } from './modules/coupons/painel.ts';
import { couponsRoutes } from './modules/coupons/routes.ts';
import { createCouponsService } from './modules/coupons/service.ts';
import { accountsRoutes } from './modules/customers/plugin.ts';
import { createDominiosService } from './modules/establishments/dominio.ts';
import { dominioPainelRoutes, rotasPorHost, tlsAskRoutes } from './modules/establishments/dominio-routes.ts';
import { createEstabelecimentoPainelService } from './modules/establishments/painel.ts';
import { estabelecimentoPainelRoutes } from './modules/establishments/painel-routes.ts';
import { establishmentsRoutes } from './modules/establishments/routes.ts';
import {
  marcaClienteRoutes,
  marcaPainelRoutes,
  marcaPublicRoutes,
} from './modules/establishments/marca-routes.ts';
import { caminhoDoShell, shellComMarca } from './modules/establishments/marca-shell.ts';
import { eventsRoutes, instalarEventos } from './modules/events/plugin.ts';
import { ifoodRoutes, instalarIfood } from './modules/ifood/plugin.ts';
import type { IfoodOpcoes } from './modules/ifood/plugin.ts';
import { installJobs } from './modules/jobs/plugin.ts';
import { createEstablishmentsService } from './modules/establishments/service.ts';
import { addressesRoutes } from './modules/addresses/routes.ts';
import { createAddressesService } from './modules/addresses/service.ts';
import { createLocalStorage } from './modules/menu/images.ts';
import { imagensMarca } from './modules/menu/imagens-marca.ts';
import { createCardapioPainelService } from './modules/menu/painel.ts';
import { aceitarArquivos, cardapioPainelRoutes } from './modules/menu/painel-routes.ts';
import { createMenuResponder, menuRoutes } from './modules/menu/routes.ts';
import { createS3Storage } from './modules/menu/s3.ts';
import { createMenuService } from './modules/menu/service.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { operatorRoutes } from './modules/operator/plugin.ts';
import { ordersRoutes } from './modules/orders/plugin.ts';
import { pedidoPort } from './modules/orders/status.ts';
import { panelPlugin } from './modules/panel/plugin.ts';
import { escolhaDoCheckout } from './modules/notificacoes/checkout.ts';
import { notificacoesPlugin, whatsappSender } from './modules/notificacoes/plugin.ts';
import { whatsappWebhookRoutes } from './modules/notificacoes/whatsapp-routes.ts';
import { createWhatsApp } from './modules/notificacoes/whatsapp/service.ts';
import type { WhatsAppSender } from './modules/notificacoes/whatsapp/sender.ts';
import { reportsPlugin } from './modules/reports/plugin.ts';
import { createStaffTokens } from './modules/staff/tokens.ts';
import { createPaymentsStack, paymentsRoutes } from './modules/payments/plugin.ts';
import { createSegredos } from './modules/secrets/service.ts';
import { instalarWebhooks, webhooksRoutes } from './modules/webhooks/plugin.ts';
import { OD_PREFIX, openDeliveryPainelRoutes, openDeliveryRoutes } from './modules/opendelivery/routes.ts';
import { createOpenDelivery } from './modules/opendelivery/service.ts';
import type { OpenDeliveryDeps } from './modules/opendelivery/service.ts';
import type { WebhooksOpcoes } from './modules/webhooks/plugin.ts';
import type { Segredos } from './modules/secrets/service.ts';
import type { PaymentGateway } from './modules/payments/port.ts';

export const API_PREFIX = '/api/ead';

export interface AppDeps {
  /** An open database; when omitted the app opens config.databaseUrl and closes it on app.close(). */
  db?: Db;
  /** The mail adapter; when omitted, SMTP if config.smtpUrl is set, else the outbox. */
  mailer?: Mailer;
  /** Tests: wraps the configured payment gateway (time-outs, outages). */
  wrapGateway?: (g: PaymentGateway) => PaymentGateway;
  /** Tests: where the log lines go instead of stdout (to search them for personal data). */
  logStream?: { write(line: string): void };
  /** Tests: the job queue's lease check interval, in s (modules/jobs; default 10). */
  jobsMaintenanceSeconds?: number;
  /** Tests: the ratings' clock (their 7-day editing window and 90-day average). */
  relogioAvaliacoes?: () => Date;
  /** Tests: the webhooks' clock, HTTP port and resolver, and whether their job runs. */
  webhooks?: WebhooksOpcoes;
  /** Tests: Open Delivery's clock. */
  opendelivery?: Pick<OpenDeliveryDeps, 'agora'>;
  /** Tests: the HTTPS agent that trusts the local push-service fake (modules/notificacoes). */
  pushAgent?: HttpsAgent;
  /** Tests: false leaves the notifications' job undefined (the test runs the outbox on its own clock). */
  notificacoesJob?: boolean;
  /** Tests: the WhatsApp port (default: from config.whatsapp, the Cloud API or the log). */
  whatsapp?: WhatsAppSender;
  /** Tests: iFood's address (the local fake), the clock, whether its jobs run (modules/ifood). */
  ifood?: IfoodOpcoes;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Work done after the answer (see http/background.ts); tests await `idle()`. */
    backgroundTasks: BackgroundTasks;
    /** Every route Fastify registered, with its contract (http/openapi.ts; the docs' test reads it). */
    contratos: readonly RotaRegistrada[];
    /** The restaurants' credentials, encrypted at rest (modules/secrets/service.ts). */
    segredos: Segredos;
  }
}

/**
 * TRUST_PROXY as Fastify's option. Fastify 5 fails closed on a numeric hop count (it trusts
 * nothing), so a count becomes the equivalent function: the nearest `hops` addresses (the socket
 * peer first) are proxies. That trusts the peer without checking it: the server must be
 * reachable only through the balancer, else a direct client can forge X-Forwarded-For. A list
 * of the balancers' addresses / CIDRs checks them.
 */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Builds the Fastify app (tests call app.inject on it; main.ts listens). */
export function buildApp(config: Config, deps: AppDeps = {}): FastifyInstance {
  const ownsDb = deps.db === undefined;
  const db = deps.db ?? createDb(config.databaseUrl, dbOptions(config));
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const avaliacoes = createAvaliacoesService(db, deps.relogioAvaliacoes);
  const establishments = createEstablishmentsService(db, (id) => avaliacoes.resumo(id));
  const menu = createMenuService(db);
  const menuResponder = createMenuResponder(menu);
  // The establishments' own host names (issue 23 part 5): routing by Host, links, the TLS ask.
  const dominios = createDominiosService(db, config);
  // One geocoder for the public lookup and for address saves (the point the fee check uses).
  const geocoder = createGeocoder(config);
  const app = Fastify({
    // The menu is the benchmarked path (target: ≥ 0.9 × a bare node:http server sending the same
    // bytes). A fresh cached menu is answered before Fastify's routing; everything else, and
    // every menu request that cannot be answered synchronously, goes through Fastify.
    // Consequence: Fastify hooks (logging, a future rate limit or auth) never see those menu
    // requests; a hook that must apply to the public menu belongs in tryFastPath too.
    serverFactory: (handler) =>
      createServer((req, res) => {
        // Counted with a plain number, not the request histogram (http/metrics.ts).
        // An establishment's own host goes through Fastify: its routing by Host (rotasPorHost).
        if (dominios.idDoHost(req.headers.host) === undefined && menuResponder.tryFastPath(req, res)) {
          menuRapido.respostas++;
        } else handler(req, res);
      }),
    logger: { level: config.logLevel, ...(deps.logStream ? { stream: deps.logStream } : {}) },
    // The balancer's X-Request-Id when it is a plain short token, else our own (http/request-id.ts).
    requestIdHeader: false,
    genReqId,
    // Behind a load balancer, req.ip (which keys the rate limits) comes from X-Forwarded-For
    // only through the configured proxies (TRUST_PROXY); by default the header is ignored.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // One log line per request costs the benchmarked menu path dearly; errors are still logged.
    logController: new LogController({ disableRequestLogging: !verbose }),
  });
  // Every route's contract, collected as Fastify registers it (http/openapi.ts), for /api/docs.
  const contratos = coletarContratos(app);
  app.decorate('contratos', contratos.rotas);
  app.decorate('db', db);
  app.decorate(
    'accessTokens',
    createAccessTokens(db, { secret: config.jwtSecret, ttlSeconds: config.accessTokenTtl }),
  );
  app.decorate('staffTokens', createStaffTokens(db, config));
  app.decorate('segredos', createSegredos(db, config));
  const backgroundTasks = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', backgroundTasks);
  // Periodic jobs (issue 13): defined by the modules below, on pg-boss (PostgreSQL) or in process.
  const jobs = installJobs(app, db, {
    ...(deps.jobsMaintenanceSeconds ? { maintenanceSeconds: deps.jobsMaintenanceSeconds } : {}),
  });
  // Live events (issue 11): this instance's bus, started on ready, stopped on close.
  const eventos = instalarEventos(app, config, db);
  // Outgoing webhooks (issue 24 part 2): fanned out from the events, sent by the job queue.
  const webhooks = instalarWebhooks(app, config, db, { mailer: deps.mailer, opcoes: deps.webhooks });
  // Open Delivery (issue 24 part 3): Rango as the Ordering Application for the restaurant's POS.
  const opendelivery = createOpenDelivery({ db, agora: deps.opendelivery?.agora });
  // iFood orders in the same queue (issue 24 part 4): polled and acted on by the job queue.
  const ifood = instalarIfood(app, config, db, menu, deps.ifood);
  // Work still running after its answer finishes before the database closes.
  app.addHook('onClose', async () => backgroundTasks.idle());
  if (ownsDb) {
    app.addHook('onClose', async () => {
      await jobs.stop();
      await backgroundTasks.idle();
      await db.destroy();
    });
  }

  // The CSP allows the social SDKs' origins only for the providers configured here.
  app.register(cabecalhosDeSeguranca, helmetOptions(config));
  // Under an establishment's own host: `/` is its menu, the others' are 404 (after the headers above).
  app.addHook('onReady', async () => {
    await dominios.carregar().catch((e: unknown) => app.log.warn({ err: e }, 'domínios: tabela não lida'));
  });
  app.register(rotasPorHost(dominios, API_PREFIX));
  // Caddy's on-demand TLS `ask` (docs/deploy.md), at the root beside /healthz.
  app.register(tlsAskRoutes(dominios, createRateLimiter(db, config.rateLimit)));
  app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Default brotli quality (11) is far too slow for answers compressed on the fly.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerErrorHandler(app);
  // GET /healthz and /readyz at the root, for the load balancer; app.readiness for main.ts.
  registerLifecycle(app, db);
  registerRequestId(app);
  // GET /metrics (Prometheus) and the request histogram of every route below.
  registerMetrics(app, config, db);

  // The OpenAPI document of the routes' contracts and its readable page (issue 24). Built on its
  // first request, then cached: it takes over half a second of CPU, which every app a test
  // builds would pay at start (http/openapi.test.ts builds it and checks it).
  app.register(docsRoutes(contratos.documento));

  // WhatsApp Business (issue 22 part 2): the establishments' numbers, and the Cloud API's webhook
  // at /api/whatsapp/webhook (outside the prefix: the URL owners type in Meta's dashboard).
  const whatsapp = createWhatsApp({
    db,
    segredos: app.segredos,
    sender: deps.whatsapp ?? whatsappSender(config, app.log),
    publicUrl: config.publicUrl,
    urlPublicaDe: (id) => dominios.urlPublicaDe(id),
    log: app.log,
  });
  app.register(whatsappWebhookRoutes(whatsapp));

  app.register(
    async (api) => {
      api.get('/health', async () => {
        await pingDb(db);
        return { ok: true };
      });
      await api.register(establishmentsRoutes(establishments));
      // The brand the order's and the checkout's pages apply on the platform's host (issue 23).
      await api.register(marcaClienteRoutes());
      await api.register(menuRoutes(menu, menuResponder));
      // Accounts (issue 3): modules/auth + modules/customers register here; modules/addresses and
      // modules/geo (CEP + geocoding) below them.
      await api.register(accountsRoutes(config, db, deps.mailer, (host) => dominios.origemDoHost(host)));
      await api.register(addressesRoutes(createAddressesService(db, geocoder)));
      await api.register(
        geoRoutes({
          cep: createCepLookup(config),
          geocoder,
          rateLimit: createRateLimiter(db, config.rateLimit),
        }),
      );
      // Coupons (issue 4).
      await api.register(couponsRoutes(createCouponsService(db), createRateLimiter(db, config.rateLimit)));
      // Online payments (issue 5): the gateway (sandbox or Cielo) and its service, used by orders.
      // Links to the customer (the bank page's return, Mercado Pago's notification_url) on the
      // establishment's own host name when it has one.
      const pagamentos = await createPaymentsStack(config, db, app.log, pedidoPort(db), deps.wrapGateway, {
        urlPublicaDe: (id) => dominios.urlPublicaDe(id),
        apiPrefix: API_PREFIX,
      });
      await api.register(paymentsRoutes({ config, db, stack: pagamentos }));
      await api.register(
        cardsRoutes({
          db,
          gateways: pagamentos.gateways,
          rateLimit: createRateLimiter(db, config.rateLimit),
        }),
      );
      // Orders (issue 4): the customer's calls, and the restaurant's operator API.
      await api.register(
        ordersRoutes({ config, db, menu, payments: pagamentos.payments, escolhaDoCheckout }),
      );
      await api.register(operatorRoutes({ config, db, payments: pagamentos.payments }));
      // Ratings after delivery (issue 22 part 5): the customer's and the owner's panel's.
      await api.register(avaliacoesRoutes(avaliacoes));
      // The restaurant's panel (issue 11): staff accounts and the panel's REST routes.
      await api.register(panelPlugin({ config, db, mailer: deps.mailer, payments: pagamentos.payments }));
      // The back office (issue 12): the owner's menu, hours, delivery, payment methods, coupons.
      // One plugin around them all, as when they were one module: the menu file's and the
      // photos' byte bodies (aceitarArquivos) are parsed the same way on every route of it.
      await api.register(async (painel) => {
        aceitarArquivos(painel);
        await painel.register(
          estabelecimentoPainelRoutes(
            createEstabelecimentoPainelService(db, { aprovacao: config.aprovacaoEstabelecimentos === true }),
            config.mapa,
          ),
        );
        await painel.register(
          cardapioPainelRoutes(
            createCardapioPainelService(db, {
              midia: config.mediaS3 ? createS3Storage(config.mediaS3) : createLocalStorage(config.mediaDir),
            }),
            createRateLimiter(db, config.rateLimit),
          ),
        );
        await painel.register(marcaPainelRoutes(imagensMarca));
        await painel.register(cupomPainelRoutes(createCupomPainelService(db)));
        await painel.register(dominioPainelRoutes(dominios));
        await painel.register(auditRoutes(db));
        await painel.register(webhooksRoutes(webhooks));
        await painel.register(openDeliveryPainelRoutes(opendelivery, API_PREFIX));
        await painel.register(ifoodRoutes(ifood));
      });
      // Open Delivery's own routes (the POS's {baseURL}), answering the standard's error shape.
      await api.register(openDeliveryRoutes(opendelivery, API_PREFIX), { prefix: OD_PREFIX });
      // The customer's notifications by Web Push and e-mail (issue 22).
      await api.register(
        notificacoesPlugin({
          config,
          db,
          mailer: deps.mailer,
          pushAgent: deps.pushAgent,
          job: deps.notificacoesJob !== false,
          urlPublicaDe: (id) => dominios.urlPublicaDe(id),
          whatsapp,
        }),
      );
      // The owner's sales reports (issue 12, 'Relatórios').
      await api.register(reportsPlugin({ db }));
      // The panel's and the customer's event streams (SSE).
      await api.register(
        eventsRoutes({ config, bus: eventos, rateLimit: createRateLimiter(db, config.rateLimit) }),
      );
      if (isDir(config.mediaDir)) {
        await api.register(fastifyStatic, {
          root: config.mediaDir,
          prefix: '/media/',
          decorateReply: false,
          index: false,
          // Demo image names are not content-hashed: long, but not immutable.
          cacheControl: true,
          maxAge: '30d',
        });
      }
    },
    { prefix: API_PREFIX },
  );

  // The installed app of each restaurant: its manifest and icons, beside its menu page.
  app.register(marcaPublicRoutes((host) => dominios.idDoHost(host)));

  const spa = isDir(config.webDist) && existsSync(join(config.webDist, 'index.html'));
  const shell = spa ? createSpaShell(config.webDist, API_PREFIX) : null;
  // Client-side routes (/estabelecimento/1, /pedido/5/, …) get the SPA shell.
  // Sent from memory (with route hints, see http/spa.ts), compressed like any answer.
  // The static shell shows the cookie banner only without the consent cookie.
  // A restaurant's menu page is written in its brand (modules/establishments/marca-shell.ts).
  const sendShell = async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?', 1)[0] ?? '';
    // Under a restaurant's own host name every page is in its brand and `/` is its menu.
    const idDoHost = dominios.idDoHost(req.headers.host);
    const html =
      shell?.html(caminhoDoShell(path, idDoHost), req.headers.cookie, !req.url.includes('?')) ?? '';
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(shell ? await shellComMarca(db, path, html, idDoHost) : html);
  };
  // The restaurant panel's own build (dist/painel/), served under /painel (issue 11).
  const painelHtml = spa ? readPainelHtml(config.webDist) : null;
  if (spa) {
    const assets = join(config.webDist, 'assets') + sep;
    const painelAssets = join(config.webDist, PAINEL_DIR, 'assets') + sep;
    // The home page is a shell route like the others (its static first paint, issue 14): an
    // explicit route, ahead of the static files' wildcard, which would send index.html as is.
    app.get('/', sendShell);
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      // Only the build's root has an index.html, and `/` is the route above. (index: false would
      // answer a folder such as /painel/ with a 403 instead of falling through to its page.)
      index: ['index.html'],
      // The build's own metadata (.vite/manifest.json, .vite/shell.json) is for this server only.
      dotfiles: 'ignore',
      allowedPath: (path) => !path.split('/').some((part) => part.startsWith('.')),
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite's hashed build output never changes under the same name; everything else
        // (index.html above all) must be revalidated so a deploy shows at once.
        res.header(
          'cache-control',
          path.startsWith(assets) || path.startsWith(painelAssets)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (spa && painelHtml !== null && isPainelPath(path) && (req.method === 'GET' || req.method === 'HEAD')) {
      // The panel's client routes (/painel, /painel/12/equipe…) get its page; a missing hashed
      // file of it is a plain 404.
      if (isPainelAsset(path)) return reply.code(404).send({ detail: MSG.rotaNaoEncontrada });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(painelHtml);
    }
    if (spa && !isApi && (req.method === 'GET' || req.method === 'HEAD')) return sendShell(req, reply);
    return reply.code(404).send({ detail: MSG.rotaNaoEncontrada });
  });

  return app;
}
