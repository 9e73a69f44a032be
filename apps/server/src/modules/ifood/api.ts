/**
 * iFood's merchant API as Rango uses it (developer.ifood.com.br): OAuth client credentials
 * (POST /authentication/v1.0/oauth/token, form-encoded, grantType=client_credentials → accessToken,
 * expiresIn s), events polled (GET /order/v1.0/events:polling with x-polling-merchants; 200 list or
 * 204) and acknowledged (POST /order/v1.0/events/acknowledgment, [{id}] → 202), an order's details
 * (GET /order/v1.0/orders/{id}), its status actions (POST …/confirm | startPreparation |
 * readyToPickup | dispatch | requestCancellation → 202) and a catalogue item's status (catalog v2:
 * the item found by its externalCode — Rango's product id — then PATCH …/items/status). Values
 * are in reais (decimals): converted to integer cents by `centavos`.
 */
import type { Segredo } from '../secrets/service.ts';

export const IFOOD_API_URL = 'https://merchant-api.ifood.com.br';
const TIMEOUT_MS = 10_000;

export interface Credenciais {
  clientId: string;
  clientSecret: Segredo;
}

/** A refusal or failure of iFood: retryable (429, 5xx, network) or not (4xx), with a text for people. */
export class IfoodErro extends Error {
  override name = 'IfoodErro';
  constructor(
    readonly status: number,
    readonly repetir: boolean,
    readonly texto: string,
    /** 429's Retry-After, ms. */
    readonly esperarMs: number | null = null,
  ) {
    super(`iFood ${status}: ${texto}`);
  }
}

import type { IfoodEvento, IfoodPedido } from './formato.ts';

export type { IfoodEvento, IfoodItem, IfoodOpcao, IfoodPedido } from './formato.ts';

export const ACOES_PEDIDO = [
  'confirm',
  'startPreparation',
  'readyToPickup',
  'dispatch',
  'requestCancellation',
] as const;
export type AcaoPedido = (typeof ACOES_PEDIDO)[number];

/** Reais (iFood's decimals) to integer cents, rounded to the nearest cent. */
export const centavos = (reais: number | undefined | null): number =>
  typeof reais === 'number' && Number.isFinite(reais) ? Math.round(reais * 100) : 0;

/** What iFood's refusal says, in Portuguese for the attendant. */
function textoDoErro(status: number, corpo: unknown): string {
  const msg =
    corpo && typeof corpo === 'object'
      ? ((corpo as { message?: unknown; error?: { message?: unknown } }).message ??
        (corpo as { error?: { message?: unknown } }).error?.message)
      : undefined;
  const detalhe = typeof msg === 'string' && msg.trim() ? `: ${msg.trim().slice(0, 200)}` : '';
  if (status === 401 || status === 403) return `O iFood recusou as credenciais (${status})${detalhe}`;
  if (status === 429) return 'O iFood pediu para esperar (limite de requisições).';
  if (status >= 500) return `O iFood está indisponível (${status}).`;
  return `O iFood recusou (${status})${detalhe}`;
}

function retryAfterMs(h: string | null): number | null {
  if (!h) return null;
  const s = Number(h);
  if (Number.isFinite(s) && s >= 0) return Math.min(s * 1000, 10 * 60_000);
  const t = Date.parse(h);
  return Number.isNaN(t) ? null : Math.max(0, Math.min(t - Date.now(), 10 * 60_000));
}

export interface IfoodApiOpcoes {
  baseUrl?: string | undefined;
  /** The OAuth token endpoint's host (IFOOD_AUTH_URL); default: baseUrl. */
  authUrl?: string | undefined;
  agora?: (() => number) | undefined;
}

export function createIfoodApi(opcoes: IfoodApiOpcoes = {}) {
  const base = (opcoes.baseUrl ?? IFOOD_API_URL).replace(/\/+$/, '');
  const baseAuth = (opcoes.authUrl ?? base).replace(/\/+$/, '');
  const agora = opcoes.agora ?? Date.now;
  /** Tokens by client id (one app may serve many stores): reused until a minute before expiry. */
  const tokens = new Map<string, { token: string; ate: number }>();

  async function chamar(
    method: string,
    path: string,
    init: { headers?: Record<string, string>; body?: string } = {},
    host = base,
  ): Promise<Response> {
    try {
      return await fetch(host + path, {
        method,
        headers: init.headers ?? {},
        ...(init.body !== undefined ? { body: init.body } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new IfoodErro(0, true, 'Não foi possível falar com o iFood (rede).');
    }
  }

  async function falha(res: Response): Promise<IfoodErro> {
    let corpo: unknown = null;
    try {
      corpo = await res.json();
    } catch {
      // no JSON body
    }
    const repetir = res.status === 429 || res.status >= 500 || res.status === 408;
    return new IfoodErro(
      res.status,
      repetir,
      textoDoErro(res.status, corpo),
      retryAfterMs(res.headers.get('retry-after')),
    );
  }

  async function token(c: Credenciais, novo = false): Promise<string> {
    const t = tokens.get(c.clientId);
    if (!novo && t && t.ate > agora()) return t.token;
    const res = await chamar(
      'POST',
      '/authentication/v1.0/oauth/token',
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grantType: 'client_credentials',
          clientId: c.clientId,
          clientSecret: c.clientSecret.revelar(),
        }).toString(),
      },
      baseAuth,
    );
    if (!res.ok) throw await falha(res);
    const j = (await res.json()) as { accessToken?: unknown; expiresIn?: unknown };
    if (typeof j.accessToken !== 'string')
      throw new IfoodErro(res.status, true, 'Resposta do iFood sem token.');
    const validade = typeof j.expiresIn === 'number' ? j.expiresIn : 3600;
    tokens.set(c.clientId, { token: j.accessToken, ate: agora() + Math.max(0, validade - 60) * 1000 });
    return j.accessToken;
  }

  /** A call with the bearer token; a 401 (expired or revoked token) gets one new token and one retry. */
  async function autorizado(
    c: Credenciais,
    method: string,
    path: string,
    init: { headers?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response> {
    for (let tentativa = 0; ; tentativa++) {
      const t = await token(c, tentativa > 0);
      const res = await chamar(method, path, {
        headers: {
          authorization: `Bearer ${t}`,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...init.headers,
        },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
      if (res.status === 401 && tentativa === 0) {
        tokens.delete(c.clientId);
        continue;
      }
      if (!res.ok) throw await falha(res);
      return res;
    }
  }

  return {
    /** Asks iFood for a new token with these credentials: throws its refusal (401 for a wrong secret). */
    async verificar(c: Credenciais): Promise<void> {
      await token(c, true);
    },

    /** New events of these stores (not yet acknowledged), oldest first. */
    async eventos(c: Credenciais, merchants: readonly string[]): Promise<IfoodEvento[]> {
      const res = await autorizado(c, 'GET', '/order/v1.0/events:polling', {
        headers: { 'x-polling-merchants': merchants.join(',') },
      });
      if (res.status === 204) return [];
      const lista = (await res.json()) as unknown;
      if (!Array.isArray(lista)) return [];
      return (lista as IfoodEvento[])
        .filter((e) => e && typeof e.id === 'string' && typeof e.orderId === 'string')
        .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    },

    async confirmarEventos(c: Credenciais, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await autorizado(c, 'POST', '/order/v1.0/events/acknowledgment', { json: ids.map((id) => ({ id })) });
    },

    async pedido(c: Credenciais, orderId: string): Promise<IfoodPedido> {
      const res = await autorizado(c, 'GET', `/order/v1.0/orders/${encodeURIComponent(orderId)}`);
      return (await res.json()) as IfoodPedido;
    },

    async acao(c: Credenciais, orderId: string, acao: AcaoPedido, corpo?: unknown): Promise<void> {
      await autorizado(c, 'POST', `/order/v1.0/orders/${encodeURIComponent(orderId)}/${acao}`, {
        ...(corpo !== undefined ? { json: corpo } : {}),
      });
    },

    /**
     * A catalogue item's status by its externalCode (Rango's product id): the item is found in the
     * store's catalogues, then its status set. False when no item of the store has that code.
     */
    async statusDoItem(
      c: Credenciais,
      merchantId: string,
      externalCode: string,
      status: 'AVAILABLE' | 'UNAVAILABLE',
    ): Promise<boolean> {
      const m = encodeURIComponent(merchantId);
      const catalogos = (await (
        await autorizado(c, 'GET', `/catalog/v2.0/merchants/${m}/catalogs`)
      ).json()) as { catalogId: string }[];
      for (const cat of catalogos) {
        const categorias = (await (
          await autorizado(
            c,
            'GET',
            `/catalog/v2.0/merchants/${m}/catalogs/${encodeURIComponent(cat.catalogId)}/categories?include_items=true`,
          )
        ).json()) as { items?: { id: string; externalCode?: string }[] }[];
        const item = categorias.flatMap((x) => x.items ?? []).find((i) => i.externalCode === externalCode);
        if (item) {
          await autorizado(c, 'PATCH', `/catalog/v2.0/merchants/${m}/items/status`, {
            json: { itemId: item.id, status },
          });
          return true;
        }
      }
      return false;
    },
  };
}

export type IfoodApi = ReturnType<typeof createIfoodApi>;
