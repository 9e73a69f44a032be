// Readers of one environment variable each (config.ts's loadConfig composes them).
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { S3Config } from './modules/menu/s3.ts';
import { parseKeyRing } from './modules/secrets/keys.ts';
import type { KeyRing } from './modules/secrets/keys.ts';
import { ConfigError, DEMO_SIMULATOR_STEPS } from './config-types.ts';
import type {
  Config,
  DemoSimulatorSteps,
  MapaConfig,
  MetricsConfig,
  PaymentsConfig,
  TrustProxy,
} from './config-types.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

export const DEFAULT_DATABASE_FILE = `${REPO_ROOT}data/rango.db`;

export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

export function port(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`PORT inválida: ${value}`);
  return n;
}

export function optional(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v ? v : undefined;
}

export function seconds(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new ConfigError(`Duração inválida (segundos): ${value}`);
  return n;
}

export const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix, or one of proxy-addr's preset names. */
export function isProxyAddress(value: string): boolean {
  if (PROXY_PRESETS.has(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/`0`/`false` → false; `1` → 1 hop; `10.0.0.0/8,10.1.2.3` → that list. */
export function trustProxy(value: string | undefined): TrustProxy {
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
export function simulatorSteps(value: string | undefined): DemoSimulatorSteps {
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

export function milliseconds(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 10 * 60_000)
    throw new ConfigError(`${name} inválido: ${value} (milissegundos, de 0 a 600000)`);
  return n;
}

export function poolMax(value: string | undefined): number {
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
export function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
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
export function semCredenciais(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/**
 * DATABASE_URL: `postgres://` / `postgresql://` (parsed here: a typo there would otherwise be a
 * confusing connection error at the first query), `sqlite:`/`file:` URLs, or a plain file path.
 * Any other scheme would silently become a SQLite file named after the URL.
 */
export function databaseUrl(value: string | undefined): string {
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

export function metricsConfig(env: NodeJS.ProcessEnv): MetricsConfig {
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
export function mapaConfig(env: NodeJS.ProcessEnv): MapaConfig | undefined {
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

export function jwtSecret(value: string | undefined): string | undefined {
  const v = optional(value);
  if (v !== undefined && v.length < MIN_JWT_SECRET) {
    throw new ConfigError(
      `JWT_SECRET curto demais: use pelo menos ${MIN_JWT_SECRET} caracteres (ou deixe-o vazio)`,
    );
  }
  return v;
}

/** SECRETS_KEYS / SECRETS_KEY (modules/secrets/keys.ts); the message never shows a key. */
export function secretsKeys(env: NodeJS.ProcessEnv): KeyRing | undefined {
  const ring = parseKeyRing(env);
  if (ring && 'erro' in ring) throw new ConfigError(ring.erro);
  return ring;
}

/** The first choice is the default. */
export function oneOf<const T extends readonly string[]>(
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

export function paymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
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
    mercadopago: {
      apiUrl: env.MERCADOPAGO_API_URL?.trim() || 'https://api.mercadopago.com',
      authUrl: env.MERCADOPAGO_AUTH_URL?.trim() || 'https://auth.mercadopago.com',
      scriptUrl: env.MERCADOPAGO_SDK_URL?.trim() || 'https://sdk.mercadopago.com/js/v2',
      clientId: optional(env.MERCADOPAGO_CLIENT_ID),
      clientSecret: optional(env.MERCADOPAGO_CLIENT_SECRET),
      webhookSecret: optional(env.MERCADOPAGO_WEBHOOK_SECRET),
    },
  };
}

/** An outside API's base URL: http(s), no credentials, no query; the trailing slash dropped. */
function baseUrl(value: string | undefined, fallback: string, name: string): string {
  const v = optional(value);
  if (v === undefined) return fallback;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(`${name} inválida: ${semCredenciais(v)} (esperado https://servidor)`);
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password || u.search || u.hash)
    throw new ConfigError(`${name} inválida: ${semCredenciais(v)} (esperado https://servidor)`);
  return v.replace(/\/+$/, '');
}

/** iFood's merchant API (issue 24 part 4): its hosts and how often its events are polled. */
export function ifoodConfig(env: NodeJS.ProcessEnv): { apiUrl: string; authUrl: string; consultaMs: number } {
  const apiUrl = baseUrl(env.IFOOD_API_URL, 'https://merchant-api.ifood.com.br', 'IFOOD_API_URL');
  const authUrl = baseUrl(env.IFOOD_AUTH_URL, apiUrl, 'IFOOD_AUTH_URL');
  const consulta = optional(env.IFOOD_CONSULTA_SEGUNDOS);
  const n = consulta === undefined ? 30 : Number(consulta);
  if (!Number.isInteger(n) || n < 1 || n > 600)
    throw new ConfigError(`IFOOD_CONSULTA_SEGUNDOS inválido: ${consulta} (segundos, de 1 a 600)`);
  return { apiUrl, authUrl, consultaMs: n * 1000 };
}
