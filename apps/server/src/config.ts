export * from './config-types.ts';
import { ConfigError } from './config-types.ts';
import type { Config } from './config-types.ts';
import {
  flag,
  port,
  optional,
  seconds,
  trustProxy,
  simulatorSteps,
  milliseconds,
  poolMax,
  s3Config,
  databaseUrl,
  metricsConfig,
  mapaConfig,
  jwtSecret,
  secretsKeys,
  oneOf,
  paymentsConfig,
  ifoodConfig,
  REPO_ROOT,
  SERVER_ROOT,
} from './config-env.ts';

export { DEFAULT_DATABASE_FILE, MIN_JWT_SECRET, dbOptions } from './config-env.ts';

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
    aprovacaoEstabelecimentos: flag(env.APROVACAO_ESTABELECIMENTOS, false),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    publicUrl: (env.PUBLIC_URL?.trim() || `http://localhost:${port(env.PORT)}`).replace(/\/+$/, ''),
    platformDomain: optional(env.PLATFORM_DOMAIN)?.toLowerCase(),
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
    secretsKeys: secretsKeys(env),
    vapid: {
      publicKey: optional(env.VAPID_PUBLIC_KEY),
      privateKey: optional(env.VAPID_PRIVATE_KEY),
      subject: env.VAPID_SUBJECT?.trim() || 'mailto:nao-responda@rango.local',
    },
    whatsapp: {
      api: env.WHATSAPP_API?.trim()
        ? oneOf(env.WHATSAPP_API, ['cloud', 'log'] as const, 'WHATSAPP_API')
        : env.NODE_ENV?.trim().toLowerCase() === 'production'
          ? 'cloud'
          : 'log',
      graphUrl: (env.WHATSAPP_GRAPH_URL?.trim() || 'https://graph.facebook.com').replace(/\/+$/, ''),
    },
    ifood: ifoodConfig(env),
  };
  if (Boolean(config.vapid?.publicKey) !== Boolean(config.vapid?.privateKey)) {
    throw new Error(
      'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas: defina as duas ou nenhuma (both or neither)',
    );
  }
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
  // A key kept in the database beside the values it encrypts would protect nothing.
  if (!config.secretsKeys) {
    throw new ConfigError(
      'SECRETS_KEYS é obrigatória com NODE_ENV=production: a chave que cifra as credenciais dos restaurantes, 32 bytes em base64 (openssl rand -base64 32), como SECRETS_KEYS=k1:<chave> (SECRETS_KEYS is required in production)',
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
