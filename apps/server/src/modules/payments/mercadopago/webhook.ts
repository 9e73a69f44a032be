import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mercado Pago's webhook signature (Notificações › Webhooks › "Validar origem da notificação"):
 *
 * - header `x-signature: ts={ts},v1={hex}` and header `x-request-id`;
 * - manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` (a part whose value is absent is
 *   left out; an alphanumeric `data.id` goes in lower case), HMAC-SHA256 with the application's
 *   secret, hex.
 *
 * `data.id` is the notification URL's query parameter (`?data.id=…&type=payment`); Mercado Pago
 * sends the same id in the body's `data.id`, which is used when the caller has no query. Either
 * way the id is inside the signed manifest, so a forged id fails the check.
 *
 * The body is never trusted beyond that id: the caller re-reads the payment from the API.
 */

export type ResultadoWebhook =
  | { ok: true; paymentId: string }
  | {
      ok: false;
      motivo: 'sem-assinatura' | 'assinatura-invalida' | 'expirada' | 'repetida' | 'nao-e-pagamento';
    };

export interface EntradaWebhook {
  headers: Record<string, string | string[] | undefined>;
  /** The parsed query string of the notification URL (Fastify's `req.query`). */
  query?: Record<string, unknown>;
  /** The parsed body; only its `data.id` and `type` are read, and only when the query lacks them. */
  body?: unknown;
}

function cabecalho(headers: EntradaWebhook['headers'], nome: string): string | null {
  const v = Object.entries(headers).find(([k]) => k.toLowerCase() === nome)?.[1];
  const s = Array.isArray(v) ? (v.length === 1 ? v[0] : undefined) : v;
  return typeof s === 'string' && s !== '' ? s : null;
}

function textoDe(v: unknown): string | null {
  if (typeof v === 'string' && v !== '') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}

/** The manifest Mercado Pago signs. */
export function manifesto(dataId: string | null, requestId: string | null, ts: string): string {
  let m = '';
  if (dataId) m += `id:${/^[A-Za-z0-9]+$/.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) m += `request-id:${requestId};`;
  return `${m}ts:${ts};`;
}

/** The `x-signature` value for a notification (the fake's side, and tests). */
export function assinarWebhook(p: {
  segredo: string;
  dataId: string;
  requestId: string;
  ts: string;
}): string {
  const v1 = createHmac('sha256', p.segredo)
    .update(manifesto(p.dataId, p.requestId, p.ts))
    .digest('hex');
  return `ts=${p.ts},v1=${v1}`;
}

/** `ts=…,v1=…` → its parts (order-free, spaces tolerated). */
export function lerAssinatura(x: string): { ts: string; v1: string } | null {
  let ts: string | null = null;
  let v1: string | null = null;
  for (const parte of x.split(',')) {
    const i = parte.indexOf('=');
    if (i < 0) continue;
    const k = parte.slice(0, i).trim();
    const v = parte.slice(i + 1).trim();
    if (k === 'ts') ts = v;
    else if (k === 'v1') v1 = v;
  }
  return ts && v1 && /^\d{1,16}$/.test(ts) && /^[0-9a-f]{64}$/i.test(v1)
    ? { ts, v1: v1.toLowerCase() }
    : null;
}

/** `ts` as milliseconds: Mercado Pago's examples write seconds, some notifications milliseconds. */
function instante(ts: string): number {
  const n = Number(ts);
  return n > 100_000_000_000 ? n : n * 1000;
}

export interface WebhookVerifierOptions {
  segredo: string;
  /** How old (or how far ahead) `ts` may be. Default 300 s. */
  janelaSegundos?: number;
  agora?: () => Date;
}

/**
 * A verifier that also refuses a notification already accepted (the same signature twice inside
 * the window): a replay changes nothing even before the payment is re-read. It remembers
 * signatures only for the window, so memory stays bounded by the notifications of one window.
 */
export interface WebhookVerifier {
  verificar(e: EntradaWebhook): ResultadoWebhook;
}

export function createWebhookVerifier(opts: WebhookVerifierOptions): WebhookVerifier {
  const janela = (opts.janelaSegundos ?? 300) * 1000;
  const agora = opts.agora ?? (() => new Date());
  const vistas = new Map<string, number>();

  function verificar(e: EntradaWebhook): ResultadoWebhook {
    const x = cabecalho(e.headers, 'x-signature');
    const assinatura = x ? lerAssinatura(x) : null;
    if (!assinatura) return { ok: false, motivo: 'sem-assinatura' };
    const requestId = cabecalho(e.headers, 'x-request-id');
    const corpo = e.body !== null && typeof e.body === 'object' ? (e.body as Record<string, unknown>) : {};
    const dados =
      corpo.data !== null && typeof corpo.data === 'object' ? (corpo.data as Record<string, unknown>) : {};
    const dataId = textoDe(e.query?.['data.id']) ?? textoDe(dados.id);
    const esperado = createHmac('sha256', opts.segredo)
      .update(manifesto(dataId, requestId, assinatura.ts))
      .digest();
    const recebido = Buffer.from(assinatura.v1, 'hex');
    if (recebido.length !== esperado.length || !timingSafeEqual(recebido, esperado)) {
      return { ok: false, motivo: 'assinatura-invalida' };
    }
    const t = agora().getTime();
    if (Math.abs(t - instante(assinatura.ts)) > janela) return { ok: false, motivo: 'expirada' };
    for (const [k, ate] of vistas) if (ate < t) vistas.delete(k);
    if (vistas.has(assinatura.v1)) return { ok: false, motivo: 'repetida' };
    const tipo = textoDe(e.query?.type) ?? textoDe(e.query?.topic) ?? textoDe(corpo.type);
    if (tipo !== 'payment' || !dataId || !/^\d{1,20}$/.test(dataId))
      return { ok: false, motivo: 'nao-e-pagamento' };
    vistas.set(assinatura.v1, instante(assinatura.ts) + janela);
    return { ok: true, paymentId: dataId };
  }

  return { verificar };
}

/** One check without replay memory (the window still applies). */
export function verificarWebhook(opts: WebhookVerifierOptions & EntradaWebhook): ResultadoWebhook {
  return createWebhookVerifier(opts).verificar(opts);
}
