import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { S3Config } from './modules/catalogue/s3.ts';
import type { EventosConfig } from './modules/events/settings.ts';

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
  logLevel: string;
  /** The public origin for links in e-mails ('http://localhost:3000'). */
  publicUrl: string;
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
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

export const DEFAULT_DATABASE_FILE = `${REPO_ROOT}data/rango.db`;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

function port(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT inválida: ${value}`);
  return n;
}

function optional(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

function seconds(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`Duração inválida (segundos): ${value}`);
  return n;
}

const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix, or one of proxy-addr's preset names. */
function isProxyAddress(value: string): boolean {
  if (PROXY_PRESETS.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/`0`/`false` → false; `1` → 1 hop; `10.0.0.0/8,10.1.2.3` → that list. */
function trustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim().toLowerCase();
  if (!v || v === '0' || v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((p) => p.trim());
  if (list.some((p) => !isProxyAddress(p))) {
    throw new ConfigError(
      `TRUST_PROXY inválido: ${value} (um número de proxies, como 1, ou endereços/CIDRs separados por vírgula; nunca true)`,
    );
  }
  return list;
}

/**
 * DEMO_SIMULATOR_STEP_SECONDS: one number for every step ('2') or four, comma-separated, in the
 * order confirmar, preparar, entregar, concluir ('8,15,15,10'); decimals allowed, 0 = at once.
 */
function simulatorSteps(value: string | undefined): DemoSimulatorSteps {
  const v = value?.trim();
  if (!v) return DEMO_SIMULATOR_STEPS;
  const parts = v.split(',').map((p) => p.trim());
  const n = parts.map(Number);
  if (
    (parts.length !== 1 && parts.length !== 4) ||
    parts.some((p) => !/^\d+(\.\d+)?$/.test(p)) ||
    n.some((x) => x > 3600)
  ) {
    throw new ConfigError(
      `DEMO_SIMULATOR_STEP_SECONDS inválido: ${value} (segundos, um número ou quatro separados por vírgula, até 3600)`,
    );
  }
  const [confirmar = 0, preparar = confirmar, entregar = confirmar, concluir = confirmar] = n;
  return { confirmar, preparar, entregar, concluir };
}

function milliseconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10 * 60_000)
    throw new ConfigError(`${name} inválido: ${value} (milissegundos, de 0 a 600000)`);
  return n;
}

function poolMax(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new ConfigError(`PG_POOL_MAX inválido: ${value} (conexões por instância, de 1 a 1000)`);
  return n;
}

/** createDb's options from the configuration (PostgreSQL's pool; nothing for SQLite). */
export function dbOptions(config: Config): { poolMax?: number; statementTimeoutMs?: number } {
  return {
    ...(config.pgPoolMax !== undefined ? { poolMax: config.pgPoolMax } : {}),
    ...(config.pgStatementTimeoutMs !== undefined ? { statementTimeoutMs: config.pgStatementTimeoutMs } : {}),
  };
}

/**
 * S3_BUCKET turns the bucket on; then S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and
 * S3_PUBLIC_URL (where browsers read the photos: a CDN or the bucket's public URL) are required,
 * S3_REGION defaults to us-east-1. The secret never appears in a message.
 */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = optional(env.S3_BUCKET);
  if (bucket === undefined) return undefined;
  const faltando = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'].filter(
    (k) => optional(env[k]) === undefined,
  );
  if (faltando.length > 0) throw new ConfigError(`S3_BUCKET definido sem ${faltando.join(', ')}`);
  const endpoint = optional(env.S3_ENDPOINT)!;
  if (!/^https?:\/\//.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT inválido: ${semCredenciais(endpoint)}`);
  return {
    endpoint,
    bucket,
    region: optional(env.S3_REGION) ?? 'us-east-1',
    accessKeyId: optional(env.S3_ACCESS_KEY_ID)!,
    secretAccessKey: optional(env.S3_SECRET_ACCESS_KEY)!,
    publicUrl: optional(env.S3_PUBLIC_URL)!.replace(/\/+$/, ''),
  };
}

/** What a URL's credentials would show in an error message, masked. */
function semCredenciais(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * DATABASE_URL: `postgres://` / `postgresql://` (parsed here: a typo there would otherwise be a
 * confusing connection error at the first query), `sqlite:`/`file:` URLs, or a plain file path.
 * Any other scheme would silently become a SQLite file named after the URL.
 */
function databaseUrl(value: string | undefined): string {
  const v = value?.trim();
  if (!v) return DEFAULT_DATABASE_FILE;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(v)?.[1]?.toLowerCase();
  if (scheme === 'postgres' || scheme === 'postgresql') {
    let url: URL | undefined;
    try {
      url = new URL(v);
    } catch {
      url = undefined;
    }
    // A socket folder may come as ?host=/run/postgresql instead of the URL's host.
    if (!url || !v.includes('://') || (!url.hostname && !url.searchParams.get('host'))) {
      throw new ConfigError(
        `DATABASE_URL inválida: ${semCredenciais(v)} (esperado postgres://usuário:senha@servidor:5432/banco)`,
      );
    }
    return v;
  }
  if (v.includes('://') && scheme !== 'sqlite' && scheme !== 'file') {
    throw new ConfigError(
      `DATABASE_URL inválida: ${semCredenciais(v)} (postgres://… para PostgreSQL, ou sqlite:/caminho/arquivo.db)`,
    );
  }
  return v;
}

function metricsConfig(env: NodeJS.ProcessEnv): MetricsConfig {
  const v = env.METRICS_ALLOW?.trim().toLowerCase();
  let allow = ['loopback'];
  if (v === 'none') allow = [];
  else if (v) {
    allow = v.split(',').map((p) => p.trim());
    if (allow.some((p) => !isProxyAddress(p))) {
      throw new ConfigError(
        `METRICS_ALLOW inválido: ${env.METRICS_ALLOW} (endereços/CIDRs separados por vírgula, loopback, ou none)`,
      );
    }
  }
  const token = optional(env.METRICS_TOKEN);
  if (token !== undefined && token.length < 16) {
    throw new ConfigError('METRICS_TOKEN curto demais: use pelo menos 16 caracteres (ou deixe-o vazio)');
  }
  return { allow, token };
}

/**
 * MAPA_TILES_URL: `https://tile.openstreetmap.org/{z}/{x}/{y}.png`-like; MAPA_ATRIBUICAO: the
 * provider's credit (default: OpenStreetMap's for its hosts, else none).
 */
function mapaConfig(env: NodeJS.ProcessEnv): MapaConfig | undefined {
  const tilesUrl = optional(env.MAPA_TILES_URL);
  if (tilesUrl === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(tilesUrl);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    !['{z}', '{x}', '{y}'].every((p) => tilesUrl.includes(p)) ||
    /[{}]/.test(url.host.replace('{s}', ''))
  ) {
    throw new ConfigError(
      `MAPA_TILES_URL inválida: ${semCredenciais(tilesUrl)} (esperado https://servidor/{z}/{x}/{y}.png)`,
    );
  }
  const osm = /(^|\.)openstreetmap\.(org|fr)$/.test(url.hostname);
  return {
    tilesUrl,
    atribuicao: optional(env.MAPA_ATRIBUICAO) ?? (osm ? '© colaboradores do OpenStreetMap' : ''),
  };
}

/** HS256 needs a key at least as long as its output; shorter ones can be brute-forced offline. */
export const MIN_JWT_SECRET = 32;

function jwtSecret(value: string | undefined): string | undefined {
  const v = optional(value);
  if (v !== undefined && v.length < MIN_JWT_SECRET) {
    throw new ConfigError(
      `JWT_SECRET curto demais: use pelo menos ${MIN_JWT_SECRET} caracteres (ou deixe-o vazio)`,
    );
  }
  return v;
}

/** The first choice is the default. */
function oneOf<const T extends readonly string[]>(
  value: string | undefined,
  choices: T,
  name: string,
): T[number] {
  const v = value?.trim().toLowerCase();
  if (!v) return choices[0] as T[number];
  if (!(choices as readonly string[]).includes(v))
    throw new ConfigError(`${name} inválido: ${value} (${choices.join(', ')})`);
  return v as T[number];
}

/** Reads the configuration; the SQLite file's folder is created by createDb when it opens it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config: Config = {
    production: env.NODE_ENV?.trim().toLowerCase() === 'production',
    port: port(env.PORT),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    webDist: env.WEB_DIST?.trim() || `${REPO_ROOT}apps/web/dist`,
    mediaDir: env.MEDIA_DIR?.trim() || `${SERVER_ROOT}media`,
    seedDemo: flag(env.SEED_DEMO, true),
    demoAlwaysOpen: flag(env.DEMO_ALWAYS_OPEN, true),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port(env.PORT)}`).replace(/\/+$/, ''),
    jwtSecret: jwtSecret(env.JWT_SECRET),
    accessTokenTtl: seconds(env.ACCESS_TOKEN_TTL, 5 * 60),
    refreshTokenTtl: seconds(env.REFRESH_TOKEN_TTL, 30 * 24 * 60 * 60),
    smtpUrl: optional(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || 'Rango <nao-responda@rango.local>',
    googleClientId: optional(env.GOOGLE_CLIENT_ID),
    googleJwksUrl: env.GOOGLE_JWKS_URL?.trim() || 'https://www.googleapis.com/oauth2/v3/certs',
    facebookAppId: optional(env.FACEBOOK_APP_ID),
    facebookAppSecret: optional(env.FACEBOOK_APP_SECRET),
    facebookGraphUrl: env.FACEBOOK_GRAPH_URL?.trim() || 'https://graph.facebook.com',
    cepProvider: oneOf(env.CEP_PROVIDER, ['embedded', 'viacep'] as const, 'CEP_PROVIDER'),
    viacepUrl: env.VIACEP_URL?.trim() || 'https://viacep.com.br',
    geocoder: oneOf(env.GEOCODER, ['embedded', 'google', 'nominatim'] as const, 'GEOCODER'),
    geocoderKey: optional(env.GEOCODER_KEY),
    geocoderUrl: optional(env.GEOCODER_URL),
    rateLimit: flag(env.RATE_LIMIT, true),
    trustProxy: trustProxy(env.TRUST_PROXY),
    demoSimulator: flag(env.DEMO_SIMULATOR, !env.DATABASE_URL?.trim()),
    demoSimulatorSteps: simulatorSteps(env.DEMO_SIMULATOR_STEP_SECONDS),
    payments: paymentsConfig(env),
    eventos: { ligados: flag(env.EVENTOS, true) },
    shutdown: {
      delayMs: milliseconds(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS'),
      timeoutMs: milliseconds(env.SHUTDOWN_TIMEOUT_MS, 15_000, 'SHUTDOWN_TIMEOUT_MS'),
    },
    metrics: metricsConfig(env),
    mediaS3: s3Config(env),
    pgPoolMax: poolMax(env.PG_POOL_MAX),
    pgStatementTimeoutMs: milliseconds(env.PG_STATEMENT_TIMEOUT_MS, 30_000, 'PG_STATEMENT_TIMEOUT_MS'),
    migrateOnStart: flag(env.MIGRATE_ON_START, true),
    mapa: mapaConfig(env),
  };
  if (config.production) checkProduction(config, flag(env.ALLOW_DEMO_IN_PRODUCTION, false));
  return config;
}

/**
 * NODE_ENV=production: a secret generated and kept in the database would differ from what the
 * operator believes is configured, and the demo's simulator (which moves every order along by
 * itself) and sandbox gateway (which approves test cards) must never run by accident on real
 * orders. ALLOW_DEMO_IN_PRODUCTION=1 allows the demo switches for a public demo install.
 */
function checkProduction(config: Config, allowDemo: boolean): void {
  if (!config.jwtSecret) {
    throw new ConfigError(
      'JWT_SECRET é obrigatório com NODE_ENV=production (JWT_SECRET is required in production)',
    );
  }
  if (allowDemo) return;
  const demo = 'ou ALLOW_DEMO_IN_PRODUCTION=1 para uma instalação de demonstração';
  if (config.demoSimulator) {
    throw new ConfigError(
      `DEMO_SIMULATOR ligado com NODE_ENV=production: use DEMO_SIMULATOR=0, ${demo} (the demo simulator is refused in production)`,
    );
  }
  if (config.payments.gateway === 'sandbox') {
    throw new ConfigError(
      `PAYMENT_GATEWAY=sandbox com NODE_ENV=production: use PAYMENT_GATEWAY=cielo, ${demo} (the sandbox gateway is refused in production)`,
    );
  }
}

function paymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const gateway = oneOf(env.PAYMENT_GATEWAY, ['sandbox', 'cielo'] as const, 'PAYMENT_GATEWAY');
  const cielo = {
    merchantId: env.CIELO_MERCHANT_ID?.trim() ?? '',
    merchantKey: env.CIELO_MERCHANT_KEY?.trim() ?? '',
    apiUrl: env.CIELO_API_URL?.trim() || 'https://api.cieloecommerce.cielo.com.br',
    queryUrl: env.CIELO_QUERY_URL?.trim() || 'https://apiquery.cieloecommerce.cielo.com.br',
    sopUrl: env.CIELO_SOP_URL?.trim() || 'https://transaction.pagador.com.br',
    sopOAuth:
      env.CIELO_SOP_CLIENT_ID?.trim() && env.CIELO_SOP_CLIENT_SECRET?.trim()
        ? {
            url: env.CIELO_SOP_OAUTH_URL?.trim() || 'https://auth.braspag.com.br/oauth2/token',
            clientId: env.CIELO_SOP_CLIENT_ID.trim(),
            clientSecret: env.CIELO_SOP_CLIENT_SECRET.trim(),
          }
        : undefined,
    pixProvider: env.CIELO_PIX_PROVIDER === undefined ? 'Cielo2' : env.CIELO_PIX_PROVIDER.trim() || null,
    notificationSecret: optional(env.CIELO_NOTIFICATION_SECRET),
    mpi: {
      authUrl: env.MPI_AUTH_URL?.trim() || 'https://mpi.braspag.com.br',
      clientId: env.MPI_CLIENT_ID?.trim() ?? '',
      clientSecret: env.MPI_CLIENT_SECRET?.trim() ?? '',
      establishmentCode: env.MPI_ESTABLISHMENT_CODE?.trim() ?? '',
      merchantName: env.MPI_MERCHANT_NAME?.trim() ?? '',
      mcc: env.MPI_MCC?.trim() || '5812',
      scriptUrl: env.MPI_SCRIPT_URL?.trim() || 'https://mpi.braspag.com.br/Scripts/BP.Mpi.3ds20.min.js',
      // Spec section 9: production by default.
      environment:
        oneOf(env.MPI_ENVIRONMENT, ['prd', 'sdb'] as const, 'MPI_ENVIRONMENT') === 'sdb' ? 'SDB' : 'PRD',
    } as const,
  };
  if (gateway === 'cielo' && (!cielo.merchantId || !cielo.merchantKey)) {
    throw new ConfigError('PAYMENT_GATEWAY=cielo precisa de CIELO_MERCHANT_ID e CIELO_MERCHANT_KEY');
  }
  return {
    gateway,
    pixExpiraSegundos: seconds(env.PIX_EXPIRA_SEGUNDOS, 15 * 60),
    pixRenovarSegundos:
      env.PIX_RENOVAR_SEGUNDOS?.trim() === '0' ? 0 : seconds(env.PIX_RENOVAR_SEGUNDOS, 30 * 60),
    pix: {
      chave: env.PIX_CHAVE?.trim() || 'pagamentos@rango.app',
      nome: env.PIX_NOME?.trim() || 'RANGO',
      cidade: env.PIX_CIDADE?.trim() || 'SAO PAULO',
    },
    reconciliarSegundos:
      env.PAGAMENTOS_CONCILIAR_SEGUNDOS?.trim() === '0' ? 0 : seconds(env.PAGAMENTOS_CONCILIAR_SEGUNDOS, 15),
    sandboxSecret: optional(env.PAYMENT_SANDBOX_SECRET),
    cielo,
  };
}
