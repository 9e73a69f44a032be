import { GatewayValidacaoError } from '../port.ts';
import type { BandeiraGateway, EstadoPagamento, PixGerado, ResultadoPagamento } from '../port.ts';

/**
 * Mercado Pago's wire format (mercadopago.ts holds the calls): its payment statuses mapped onto
 * ours, its payment and card answers read, pure functions.
 */

/** Mercado Pago's `payment.status` values (API reference, "Obter pagamento"). */
export type StatusMercadoPago =
  | 'pending'
  | 'approved'
  | 'authorized'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

/**
 * Ours from Mercado Pago's: approved/authorized → pago; pending/in_process/in_mediation →
 * pendente; rejected/cancelled → negado, except a PIX that was cancelled because its
 * `date_of_expiration` passed (`status_detail: expired`) → expirado; refunded/charged_back →
 * estornado. Anything unknown is still pending (never paid by guess).
 */
export function estadoDeMercadoPago(status: string, statusDetail: string | null): EstadoPagamento {
  switch (status) {
    case 'approved':
    case 'authorized':
      return 'pago';
    case 'rejected':
      return 'negado';
    case 'cancelled':
      return statusDetail === 'expired' ? 'expirado' : 'negado';
    case 'refunded':
    case 'charged_back':
      return 'estornado';
    default:
      return 'pendente';
  }
}

/** The `status_detail` codes the customer may read, in Portuguese. */
export const MENSAGENS: Record<string, string> = {
  accredited: 'Pagamento aprovado',
  pending_contingency: 'Pagamento em análise',
  pending_review_manual: 'Pagamento em análise',
  pending_waiting_transfer: 'Aguardando o pagamento do PIX',
  pending_challenge: 'Aguardando a autenticação do banco',
  cc_rejected_bad_filled_card_number: 'Número do cartão inválido',
  cc_rejected_bad_filled_date: 'Data de expiração é inválida',
  cc_rejected_bad_filled_other: 'Dados do cartão inválidos',
  cc_rejected_bad_filled_security_code: 'Código de segurança inválido',
  cc_rejected_blacklist: 'Pagamento recusado',
  cc_rejected_call_for_authorize: 'Autorize o pagamento com o banco emissor',
  cc_rejected_card_disabled: 'Cartão desabilitado: ligue para o banco emissor',
  cc_rejected_duplicated_payment: 'Pagamento duplicado',
  cc_rejected_high_risk: 'Pagamento recusado',
  cc_rejected_insufficient_amount: 'Saldo insuficiente',
  cc_rejected_max_attempts: 'Limite de tentativas atingido',
  cc_rejected_other_reason: 'Não Autorizada',
  cc_rejected_3ds_challenge: 'Autenticação do banco não concluída',
  expired: 'Código PIX expirado',
  by_collector: 'Pagamento cancelado',
  refunded: 'Pagamento estornado',
};

// ---- Reading JSON ---------------------------------------------------------------------------------

export function obj(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function texto(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

/** Reais with cents (Mercado Pago's `transaction_amount`) → integer cents. */
export function centavos(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 100) : null;
}

/** Integer cents → Mercado Pago's decimal reais. */
export function reais(valor: number): number {
  return Math.round(valor) / 100;
}

/** Mercado Pago's ids in a URL path: payments and cards are numbers; customers `123-abc`. */
export const ID_PAGAMENTO = /^\d{1,20}$/;
export const ID_CLIENTE = /^[A-Za-z0-9-]{1,64}$/;
/** A browser card token (32 hex characters on Mercado Pago). */
export const TOKEN_CARTAO = /^[A-Za-z0-9]{8,64}$/;

/**
 * A saved card, as our `cartao.token` column keeps it: `c<card id>-<customer id>` (letters,
 * digits and '-', the shape the domain's card token allows).
 */
export const CARTAO_SALVO = /^c(\d{1,20})-([A-Za-z0-9-]{1,64})$/;

export function referenciaCartaoSalvo(cardId: string, customerId: string): string {
  return `c${cardId}-${customerId}`;
}

export function lerReferenciaCartao(token: string): { cardId: string; customerId: string } | null {
  const m = CARTAO_SALVO.exec(token);
  return m?.[1] && m[2] ? { cardId: m[1], customerId: m[2] } : null;
}

/** Mercado Pago's `payment_method_id` of a card, by our brand and kind (Brazil). */
export function metodoDoCartao(bandeira: BandeiraGateway, tipo: 'credito' | 'debito'): string | null {
  if (tipo === 'debito') {
    return (
      ({ Visa: 'debvisa', Master: 'debmaster', Elo: 'debelo' } as Partial<Record<BandeiraGateway, string>>)[
        bandeira
      ] ?? null
    );
  }
  return (
    (
      {
        Visa: 'visa',
        Master: 'master',
        Amex: 'amex',
        Elo: 'elo',
        Diners: 'diners',
        Hipercard: 'hipercard',
      } as Partial<Record<BandeiraGateway, string>>
    )[bandeira] ?? null
  );
}

/** Our brand from Mercado Pago's `payment_method.id` ('visa', 'debmaster', …). */
export function bandeiraDoMetodo(metodo: string | null): BandeiraGateway | null {
  const m = (metodo ?? '').toLowerCase().replace(/^deb/, '');
  const tabela: Record<string, BandeiraGateway> = {
    visa: 'Visa',
    master: 'Master',
    amex: 'Amex',
    elo: 'Elo',
    diners: 'Diners',
    hipercard: 'Hipercard',
  };
  return tabela[m] ?? null;
}

/** MM/YYYY from Mercado Pago's month and year. */
export function expiracaoDe(mes: unknown, ano: unknown): string {
  const m = typeof mes === 'number' ? mes : Number(mes);
  const a = typeof ano === 'number' ? ano : Number(ano);
  if (!Number.isInteger(m) || !Number.isInteger(a) || m < 1 || m > 12) return '';
  return `${String(m).padStart(2, '0')}/${a}`;
}

/** A PIX's code and image from `point_of_interaction.transaction_data`. */
export function lerPix(p: Record<string, unknown>): PixGerado | null {
  const dados = obj(obj(p.point_of_interaction)?.transaction_data);
  const qrcode = texto(dados?.qr_code);
  const base64 = texto(dados?.qr_code_base64);
  const expira = texto(p.date_of_expiration);
  if (!qrcode || !base64 || !expira || Number.isNaN(Date.parse(expira))) return null;
  return {
    qrcode,
    imagem: base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`,
    expiraEm: new Date(Date.parse(expira)).toISOString(),
  };
}

/** A payment as Mercado Pago answers it; null when the body is not one. */
export function lerPagamento(corpo: unknown, agora: number): ResultadoPagamento | null {
  const p = obj(corpo);
  const id = texto(p?.id);
  const status = texto(p?.status);
  if (!p || !id || !status) return null;
  const detalhe = texto(p.status_detail);
  const pix = texto(p.payment_method_id) === 'pix' ? lerPix(p) : null;
  let estado = estadoDeMercadoPago(status, detalhe);
  // Mercado Pago cancels an unpaid PIX some time after its expiry: past it, it is expired for us.
  if (pix && estado === 'pendente' && Date.parse(pix.expiraEm) <= agora) estado = 'expirado';
  const tres = obj(p.three_ds_info);
  const url = texto(tres?.external_resource_url);
  const creq = texto(tres?.creq);
  const desafio = detalhe === 'pending_challenge' && url && creq ? { url, creq } : null;
  return {
    paymentId: id,
    estado,
    returnCode: detalhe,
    returnMessage: detalhe === null ? null : (MENSAGENS[detalhe] ?? 'Pagamento recusado'),
    authenticationUrl: null,
    cardToken: null,
    pix,
    desafio3ds: desafio,
  };
}

/** Of the payments one reference found, the one that tells most (as Cielo's adapter does). */
export const PRIORIDADE: Record<EstadoPagamento, number> = {
  pago: 0,
  pendente: 1,
  estornado: 2,
  expirado: 3,
  negado: 4,
};

/**
 * Mercado Pago's 400 answer (`{message, error, status, cause: [{code, description}]}`) as the
 * port's validation error. Its texts are not echoed (they may quote what was sent): the codes are.
 */
export function erroDeValidacao(corpo: unknown): GatewayValidacaoError {
  const causas = Array.isArray(obj(corpo)?.cause) ? (obj(corpo)!.cause as unknown[]) : [];
  const erros = causas
    .map((c) => {
      const code = Number(texto(obj(c)?.code) ?? 0);
      return {
        Code: Number.isSafeInteger(code) ? code : 0,
        Message: 'Requisição recusada pelo Mercado Pago',
      };
    })
    .slice(0, 5);
  return new GatewayValidacaoError(
    erros.length > 0 ? erros : [{ Code: 0, Message: 'Requisição recusada pelo Mercado Pago' }],
  );
}

/** Statement text (Mercado Pago's `statement_descriptor`): letters, digits, spaces, ≤ 13 characters. */
export function descritor(s: string | undefined): string | null {
  if (!s) return null;
  const limpo = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .slice(0, 13)
    .trim();
  return limpo === '' ? null : limpo;
}

function escapar(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page the challenge iframe loads (Mercado Pago's 3DS guide: the browser POSTs `creq` to
 * `external_resource_url`, form-encoded). Served by us, it submits itself (its one inline script
 * carries the CSP nonce of the response); it carries no card data.
 */
export function paginaDesafio3ds(desafio: { url: string; creq: string }, nonce?: string): string {
  const n = nonce ? ` nonce="${escapar(nonce)}"` : '';
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Autenticação do banco</title></head><body><form id="f" method="post" action="${escapar(desafio.url)}"><input type="hidden" name="creq" value="${escapar(desafio.creq)}"><noscript><button type="submit">Continuar</button></noscript></form><script${n}>document.getElementById('f').submit()</script></body></html>`;
}
