// The server's settings as types (config.ts reads them from the environment).
import type { S3Config } from './modules/menu/s3.ts';
import type { EventosConfig } from './modules/events/settings.ts';
import type { KeyRing } from './modules/secrets/keys.ts';

/**
 * A setting that cannot work: main.ts prints its message alone on one line (no stack) and exits
 * with 1, before opening the database or listening. Messages never echo a secret.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Everything the server reads from its environment, in one place (tests build their own). */
export interface Config {
  /** NODE_ENV=production: secrets required, demo switches refused (see loadConfig). */
  production: boolean;
  port: number;
  host: string;
  /** `postgres://…` for PostgreSQL; a file path, `sqlite:<path>` or `:memory:` for SQLite. */
  databaseUrl: string;
  /** The SPA's Vite build; static serving is skipped when the folder is missing. */
  webDist: string;
  /** Demo images, served under /api/ead/media/. */
  mediaDir: string;
  /** Seed the demo establishments into an empty database on start. */
  seedDemo: boolean;
  /** Give establishment 1 24-hour hours on every weekday so the demo can order at night. */
  demoAlwaysOpen: boolean;
  /**
   * APROVACAO_ESTABELECIMENTOS=1 (default off: a single-restaurant install changes nothing): an
   * establishment created in the panel ('Novo estabelecimento') stays unpublished — its menu,
   * detail and orders answer 404 — until the platform's operator runs `estabelecimento-aprovar`.
   */
  aprovacaoEstabelecimentos?: boolean | undefined;
  logLevel: string;
  /** The public origin for links in e-mails ('http://localhost:3000'). */
  publicUrl: string;
  /**
   * PLATFORM_DOMAIN (`rango.app`): an establishment may use a subdomain of it as its host name
   * (modules/establishments/dominio-host.ts); unset = only its own domains.
   */
  platformDomain?: string | undefined;
  /** HS256 secret of access tokens; when unset one is generated once and kept in the database. */
  jwtSecret: string | undefined;
  /** Access-token lifetime in seconds (minutes, spec: short-lived). */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds. */
  refreshTokenTtl: number;
  /** `smtp://user:pass@host:port` (or smtps://); unset = outbox table + log line. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google Identity Services client id; unset = Google login disabled. */
  googleClientId: string | undefined;
  /** Google's published signing keys (overridden by tests with a local fake). */
  googleJwksUrl: string;
  facebookAppId: string | undefined;
  facebookAppSecret: string | undefined;
  /** Graph API origin (overridden by tests with a local fake). */
  facebookGraphUrl: string;
  /** 'embedded' (default, the demo city's table) or 'viacep'. */
  cepProvider: 'embedded' | 'viacep';
  viacepUrl: string;
  /** 'embedded' (default), 'google' or 'nominatim'. */
  geocoder: 'embedded' | 'google' | 'nominatim';
  geocoderKey: string | undefined;
  /** Base URL of the chosen geocoder (defaults to the provider's public one). */
  geocoderUrl: string | undefined;
  /** Turn rate limits off (load tests only); on by default. */
  rateLimit: boolean;
  /**
   * Fastify's `trustProxy`: which proxies' X-Forwarded-For names the client (its IP keys the rate
   * limits). false (unset): none, the socket's address is the client; a hop count (`1` behind one
   * load balancer); or a list of proxy addresses / CIDRs. Never plain `true`: any client could
   * then pick its own IP and escape every limit.
   */
  trustProxy: TrustProxy;
  /**
   * The demo restaurant simulator (modules/operator/simulator.ts) moves every open order along its
   * statuses. Default: on when the server runs on the embedded SQLite file (no DATABASE_URL), off
   * with a DATABASE_URL (production) and in tests.
   */
  demoSimulator: boolean;
  /** The simulator's wait before each move, in seconds. */
  demoSimulatorSteps: DemoSimulatorSteps;
  /** Online payments (issue 5): the gateway and its settings. */
  payments: PaymentsConfig;
  /** Live events (issue 11, modules/events); defaults when omitted. EVENTOS=0 turns them off (benchmark only). */
  eventos?: EventosConfig | undefined;
  /** SIGTERM handling (main.ts). */
  shutdown: ShutdownConfig;
  /** Who may read GET /metrics (http/metrics.ts). */
  metrics: MetricsConfig;
  /** S3_*: product photos in an S3-compatible bucket; unset = the local media folder (mediaDir). */
  mediaS3?: S3Config | undefined;
  /** PG_POOL_MAX: PostgreSQL connections per instance (default 10); instances × this ≤ max_connections. */
  pgPoolMax?: number | undefined;
  /** PG_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement running longer (default 30000; 0 = never). */
  pgStatementTimeoutMs?: number | undefined;
  /**
   * MIGRATE_ON_START (default on): migrate before listening. Off (0) for a deployment that runs
   * `npm run operator -- migrate` as its own step: the instance then never migrates, and /readyz
   * answers 503 while the schema is behind this code.
   */
  migrateOnStart?: boolean | undefined;
  /**
   * MAPA_TILES_URL (+ MAPA_ATRIBUICAO): the map tiles drawn under the panel's delivery circles;
   * unset = no map (the circles stay editable as numbers). Its origin joins the CSP's img-src.
   */
  mapa?: MapaConfig | undefined;
  /**
   * Web Push (issue 22): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, both or neither;
   * neither: a pair generated at first start and kept in `configuracao`) and VAPID_SUBJECT (a
   * mailto: or https: contact for the push services).
   */
  vapid?: { publicKey?: string | undefined; privateKey?: string | undefined; subject: string } | undefined;
  /**
   * SECRETS_KEYS (or SECRETS_KEY): the secrets store's AES-256 keys (modules/secrets/keys.ts), the
   * first the current one; required in production. Unset elsewhere: a local key kept in the database.
   */
  secretsKeys?: KeyRing | undefined;
  /**
   * WhatsApp (issue 22 part 2): WHATSAPP_API 'cloud' (the Business Cloud API, the default in
   * production) or 'log' (each message written to the log, the default elsewhere), and
   * WHATSAPP_GRAPH_URL (default https://graph.facebook.com; the tests' fake).
   */
  whatsapp?: { api: 'cloud' | 'log'; graphUrl: string } | undefined;
  /**
   * iFood (issue 24 part 4): IFOOD_API_URL, the merchant API's base (default
   * https://merchant-api.ifood.com.br; the tests' fake), IFOOD_AUTH_URL, the host of its OAuth
   * token endpoint (default: IFOOD_API_URL), and IFOOD_CONSULTA_SEGUNDOS, the events poll's period
   * (default 30, iFood's documented period).
   */
  ifood?: { apiUrl: string; authUrl: string; consultaMs: number } | undefined;
}

export interface MapaConfig {
  /** A tile template: http(s), with {z}, {x} and {y} (and optionally {s} in the host). */
  tilesUrl: string;
  /** The tile provider's credit, shown in the map's corner (plain text). */
  atribuicao: string;
}

export interface MetricsConfig {
  /**
   * METRICS_ALLOW: addresses / CIDRs (or loopback, linklocal, uniquelocal), comma-separated,
   * whose requests may read /metrics; default loopback; `none` = only with the token.
   */
  allow: string[];
  /** METRICS_TOKEN: a bearer token that reads /metrics from anywhere (≥ 16 characters). */
  token: string | undefined;
}

export interface ShutdownConfig {
  /**
   * SHUTDOWN_DELAY_MS (default 0): after SIGTERM, /readyz answers 503 for this long while the
   * listener still serves, so the load balancer's health check sees the instance go (its check
   * interval × fall count) before connections are refused.
   */
  delayMs: number;
  /**
   * SHUTDOWN_TIMEOUT_MS (default 15000): then requests under way get this long to finish; the
   * connections still open after it are cut and the app closes anyway.
   */
  timeoutMs: number;
}

/**
 * PAYMENT_GATEWAY=sandbox (default: the embedded gateway following Cielo's sandbox rules) or
 * cielo (e-commerce API 3.0; CIELO_MERCHANT_ID and CIELO_MERCHANT_KEY required).
 */
export interface PaymentsConfig {
  gateway: 'sandbox' | 'cielo';
  /** PIX charges expire after this many seconds (PIX_EXPIRA_SEGUNDOS, default 15 min). */
  pixExpiraSegundos: number;
  /**
   * An expired PIX keeps its order waiting this many seconds for 'Gerar novo código' (a new charge
   * on the same order) before the order is cancelled (PIX_RENOVAR_SEGUNDOS, default 30 min; 0 =
   * cancelled at the expiry).
   */
  pixRenovarSegundos: number;
  /** The sandbox's PIX receiver (its BR Code's key, name and city). */
  pix: { chave: string; nome: string; cidade: string };
  /** Background reconciliation of open payments, every N seconds; 0 = off (tests). */
  reconciliarSegundos: number;
  /** Signs the sandbox's tokens; unset = generated once and kept in the database. */
  sandboxSecret: string | undefined;
  cielo: {
    merchantId: string;
    merchantKey: string;
    apiUrl: string;
    queryUrl: string;
    sopUrl: string;
    /** Silent Order Post's OAuth2 client (Braspag's auth host); unset = no browser tokenisation. */
    sopOAuth: { url: string; clientId: string; clientSecret: string } | undefined;
    /** Cielo's PIX provider ('Cielo2'); null for Cielo's own sandbox, which lacks it. */
    pixProvider: string | null;
    notificationSecret: string | undefined;
    mpi: {
      authUrl: string;
      clientId: string;
      clientSecret: string;
      establishmentCode: string;
      merchantName: string;
      mcc: string;
      scriptUrl: string;
      environment: 'SDB' | 'PRD';
    };
  }; /**
   * Mercado Pago (issue 23): the install's application (OAuth client, webhook secret) and hosts.
   * Each establishment's own access token and public key are in its account (secrets store).
   * Absent: the defaults (Mercado Pago's hosts, no OAuth, no webhook secret).
   */
  mercadopago?: {
    /** MERCADOPAGO_API_URL (https://api.mercadopago.com). */
    apiUrl: string;
    /** MERCADOPAGO_AUTH_URL (https://auth.mercadopago.com), the OAuth authorisation page. */
    authUrl: string;
    /** MERCADOPAGO_SDK_URL (https://sdk.mercadopago.com/js/v2): the browser's card script; its origin joins the CSP. */
    scriptUrl: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookSecret: string | undefined;
  };
}

export type TrustProxy = false | number | string[];

/** Seconds an order waits in a status before the simulator moves it on. */
export interface DemoSimulatorSteps {
  /** Realizado (or a confirmed payment) → Confirmado. */
  confirmar: number;
  /** Confirmado → Pronto. */
  preparar: number;
  /** Pronto → Entregue (delivery), or Pronto → Concluído (pickup). */
  entregar: number;
  /** Entregue → Concluído. */
  concluir: number;
}

export const DEMO_SIMULATOR_STEPS: DemoSimulatorSteps = {
  confirmar: 8,
  preparar: 15,
  entregar: 15,
  concluir: 10,
};

// Resolved from this file, not from the working directory, so `npm run serve` from anywhere
// finds the same database and builds.
