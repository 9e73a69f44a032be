/**
 * The payment gateway port (issue 5). Two implementations: the embedded sandbox (sandbox/*.ts,
 * which follows Cielo's documented sandbox rules) and Cielo's e-commerce API 3.0 (cielo.ts).
 *
 * Card data: a `CartaoCobranca` either names a gateway token (tokenised in the browser, the
 * normal path) or carries the raw number and CVV (the spec's compatibility payload), which the
 * adapter forwards once and forgets. No implementation logs, stores or echoes number or CVV.
 *
 * Idempotency: every call that moves money carries our own `chave` (unique per attempt). The
 * same `chave` twice never charges twice: the sandbox remembers it; Cielo's adapter sends it as
 * MerchantOrderId and, after a time-out, finds the payment by it (`consultarPorChave`).
 */

/** Card brands as Cielo names them (spec section 5). */
export type BandeiraGateway = 'Visa' | 'Master' | 'Amex' | 'Elo' | 'Diners' | 'Discover' | 'Hipercard';

/** Our view of a payment's state (Cielo's Payment.Status mapped in `statusDeCielo`). */
export type EstadoPagamento =
  /** Waiting: debit authentication, a PIX not yet paid, Cielo 0 NotFinished / 12 Pending. */
  | 'pendente'
  /** Cielo 1 Authorized or 2 PaymentConfirmed: the money is the restaurant's. */
  | 'pago'
  /** Cielo 3 Denied / 13 Aborted: nothing was charged. */
  | 'negado'
  /** Cielo 10 Voided / 11 Refunded. */
  | 'estornado'
  /** A PIX charge whose expiry passed unpaid. */
  | 'expirado';

/** Cielo's Payment.Status numbers (API 3.0 documentation, "Status transacional"). */
export const CIELO_STATUS = {
  NotFinished: 0,
  Authorized: 1,
  PaymentConfirmed: 2,
  Denied: 3,
  Voided: 10,
  Refunded: 11,
  Pending: 12,
  Aborted: 13,
  Scheduled: 20,
} as const;

/**
 * Cielo's documented sandbox outcomes by the card number's last digit (9: any of them at random).
 * The embedded sandbox gateway and the local fake of Cielo's API both follow this one table.
 */
export const SANDBOX_DESFECHOS: Readonly<
  Record<string, { aprovado: boolean; codigo: string; mensagem: string }>
> = {
  '0': { aprovado: true, codigo: '6', mensagem: 'Operation Successful' },
  '1': { aprovado: true, codigo: '6', mensagem: 'Operation Successful' },
  '4': { aprovado: true, codigo: '6', mensagem: 'Operation Successful' },
  '2': { aprovado: false, codigo: '05', mensagem: 'Não Autorizada' },
  '3': { aprovado: false, codigo: '57', mensagem: 'Cartão Expirado' },
  '5': { aprovado: false, codigo: '78', mensagem: 'Cartão Bloqueado' },
  '6': { aprovado: false, codigo: '99', mensagem: 'Time Out' },
  '7': { aprovado: false, codigo: '77', mensagem: 'Cartão Cancelado' },
  '8': { aprovado: false, codigo: '70', mensagem: 'Problemas com o Cartão de Crédito' },
};

/** Maps Cielo's Payment.Status to ours. */
export function statusDeCielo(status: number): EstadoPagamento {
  switch (status) {
    case CIELO_STATUS.Authorized:
    case CIELO_STATUS.PaymentConfirmed:
      return 'pago';
    case CIELO_STATUS.Denied:
    case CIELO_STATUS.Aborted:
      return 'negado';
    case CIELO_STATUS.Voided:
    case CIELO_STATUS.Refunded:
      return 'estornado';
    default:
      return 'pendente';
  }
}

/** 3-D Secure data from the authentication script (spec section 3, external_authentication). */
export interface AutenticacaoExterna {
  cavv: string | null;
  xid: string | null;
  eci: string | null;
  version: string | null;
  referenceid: string | null;
}

export interface CartaoCobranca {
  /** A gateway card token (browser tokenisation or a saved card): the normal path. */
  token?: string | null;
  /** Raw number and CVV (compatibility path): forwarded once, never kept. */
  numero?: string | null;
  cvv?: string | null;
  /** MM/YYYY */
  expiracao?: string | null;
  titular?: string | null;
  bandeira: BandeiraGateway;
}

export interface CobrancaCartao {
  /** Our idempotency key for this attempt (≤ 50 chars, [A-Za-z0-9-]). */
  chave: string;
  /** Cents. */
  valor: number;
  tipo: 'credito' | 'debito';
  cartao: CartaoCobranca;
  /** Ask the gateway to keep the card and answer its token (Cielo's SaveCard). */
  salvar: boolean;
  /** Debit: the browser's 3-D Secure result; null = the gateway's own authentication page. */
  autenticacao: AutenticacaoExterna | null;
  /** Where the bank's authentication page sends the customer back (/aguardando-pagamento). */
  returnUrl: string;
  /** `email`: Mercado Pago requires the payer's e-mail (Cielo ignores it). */
  comprador: { nome: string; cpf: string | null; email?: string | null };
  /** Establishment name on the statement (≤ 13 chars on Cielo). */
  softDescriptor?: string;
  /** The platform operator's fee, cents (Mercado Pago's `application_fee`; the others ignore it). */
  taxaPlataforma?: number;
}

export interface CobrancaPix {
  chave: string;
  valor: number;
  comprador: { nome: string; cpf: string | null; email?: string | null };
  /** Seconds until the charge expires. */
  expiraEmSegundos: number;
  /** The platform operator's fee, cents (Mercado Pago's `application_fee`; the others ignore it). */
  taxaPlataforma?: number;
}

/** What the gateway answered about one payment. */
export interface ResultadoPagamento {
  /** The gateway's id of the payment (Cielo's PaymentId); null when none was created. */
  paymentId: string | null;
  estado: EstadoPagamento;
  /** Cielo's Payment.ReturnCode / ReturnMessage ('05', 'Não Autorizada'). */
  returnCode: string | null;
  returnMessage: string | null;
  /** Debit without external authentication: the bank's page to show in the iframe. */
  authenticationUrl: string | null;
  /** The card's token when `salvar` was asked and the gateway kept it. */
  cardToken: string | null;
  pix: PixGerado | null;
  /**
   * Mercado Pago's 3-D Secure challenge (`status_detail: pending_challenge`): the browser POSTs
   * `creq` to `url` in an iframe (mercadopago/formato.ts `paginaDesafio3ds` writes that page).
   * Absent for the other gateways.
   */
  desafio3ds?: { url: string; creq: string } | null;
}

export interface PixGerado {
  /** The BR Code (copy-and-paste text). */
  qrcode: string;
  /** The QR image as a data: URL (image/png or image/svg+xml). */
  imagem: string;
  /** ISO instant. */
  expiraEm: string;
}

/** A card the gateway holds (for saving a browser-tokenised card: brand and last digits from the gateway). */
export interface CartaoTokenizado {
  token: string;
  bandeira: BandeiraGateway;
  /** The last four digits. */
  final: string;
  titular: string;
  /** MM/YYYY */
  expiracao: string;
}

/** Browser-side tokenisation (Cielo's Silent Order Post): where the app posts the card, and with what. */
export interface TokenizacaoNavegador {
  /** The POST address (sandbox: our /api/ead/sandbox/sop/card/; Cielo: .../post/api/public/v1/card). */
  url: string;
  accessToken: string;
  /** Seconds the access token lasts. */
  expiresIn: number;
}

/** 3-D Secure access token for the authentication script (spec: GET /controle/3ds/token/). */
export interface TokenMpi {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** The script the app loads (Braspag's BP.Mpi in production; ours in the sandbox). */
  script_url: string;
  /** 'SDB' (sandbox) or 'PRD' (spec section 9 default: production). */
  environment: 'SDB' | 'PRD';
}

/**
 * The gateway refused the request itself (Cielo's validation errors, HTTP 400 with
 * `[{Code, Message}]`, e.g. 126 'Data de expiração é inválida'): nothing was charged.
 */
export class GatewayValidacaoError extends Error {
  constructor(readonly erros: { Code: number; Message: string }[]) {
    super(`gateway: ${erros.map((e) => `${e.Code} ${e.Message}`).join('; ')}`);
    this.name = 'GatewayValidacaoError';
  }
}

/**
 * The gateway did not answer (time-out, connection error, 5xx): the outcome is unknown and must be
 * reconciled with `consultarPorChave`, never by charging again.
 */
export class GatewayIndisponivelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayIndisponivelError';
  }
}

export interface PaymentGateway {
  readonly nome: 'sandbox' | 'cielo' | 'mercadopago';
  /** Authorise and capture a credit or debit card payment. Throws GatewayValidacaoError / GatewayIndisponivelError. */
  cobrarCartao(req: CobrancaCartao): Promise<ResultadoPagamento>;
  /** Create a dynamic PIX charge. */
  criarPix(req: CobrancaPix): Promise<ResultadoPagamento>;
  /** A payment by the gateway's id. */
  consultar(paymentId: string): Promise<ResultadoPagamento | null>;
  /** A payment by our key (after a time-out: did the charge happen?). Null: no payment with that key. */
  consultarPorChave(chave: string): Promise<ResultadoPagamento | null>;
  /** Refund (or void, same day) the whole amount. Idempotent: refunding a refunded payment answers 'estornado'. */
  estornar(paymentId: string, valor: number): Promise<ResultadoPagamento>;
  /** Server-side tokenisation (compatibility path: POST /controle/cartao/ with a raw number). */
  tokenizarCartao(cartao: {
    numero: string;
    /** MM/YYYY */
    expiracao: string;
    titular: string;
    bandeira: BandeiraGateway;
  }): Promise<CartaoTokenizado>;
  /** What the gateway holds under a card token; null if the token is unknown. */
  consultarToken(token: string): Promise<CartaoTokenizado | null>;
  /**
   * Mercado Pago: keeps the card of a one-use token on the buyer's customer (a fresh token, or the
   * token of a payment just approved: one approved later, after a bank challenge or a review, is
   * kept then) and answers the saved card's reference; null when it could not be kept. Absent:
   * the token itself is the saved card's (Cielo, the sandbox).
   */
  salvarCartao?(req: {
    chave: string;
    token: string;
    comprador: { nome: string; cpf: string | null; email?: string | null };
  }): Promise<string | null>;
  /** Browser tokenisation parameters. */
  tokenizacaoNavegador(): Promise<TokenizacaoNavegador>;
  /** 3-D Secure script access token. */
  tokenMpi(): Promise<TokenMpi>;
  /**
   * A provider notification (webhook) body → the payment id it is about, or null if it is not one
   * of ours. The caller then reads the payment with `consultar`: the body itself is never trusted.
   */
  lerNotificacao(body: unknown, headers: Record<string, string | string[] | undefined>): string | null;
}
