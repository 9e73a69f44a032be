/**
 * The tracking page's online payment (spec section 4; issue 5): which pending panel an order
 * needs (the debit authentication or the PIX charge), how a pending payment ended, the refund of
 * a cancelled one, and the message the payment callback page posts.
 */
import { STATUS, TIPO_PGTO, currentStatus, isCancelado, type Transacao } from '@rango/domain';
import { formatData, formatDataHora, formatHora } from './datas.ts';
import { CALLBACK_PAGAMENTO } from '../../../config/pagamento.ts';
import type { PedidoDetalhe } from './pedido-json.ts';

/** Spec section 9: the pending PIX panel asks again every 10 s. */
export const PIX_POLL_MS = 10_000;

/**
 * Ours: after the bank's page returned to /aguardando-pagamento, how often the status is asked
 * until the gateway's answer is in (the tracking page's own 15 s poll would leave the customer
 * looking at 'Aguarde...').
 */
export const DEBITO_RETORNO_POLL_MS = 3_000;

export interface PixPendente {
  tipo: 'pix';
  /** The BR Code (copy and paste); null when the charge did not come with one. */
  qrcode: string | null;
  /** The QR image as a data:image URL; null when missing or not an image. */
  imagem: string | null;
  expiraEm: string | null;
  /** Cents. */
  valor: number;
  /** The sandbox gateway's 'bank app' that pays it (demo only; null with a real gateway). */
  url: string | null;
}

/** A card payment waiting for the bank's authentication (3-D Secure). */
export interface DebitoPendente {
  tipo: 'debito';
  /** The bank's authentication page (http or https only). */
  url: string;
  /** Debit, or a credit card whose bank asked for the challenge (Mercado Pago, issue 23). */
  cartao: 'debito' | 'credito';
}

export type PagamentoPendente = PixPendente | DebitoPendente;

/**
 * The bank page's address as an iframe may load it: absolute, http(s) only (a `javascript:` or
 * `data:` address from a compromised answer would run in our page's frame). Relative addresses
 * (the sandbox's own bank page) resolve against this site.
 */
export function urlAutenticacao(url: string, base: string = window.location.origin): string | null {
  try {
    const u = new URL(url, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** Only a data:image URL is shown as the QR image (the wire promises one). */
const imagemQrCode = (src: string | null): string | null =>
  src !== null && /^data:image\/[a-z0-9.+-]+[;,]/i.test(src) ? src : null;

/**
 * Spec section 4: a pending PIX (status 10 and the first payment of type 200: its QR code and
 * copy-and-paste code) or a pending debit (status 10 with the transaction's bank page url, the
 * first transaction being a debit, or a credit card the bank challenged). Null otherwise.
 */
export function pagamentoPendente(
  pedido: Pick<PedidoDetalhe, 'historico' | 'transacoes' | 'pedido_json'>,
): PagamentoPendente | null {
  if (currentStatus(pedido.historico) !== STATUS.PgtoPendente) return null;
  const pagamento = pedido.pedido_json.pagamentos[0];
  if (pagamento?.formapgto_sttipopgto === TIPO_PGTO.Pix) {
    // The latest charge: after 'Gerar novo código' the first one is expired (issue 14).
    const pix = pedido.transacoes.findLast((t) => t.tipo === 'pix');
    return {
      tipo: 'pix',
      qrcode: pix?.qrcode?.trim() || null,
      imagem: imagemQrCode(pix?.imagem_qrcode ?? null),
      expiraEm: pix?.expira_em ?? null,
      valor: pix?.valor ?? pagamento.valor,
      url: pix?.url ? urlAutenticacao(pix.url) : null,
    };
  }
  const primeira = pedido.transacoes[0];
  if ((primeira?.tipo === 'debito' || primeira?.tipo === 'credito') && primeira.url) {
    const url = urlAutenticacao(primeira.url);
    if (url) return { tipo: 'debito', url, cartao: primeira.tipo };
  }
  return null;
}

/**
 * How a payment that was pending stands now: still `pendente` (10), `pago` (confirmed: 11, or
 * Sincronizado 20 and every later step), `negado` (cancelled: denied, expired). Null without a
 * status.
 */
export function desfechoPagamento(status: number | null): 'pendente' | 'pago' | 'negado' | null {
  if (status === null) return null;
  if (isCancelado(status)) return 'negado';
  if (status === STATUS.PgtoPendente) return 'pendente';
  return status >= STATUS.PgtoConfirmado ? 'pago' : null;
}

export type Estorno =
  | { estado: 'estornado'; valor: number }
  | { estado: 'estorno_pendente'; valor: number }
  /** Cancelled because the payment was denied or expired: the customer was never charged. */
  | { estado: 'nada_cobrado' };

/**
 * What happened to the online payment of a cancelled order (the timeline says refunds are
 * automatic; this says where that refund is). Null when no online payment was involved.
 */
export function estornoDoPedido(pedido: Pick<PedidoDetalhe, 'historico' | 'transacoes'>): Estorno | null {
  // A renewed PIX has several charges (issue 14): a refunded one speaks first, else the latest.
  const estornada = pedido.transacoes.find(
    (x) => x.estado === 'estornado' || x.estado === 'estorno_pendente',
  );
  const t: Transacao | undefined = estornada ?? pedido.transacoes.at(-1);
  if (!t) return null;
  if (t.estado === 'estornado' || t.estado === 'estorno_pendente')
    return { estado: t.estado, valor: t.valor };
  if ((t.estado === 'negado' || t.estado === 'expirado') && isCancelado(currentStatus(pedido.historico))) {
    return { estado: 'nada_cobrado' };
  }
  return null;
}

/** 'às 19:30' on the same day as `agora`, else '13/05/2025 às 10:00'. Empty for an invalid instant. */
export function quandoExpira(iso: string, agora: Date = new Date()): string {
  const hora = formatHora(iso);
  if (!hora) return '';
  return formatData(iso) === formatData(agora.toISOString()) ? `às ${hora}` : `em ${formatDataHora(iso)}`;
}

/**
 * A message from the payment callback page: only from this site's origin and with the expected
 * shape. Everything else (the sandbox bank page's own `{tipo: 'rango-3ds'}`, other frames,
 * extensions) is ignored.
 */
export function isCallbackPagamento(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string = window.location.origin,
): boolean {
  const data: unknown = event.data;
  return (
    event.origin === origin &&
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === CALLBACK_PAGAMENTO.type
  );
}
