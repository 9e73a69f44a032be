import fastifyHelmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyPluginAsync } from 'fastify';

/**
 * The SPA's policy: no inline script at all; inline style only because Mantine injects style
 * tags. Sent on every answer (JSON and media too) so nothing served here can widen it.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

type Directives = Record<keyof typeof CONTENT_SECURITY_POLICY, string[]>;

/** Which social logins are configured: their SDKs' origins are allowed only then. */
export interface SocialCspConfig {
  googleClientId?: string | undefined;
  facebookAppId?: string | undefined;
  /** Online payments with Cielo: the browser talks to its tokenisation and 3-D Secure origins. */
  payments?: PaymentsCspConfig | undefined;
  /** The panel's delivery map: its tiles' origin may serve images. */
  mapa?: { tilesUrl: string } | undefined;
}

/** The parts of PaymentsConfig the CSP reads (config.ts). */
export interface PaymentsCspConfig {
  gateway: 'sandbox' | 'cielo';
  cielo: { sopUrl: string; mpi: { authUrl: string; scriptUrl: string } };
  /** Mercado Pago's hosts (MERCADOPAGO_SDK_URL, MERCADOPAGO_API_URL): any establishment may use it. */
  mercadopago?: { scriptUrl: string; apiUrl: string } | undefined;
}

const origem = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The map tiles' origin; a host with Leaflet's `{s}` subdomain (`https://{s}.tile.example.org`)
 * becomes a wildcard of its first label (`https://*.tile.example.org`), the only one CSP has.
 */
export function origemDosTiles(template: string): string | null {
  const o = origem(template.replaceAll('{s}', 'a'));
  if (o === null || !template.includes('{s}')) return o;
  const u = new URL(o);
  const resto = u.hostname.split('.').slice(1).join('.');
  return resto.includes('.') ? `${u.protocol}//*.${resto}${u.port ? `:${u.port}` : ''}` : null;
}

/**
 * Cielo in production: the app posts the card to the Silent Order Post origin, loads Braspag's
 * BP.Mpi script, which calls its 3-D Secure server and frames the issuer's challenge page (any
 * bank's origin: https: only). The sandbox is this server itself ('self').
 */
function cieloCsp(p: PaymentsCspConfig): Partial<Directives> {
  const sop = origem(p.cielo.sopUrl);
  const mpi = origem(p.cielo.mpi.authUrl);
  const script = origem(p.cielo.mpi.scriptUrl);
  const lista = (...o: (string | null)[]) => [...new Set(o.filter((x): x is string => x !== null))];
  // BP.Mpi 3DS 2.0 runs Cardinal Commerce's device data collection (songbird, centinelapi).
  const cardinal = 'https://*.cardinalcommerce.com';
  return {
    'script-src': lista(script, cardinal),
    'connect-src': lista(sop, mpi, script, cardinal),
    'frame-src': ['https:'],
  };
}

/**
 * Mercado Pago (issue 23): the checkout loads its SDK (`MERCADOPAGO_SDK_URL`) when the customer
 * picks a card at an establishment whose account is Mercado Pago; the card is typed into the SDK's
 * Secure Fields, iframes of Mercado Pago's own (api-static.mercadopago.com and other
 * *.mercadopago.com hosts for the real SDK; the SDK's origin for a local fake), which post it to
 * the API (`/v1/card_tokens`). Scripts and calls: those two origins; frames: Mercado Pago's hosts.
 * The 3-D Secure challenge frame opens our own page ('self'), which posts to the card issuer's
 * challenge page (any bank's origin: https: only, as with Cielo; the API's origin too when it is
 * not https, i.e. a local fake).
 */
function mercadoPagoCsp(mp: { scriptUrl: string; apiUrl: string }): Partial<Directives> {
  const script = origem(mp.scriptUrl);
  const api = origem(mp.apiUrl);
  const lista = (...o: (string | null)[]) => [...new Set(o.filter((x): x is string => x !== null))];
  const naoHttps = (o: string | null) => (o?.startsWith('https:') ? null : o);
  // The real SDK's fields live on Mercado Pago's hosts, not on the script's own origin.
  const campos =
    script !== null && /^https:\/\/([a-z0-9-]+\.)*mercadopago\.com$/.test(script)
      ? 'https://*.mercadopago.com'
      : naoHttps(script);
  return {
    'script-src': lista(script),
    'connect-src': lista(api, script),
    'frame-src': lista(campos, naoHttps(api), 'https:'),
  };
}

// Google Identity Services' CSP guidance (developers.google.com/identity/gsi/web/guides/get-google-api-clientid).
const GOOGLE_GSI = {
  'script-src': ['https://accounts.google.com/gsi/client'],
  'frame-src': ['https://accounts.google.com/gsi/'],
  'connect-src': ['https://accounts.google.com/gsi/'],
  'style-src': ['https://accounts.google.com/gsi/style'],
};
// The Facebook JS SDK: the script, its login dialog and xd frames, its calls and pixel.
const FACEBOOK_SDK = {
  'script-src': ['https://connect.facebook.net'],
  'frame-src': ['https://www.facebook.com'],
  'connect-src': ['https://connect.facebook.net', 'https://www.facebook.com', 'https://graph.facebook.com'],
  'img-src': ['https://www.facebook.com'],
};

/**
 * The CSP for this site's config: the strict default, widened by the social SDKs' origins only
 * for the providers that are configured (an unconfigured site loads neither SDK).
 */
export function contentSecurityPolicy(config: SocialCspConfig = {}): Directives {
  const directives: Directives = { ...CONTENT_SECURITY_POLICY };
  const add = (extra: Partial<Directives>) => {
    for (const [name, origins] of Object.entries(extra) as [keyof Directives, string[]][]) {
      directives[name] = [...directives[name], ...origins];
    }
  };
  if (config.googleClientId) add(GOOGLE_GSI);
  if (config.facebookAppId) add(FACEBOOK_SDK);
  if (config.payments?.gateway === 'cielo') add(cieloCsp(config.payments));
  if (config.payments?.mercadopago) add(mercadoPagoCsp(config.payments.mercadopago));
  if (config.mapa) {
    const tiles = origemDosTiles(config.mapa.tilesUrl);
    if (tiles) add({ 'img-src': [tiles] });
  }
  return directives;
}

export function helmetOptions(config: SocialCspConfig = {}): FastifyHelmetOptions {
  return { contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) } };
}

/** The default (no social login configured). */
export const HELMET_OPTIONS: FastifyHelmetOptions = helmetOptions();

const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
const captured = new Map<FastifyHelmetOptions, Promise<Record<string, string>>>();

/**
 * The headers @fastify/helmet sets with `options`, captured once from a throwaway Fastify
 * instance. @fastify/helmet rebuilds its middleware on every request; the benchmarked menu
 * route sends these same headers precomputed instead (a test keeps them equal). The menu
 * responder asks for the default: its JSON is never a document, so the SDK origins that a
 * configured site adds to the SPA's policy do not matter there.
 */
export function securityHeaders(
  options: FastifyHelmetOptions = HELMET_OPTIONS,
): Promise<Record<string, string>> {
  let pending = captured.get(options);
  if (pending) return pending;
  pending = (async () => {
    const probe = Fastify({ logger: false });
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject('/');
    await probe.close();
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!NOT_SECURITY.has(name) && value !== undefined) headers[name] = String(value);
    }
    return headers;
  })();
  captured.set(options, pending);
  return pending;
}

/**
 * @fastify/helmet as app.ts registers it, its headers built once (issue 21): @fastify/helmet
 * builds helmet's middleware again on every request (the CSP directives parsed, a dozen
 * middlewares made: ~0.14 ms of each order under the orders benchmark, as much as re-pricing
 * it). Here the headers helmet sets with these options are captured once from helmet itself
 * (securityHeaders) and every request gets them the way helmet sets them (on the raw response,
 * in an onRequest hook at the same place), X-Powered-By removed as helmet does. A route's
 * `helmet: false` skips it, as with @fastify/helmet; route-level helmet options, `global` and
 * CSP nonces are refused (none is used: they would need helmet per request again).
 */
export const cabecalhosDeSeguranca: FastifyPluginAsync<FastifyHelmetOptions> = async (app, options) => {
  const { enableCSPNonces, global, ...resto } = options;
  if (enableCSPNonces !== undefined || global !== undefined) {
    throw new Error('cabecalhosDeSeguranca: enableCSPNonces e global não são suportados');
  }
  const cabecalhos = Object.entries(await securityHeaders(resto));
  if (!app.hasReplyDecorator('helmet')) app.decorateReply('helmet', null as never);
  if (!app.hasReplyDecorator('cspNonce')) app.decorateReply('cspNonce', null as never);
  app.addHook('onRoute', (rota) => {
    if (rota.helmet === undefined) return;
    if (rota.helmet !== false) {
      throw new Error(`${rota.url}: opções de helmet por rota não são suportadas (http/security.ts)`);
    }
    rota.config = Object.assign(rota.config ?? Object.create(null), { helmet: { skipRoute: true } });
  });
  app.addHook('onRequest', (req, reply, done) => {
    const rota = req.routeOptions.config as { helmet?: { skipRoute?: boolean } };
    if (rota.helmet?.skipRoute !== true) {
      const res = reply.raw;
      res.removeHeader('X-Powered-By');
      for (const [nome, valor] of cabecalhos) res.setHeader(nome, valor);
    }
    done();
  });
};
// Its hooks apply to the whole app, as a fastify-plugin plugin's do (fastify-plugin sets this).
Object.assign(cabecalhosDeSeguranca, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'cabecalhos-de-seguranca',
});
