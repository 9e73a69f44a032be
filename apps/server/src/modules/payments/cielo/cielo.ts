import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { GatewayIndisponivelError, GatewayValidacaoError, statusDeCielo } from '../port.ts';
import type {
  BandeiraGateway,
  CartaoTokenizado,
  CobrancaCartao,
  CobrancaPix,
  PaymentGateway,
  PixGerado,
  ResultadoPagamento,
  TokenizacaoNavegador,
  TokenMpi,
} from '../port.ts';

/**
 * Cielo's e-commerce API 3.0 (docs.cielo.com.br/ecommerce-cielo), behind our PaymentGateway port.
 *
 * The wire, as documented:
 * - Sales `POST {apiUrl}/1/sales/` with the headers MerchantId, MerchantKey and RequestId; credit
 *   (`CreditCard`, `Capture: true`), debit (`DebitCard`, `Authenticate: true`, `ReturnUrl`, and
 *   `ExternalAuthentication {Cavv, Xid, Eci, Version, ReferenceId}` when the browser ran 3-D Secure;
 *   without it Cielo answers `Payment.AuthenticationUrl`, the bank's page), a saved card by
 *   `CardToken`, `SaveCard: true` answering `Payment.CreditCard.CardToken`, and PIX (`Type: 'Pix'`,
 *   answering `QrCodeBase64Image` and `QrCodeString`). Errors: HTTP 400 with `[{Code, Message}]`.
 * - Queries on the query host: `GET {queryUrl}/1/sales/{PaymentId}` and
 *   `GET {queryUrl}/1/sales?merchantOrderId=…` (answers only `{Payments: [{PaymentId, ReceveidDate}]}`:
 *   each payment is then read by its id).
 * - Refund/void: `PUT {apiUrl}/1/sales/{PaymentId}/void?amount=N`.
 * - Card vault: `POST {apiUrl}/1/card/` (answers `CardToken`), `GET {queryUrl}/1/card/{CardToken}`.
 * - Silent Order Post (browser tokenisation) takes two server steps: an OAuth2 token from Braspag's
 *   `auth…/oauth2/token` (Basic ClientId:ClientSecret, `grant_type=client_credentials`), then
 *   `POST {sopUrl}/post/api/public/v2/accesstoken` (Bearer + MerchantId) answering
 *   `{AccessToken, Issued, ExpiresIn}`; the browser posts the card to `{sopUrl}/post/api/public/v1/card`.
 * - 3-D Secure 2 (Braspag's MPI): `POST {mpi.authUrl}/v2/auth/token` with Basic ClientId:ClientSecret
 *   and `{EstablishmentCode, MerchantName, MCC}`.
 * - Notification post: `{RecurrentPaymentId, PaymentId, ChangeType}` to our URL, with up to three
 *   static headers the merchant registers with Cielo's support (we use one as a shared secret).
 *
 * Card number and CVV go into the sale (or tokenisation) body and nowhere else: errors are built from
 * the HTTP status and Cielo's error codes only, and Cielo's own error texts are scrubbed of them.
 */

export interface CieloOptions {
  merchantId: string;
  merchantKey: string;
  /** Transactional host: https://api.cieloecommerce.cielo.com.br (sandbox: https://apisandbox.cieloecommerce.cielo.com.br). */
  apiUrl: string;
  /** Query host: https://apiquery.cieloecommerce.cielo.com.br (sandbox: https://apiquerysandbox.cieloecommerce.cielo.com.br). */
  queryUrl: string;
  /**
   * Silent Order Post host: https://transaction.pagador.com.br (sandbox:
   * https://transactionsandbox.pagador.com.br). The access token comes from
   * `{sopUrl}/post/api/public/v2/accesstoken`; the browser posts the card to `{sopUrl}/post/api/public/v1/card`.
   */
  sopUrl: string;
  /**
   * Step 1 of the SOP access token: Braspag's OAuth2 (https://auth.braspag.com.br/oauth2/token, sandbox
   * https://authsandbox.braspag.com.br/oauth2/token) with the merchant's SOP ClientId/ClientSecret.
   * Without it `tokenizacaoNavegador` fails (the browser cannot tokenise; the raw-number path still works).
   */
  sopOAuth?: { url: string; clientId: string; clientSecret: string };
  mpi: {
    /** https://mpi.braspag.com.br (sandbox https://mpisandbox.braspag.com.br); we POST `{authUrl}/v2/auth/token`. */
    authUrl: string;
    clientId: string;
    clientSecret: string;
    /** Cielo e-commerce 3.0 affiliation code (10 digits). */
    establishmentCode: string;
    /** As registered at Cielo (≤ 25 characters). */
    merchantName: string;
    /** Merchant category code (4 digits). */
    mcc: string;
    /** The BP.Mpi script the app loads. */
    scriptUrl: string;
    environment: 'SDB' | 'PRD';
  };
  /**
   * `Payment.Provider` of PIX charges. Cielo's current PIX integration is 'Cielo2' (it has no sandbox
   * yet); null sends none (the older integration, and the sandbox).
   */
  pixProvider?: string | null;
  /** Per HTTP call. Default 15000. */
  timeoutMs?: number;
  /** The value of the `x-rango-notification-secret` header registered with Cielo for our notification URL. */
  notificationSecret?: string;
  fetch?: typeof fetch;
}

/** The header Cielo sends with every notification post (registered with Cielo's support). */
export const HEADER_NOTIFICACAO = 'x-rango-notification-secret';

/** Cielo's maximum (and default) lifetime of a PIX QR code. */
export const PIX_VALIDADE_MAXIMA_SEGUNDOS = 86_400;

/** Cielo's English error texts the app shows, in the spec's words (spec section 8). */
const TRADUCOES: Record<number, string> = {
  126: 'Data de expiração é inválida',
};

/** Cielo's MerchantOrderId: letters and digits only; 25 characters for PIX (Cielo2), 50 for cards. */
const MERCHANT_ORDER_ID_MAX = 25;

/**
 * Our `chave` as Cielo's MerchantOrderId, the same for the sale and for the query that finds it.
 * Cielo allows only [A-Za-z0-9] and, for PIX, 25 characters: a key that already fits is sent as is;
 * any other keeps a readable prefix and ends with a hash of the whole key, so two keys never meet.
 */
export function merchantOrderIdDe(chave: string): string {
  if (/^[A-Za-z0-9]+$/.test(chave) && chave.length <= MERCHANT_ORDER_ID_MAX) return chave;
  const hash = createHash('sha256').update(chave).digest('hex').slice(0, 10);
  return chave.replace(/[^A-Za-z0-9]/g, '').slice(0, MERCHANT_ORDER_ID_MAX - hash.length) + hash;
}

/** Namespace of the RequestIds we derive from a key (UUID version 5, RFC 9562). */
const NAMESPACE_REQUEST_ID = Buffer.from('6c1f3b0a8e2d4f7a9b5c0d1e2f3a4b5c', 'hex');

/**
 * The RequestId of a sale: derived from the key, so Cielo's logs tie every attempt of one key
 * together (we never resend one, but a support ticket can name it).
 */
export function requestIdDe(chave: string): string {
  const h = createHash('sha1').update(NAMESPACE_REQUEST_ID).update(chave).digest().subarray(0, 16);
  h.writeUInt8((h.readUInt8(6) & 0x0f) | 0x50, 6);
  h.writeUInt8((h.readUInt8(8) & 0x3f) | 0x80, 8);
  const x = h.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

// ---- Reading Cielo's JSON -------------------------------------------------------------------------

/**
 * A field by name, ignoring case: Cielo's API is case-insensitive and its documentation mixes
 * spellings (`PaymentId`/`Paymentid`, `QrCodeBase64Image`/`QrcodeBase64Image`).
 */
function campo(obj: unknown, nome: string): unknown {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
  const alvo = nome.toLowerCase();
  for (const [k, v] of Object.entries(obj)) if (k.toLowerCase() === alvo) return v;
  return undefined;
}

function texto(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function inteiro(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

/** Cielo's dates ('2020-10-15 18:53:20', or with a 'T') are Brasília time (UTC−3) unless they say otherwise. */
function dataCielo(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v.trim());
  if (!m) return null;
  const t = Date.parse(`${m[1]}T${m[2]}${m[3] ?? ''}${m[4] ?? '-03:00'}`);
  return Number.isNaN(t) ? null : t;
}

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** What we put in a URL path as an id: Cielo's ids are GUIDs; anything else is not one of theirs. */
const ID_SEGURO = /^[A-Za-z0-9-]{1,64}$/;

/** Long digit runs (a card number, spaced or not) in a text that came from outside. */
const SEQUENCIA_DE_CARTAO = /\d(?:[ .-]?\d){11,18}/g;

/** A text from Cielo without the card number, the CVV or anything shaped like a card number. */
function semDadosDoCartao(t: string, segredos: readonly string[]): string {
  let limpo = t;
  for (const s of segredos) if (s.length >= 3) limpo = limpo.split(s).join('***');
  return limpo.replace(SEQUENCIA_DE_CARTAO, '***').slice(0, 300);
}

function errosDe(corpo: unknown, segredos: readonly string[]): { Code: number; Message: string }[] {
  const erros = (Array.isArray(corpo) ? corpo : [])
    .map((e: unknown) => {
      const code = inteiro(campo(e, 'Code')) ?? 0;
      const message = TRADUCOES[code] ?? semDadosDoCartao(texto(campo(e, 'Message')) ?? '', segredos);
      return { Code: code, Message: message };
    })
    .filter((e) => e.Code !== 0 || e.Message !== '');
  return erros.length > 0 ? erros : [{ Code: 0, Message: 'Requisição recusada pela Cielo' }];
}

const BANDEIRAS: Record<string, BandeiraGateway> = {
  visa: 'Visa',
  master: 'Master',
  mastercard: 'Master',
  amex: 'Amex',
  elo: 'Elo',
  diners: 'Diners',
  discover: 'Discover',
  hipercard: 'Hipercard',
};

/**
 * A brand from the card's first digits (Cielo's card query answers the masked number, its first six
 * digits included). Elo and Hipercard ranges first: they sit inside Visa's and Discover's.
 */
function bandeiraPeloBin(numero: string): BandeiraGateway | null {
  const d = numero.replace(/\D/g, '');
  if (
    /^(4011(78|79)|43(1274|8935)|45(1416|7393|763[12])|50(4175|6699|67[0-7]\d|9000)|627780|63(6297|6368)|650(03[^4]|04\d|05[01]|4(0[5-9]|3\d|8[5-9]|9\d)|5([0-2]\d|3[0-8])|9([2-6]\d|7[0-8])|541|700|720|901)|651652|655000|655021)/.test(
      d,
    )
  )
    return 'Elo';
  if (/^(606282|3841[046]0)/.test(d)) return 'Hipercard';
  if (/^3[47]/.test(d)) return 'Amex';
  if (/^(30[0-5]|36|38)/.test(d)) return 'Diners';
  if (/^(6011|65|64[4-9])/.test(d)) return 'Discover';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(d)) return 'Master';
  if (/^4/.test(d)) return 'Visa';
  return null;
}

/** Seconds from an expiry Cielo/Braspag gives as seconds or as a (Brasília) instant. */
function segundosAte(v: unknown, agora: number): number | null {
  const n = inteiro(v);
  if (n !== null) return Math.max(0, n);
  const t = dataCielo(v);
  return t === null ? null : Math.max(0, Math.floor((t - agora) / 1000));
}

function basic(id: string, segredo: string): string {
  return `Basic ${Buffer.from(`${id}:${segredo}`).toString('base64')}`;
}

/** Constant-time comparison that does not reveal the length either. */
function iguais(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** Names on a card: letters and spaces, without accents, ≤ 25 characters (Cielo's error 214 otherwise). */
function titularCielo(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 25);
}

/** Statement text: letters, digits and spaces, ≤ 13 characters. */
function softDescriptor(s: string | undefined): string | null {
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

function cliente(c: { nome: string; cpf: string | null }): Record<string, string> {
  const cpf = c.cpf?.replace(/\D/g, '') ?? '';
  return { Name: c.nome.slice(0, 255), ...(cpf ? { Identity: cpf, IdentityType: 'CPF' } : {}) };
}

/** Of the payments one key found, the one that tells most: paid, then waiting, then refunded, then the rest. */
const PRIORIDADE: Record<ResultadoPagamento['estado'], number> = {
  pago: 0,
  pendente: 1,
  estornado: 2,
  expirado: 3,
  negado: 4,
};

interface Resposta {
  status: number;
  corpo: unknown;
}

export function createCieloGateway(opts: CieloOptions): PaymentGateway {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const base = (u: string) => u.replace(/\/+$/, '');
  const apiUrl = base(opts.apiUrl);
  const queryUrl = base(opts.queryUrl);
  const sopUrl = base(opts.sopUrl);
  const mpiUrl = base(opts.mpi.authUrl);
  const pixProvider = opts.pixProvider === undefined ? 'Cielo2' : opts.pixProvider;

  /**
   * One HTTP call. No answer (refused connection, time-out, a body cut short) is
   * GatewayIndisponivelError, with no cause attached: a cause could carry the request.
   */
  async function pedir(
    metodo: 'GET' | 'POST' | 'PUT',
    url: string,
    cabecalhos: Record<string, string>,
    corpo?: string,
  ): Promise<Resposta> {
    let res: Response;
    let bruto: string;
    try {
      res = await doFetch(url, {
        method: metodo,
        headers: { Accept: 'application/json', ...cabecalhos },
        body: corpo,
        signal: AbortSignal.timeout(timeoutMs),
      });
      bruto = await res.text();
    } catch (e) {
      const tempo = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new GatewayIndisponivelError(tempo ? 'cielo: tempo esgotado' : 'cielo: sem resposta');
    }
    let json: unknown = undefined;
    if (bruto.trim() !== '') {
      try {
        json = JSON.parse(bruto);
      } catch {
        json = undefined;
      }
    }
    return { status: res.status, corpo: json };
  }

  /** A call to Cielo's API 3.0 (transactional or query host) with the merchant's credentials. */
  function api(metodo: 'GET' | 'POST' | 'PUT', url: string, corpo?: unknown, requestId?: string) {
    return pedir(
      metodo,
      url,
      {
        MerchantId: opts.merchantId,
        MerchantKey: opts.merchantKey,
        RequestId: requestId ?? randomUUID(),
        ...(corpo === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      corpo === undefined ? undefined : JSON.stringify(corpo),
    );
  }

  function lerPix(p: unknown, agora: number, expiraEm?: string): PixGerado | null {
    const qrcode = texto(campo(p, 'QrCodeString'));
    const imagem = texto(campo(p, 'QrCodeBase64Image'));
    if (!qrcode || !imagem) return null;
    let expira = expiraEm;
    if (!expira) {
      // Cielo answers the creation instant, and the lifetime when it was set; its default is 24 h.
      // Without a creation instant the longest lifetime Cielo allows is the only safe guess.
      const segundos =
        inteiro(campo(p, 'QrCodeExpiration')) ??
        inteiro(campo(campo(p, 'QrCode'), 'Expiration')) ??
        PIX_VALIDADE_MAXIMA_SEGUNDOS;
      const inicio = dataCielo(campo(p, 'ReceivedDate')) ?? agora;
      expira = new Date(inicio + segundos * 1000).toISOString();
    }
    return {
      qrcode,
      imagem: imagem.startsWith('data:') ? imagem : `data:image/png;base64,${imagem}`,
      expiraEm: expira,
    };
  }

  /** A sale as Cielo answers it (`{MerchantOrderId, Customer, Payment}`); null when it is not one. */
  function lerVenda(venda: unknown, pixExpiraEm?: string): ResultadoPagamento | null {
    const p = campo(venda, 'Payment');
    const status = inteiro(campo(p, 'Status'));
    if (status === null) return null;
    const agora = Date.now();
    const cartao = campo(p, 'CreditCard') ?? campo(p, 'DebitCard');
    const pix = lerPix(p, agora, pixExpiraEm);
    let estado = statusDeCielo(status);
    if (pix && estado === 'pendente' && Date.parse(pix.expiraEm) <= agora) estado = 'expirado';
    const mensagem = texto(campo(p, 'ReturnMessage')) ?? texto(campo(p, 'ProviderReturnMessage'));
    return {
      paymentId: texto(campo(p, 'PaymentId')),
      estado,
      returnCode: texto(campo(p, 'ReturnCode')) ?? texto(campo(p, 'ProviderReturnCode')),
      returnMessage: mensagem === null ? null : semDadosDoCartao(mensagem, []),
      authenticationUrl: texto(campo(p, 'AuthenticationUrl')),
      cardToken: texto(campo(cartao, 'CardToken')),
      pix,
    };
  }

  async function consultar(paymentId: string): Promise<ResultadoPagamento | null> {
    if (!ID_SEGURO.test(paymentId)) return null;
    const r = await api('GET', `${queryUrl}/1/sales/${paymentId}`);
    // 400 is Cielo's answer to an id that is not a GUID: no such payment either.
    if (r.status === 404 || r.status === 400) return null;
    if (r.status !== 200)
      throw new GatewayIndisponivelError(`cielo: consulta respondida com HTTP ${r.status}`);
    const res = lerVenda(r.corpo);
    if (!res) throw new GatewayIndisponivelError('cielo: consulta fora do formato');
    return { ...res, paymentId: res.paymentId ?? paymentId };
  }

  async function consultarPorChave(chave: string): Promise<ResultadoPagamento | null> {
    const r = await api(
      'GET',
      `${queryUrl}/1/sales?merchantOrderId=${encodeURIComponent(merchantOrderIdDe(chave))}`,
    );
    if (r.status === 404) return null;
    if (r.status !== 200)
      throw new GatewayIndisponivelError(`cielo: consulta respondida com HTTP ${r.status}`);
    const lista = campo(r.corpo, 'Payments') ?? [];
    if (!Array.isArray(lista)) throw new GatewayIndisponivelError('cielo: consulta fora do formato');
    const ids = lista
      .map((p: unknown) => texto(campo(p, 'PaymentId')))
      .filter((id): id is string => id !== null);
    let melhor: ResultadoPagamento | null = null;
    // One key is one attempt, so one payment; a handful is already an anomaly worth reading in full.
    for (const id of ids.slice(0, 10)) {
      const res = await consultar(id);
      if (res && (!melhor || PRIORIDADE[res.estado] <= PRIORIDADE[melhor.estado])) melhor = res;
    }
    return melhor;
  }

  /**
   * After a sale without an answer: ask once whether the payment exists. Never post the sale again
   * (a second POST could charge twice); if the query finds nothing the outcome stays unknown.
   */
  async function reconciliar(chave: string, pixExpiraEm?: string): Promise<ResultadoPagamento> {
    let achado: ResultadoPagamento | null;
    try {
      achado = await consultarPorChave(chave);
    } catch {
      throw new GatewayIndisponivelError('cielo: venda sem resposta e consulta sem resposta');
    }
    if (!achado)
      throw new GatewayIndisponivelError('cielo: venda sem resposta; nenhum pagamento com essa chave');
    return pixExpiraEm && achado.pix ? { ...achado, pix: { ...achado.pix, expiraEm: pixExpiraEm } } : achado;
  }

  async function vender(
    chave: string,
    corpo: unknown,
    segredos: readonly string[],
    pixExpiraEm?: string,
  ): Promise<ResultadoPagamento> {
    let r: Resposta;
    try {
      r = await api('POST', `${apiUrl}/1/sales/`, corpo, requestIdDe(chave));
    } catch (e) {
      if (e instanceof GatewayIndisponivelError) return reconciliar(chave, pixExpiraEm);
      throw e;
    }
    if (r.status === 200 || r.status === 201) {
      // A success we cannot read still means the sale may exist: find it rather than guess.
      return lerVenda(r.corpo, pixExpiraEm) ?? reconciliar(chave, pixExpiraEm);
    }
    if (r.status === 400) throw new GatewayValidacaoError(errosDe(r.corpo, segredos));
    if (r.status >= 500) return reconciliar(chave, pixExpiraEm);
    throw new GatewayIndisponivelError(`cielo: venda respondida com HTTP ${r.status}`);
  }

  /**
   * The sale body. With a token the CVV is optional (a saved card is paid without it); a CVV or a
   * number given is forwarded here once and kept nowhere.
   */
  function corpoCartao(req: CobrancaCartao): unknown {
    const c = req.cartao;
    const debito = req.tipo === 'debito';
    const autenticar = debito || req.autenticacao !== null;
    const noCartao: Record<string, unknown> = c.token
      ? { CardToken: c.token, ...(c.cvv ? { SecurityCode: c.cvv } : {}), Brand: c.bandeira }
      : {
          CardNumber: (c.numero ?? '').replace(/\D/g, ''),
          Holder: titularCielo(c.titular ?? req.comprador.nome),
          ExpirationDate: c.expiracao ?? '',
          ...(c.cvv ? { SecurityCode: c.cvv } : {}),
          SaveCard: req.salvar,
          Brand: c.bandeira,
        };
    const a = req.autenticacao;
    const externa = a
      ? Object.fromEntries(
          Object.entries({
            Cavv: a.cavv,
            Xid: a.xid,
            Eci: a.eci,
            Version: a.version,
            ReferenceId: a.referenceid,
          }).filter(([, v]) => v !== null && v !== ''),
        )
      : null;
    const soft = softDescriptor(req.softDescriptor);
    return {
      MerchantOrderId: merchantOrderIdDe(req.chave),
      Customer: cliente(req.comprador),
      Payment: {
        Type: debito ? 'DebitCard' : 'CreditCard',
        Amount: req.valor,
        Currency: 'BRL',
        Country: 'BRA',
        Installments: 1,
        ...(debito ? {} : { Capture: true }),
        Authenticate: autenticar,
        ...(autenticar ? { ReturnUrl: req.returnUrl } : {}),
        ...(soft ? { SoftDescriptor: soft } : {}),
        [debito ? 'DebitCard' : 'CreditCard']: noCartao,
        ...(externa ? { ExternalAuthentication: externa } : {}),
        // Mastercard requires the initiator on purchases that store or use a stored card (CIT, C1).
        ...(c.bandeira === 'Master' && (c.token || req.salvar)
          ? { InitiatedTransactionIndicator: { Category: 'C1', Subcategory: 'CredentialsOnFile' } }
          : {}),
      },
    };
  }

  function cartaoDaConsulta(token: string, corpo: unknown): CartaoTokenizado {
    const numero = texto(campo(corpo, 'CardNumber')) ?? '';
    const marca = texto(campo(corpo, 'Brand'));
    const bandeira = (marca && BANDEIRAS[marca.toLowerCase()]) || bandeiraPeloBin(numero);
    const final = numero.replace(/\D/g, '').slice(-4);
    if (!bandeira || final.length !== 4)
      throw new GatewayIndisponivelError('cielo: cartão sem bandeira ou final');
    return {
      token,
      bandeira,
      final,
      titular: texto(campo(corpo, 'Holder')) ?? '',
      expiracao: texto(campo(corpo, 'ExpirationDate')) ?? '',
    };
  }

  return {
    nome: 'cielo',

    async cobrarCartao(req) {
      const segredos = [req.cartao.numero?.replace(/\D/g, ''), req.cartao.numero, req.cartao.cvv].filter(
        (s): s is string => !!s,
      );
      const res = await vender(req.chave, corpoCartao(req), segredos);
      // A token is ours to keep only when we asked Cielo to save the card.
      return req.salvar ? res : { ...res, cardToken: null };
    },

    async criarPix(req: CobrancaPix) {
      // Cielo's QR lives at most 24 h: we ask for our lifetime, capped there, and say the same expiry.
      const segundos = Math.min(Math.max(1, Math.floor(req.expiraEmSegundos)), PIX_VALIDADE_MAXIMA_SEGUNDOS);
      const expiraEm = new Date(Date.now() + segundos * 1000).toISOString();
      const corpo = {
        MerchantOrderId: merchantOrderIdDe(req.chave),
        Customer: cliente(req.comprador),
        Payment: {
          Type: 'Pix',
          ...(pixProvider ? { Provider: pixProvider } : {}),
          Amount: req.valor,
          QrCode: { Expiration: segundos },
        },
      };
      const res = await vender(req.chave, corpo, [], expiraEm);
      return { ...res, cardToken: null };
    },

    consultar,
    consultarPorChave,

    async estornar(paymentId, valor) {
      if (!ID_SEGURO.test(paymentId))
        throw new GatewayValidacaoError([{ Code: 307, Message: 'Transaction not found' }]);
      if (!Number.isSafeInteger(valor) || valor <= 0) {
        throw new GatewayValidacaoError([{ Code: 108, Message: 'Amount must be greater or equal to zero' }]);
      }
      let r: Resposta | null = null;
      try {
        r = await api('PUT', `${apiUrl}/1/sales/${paymentId}/void?amount=${valor}`);
      } catch (e) {
        if (!(e instanceof GatewayIndisponivelError)) throw e;
      }
      if (r && (r.status === 200 || r.status === 201)) {
        const status = inteiro(campo(r.corpo, 'Status'));
        if (status !== null) {
          return {
            paymentId,
            estado: statusDeCielo(status),
            returnCode: texto(campo(r.corpo, 'ReturnCode')) ?? texto(campo(r.corpo, 'ProviderReturnCode')),
            returnMessage:
              texto(campo(r.corpo, 'ReturnMessage')) ?? texto(campo(r.corpo, 'ProviderReturnMessage')),
            authenticationUrl: null,
            cardToken: null,
            pix: null,
          };
        }
      }
      // Refused, unanswered or unreadable: an already refunded payment is the answer we wanted
      // (Cielo refuses a second void with 309/312), anything else is an error.
      const atual = await consultar(paymentId).catch(() => null);
      if (atual?.estado === 'estornado') return { ...atual, cardToken: null };
      if (r && r.status === 400) throw new GatewayValidacaoError(errosDe(r.corpo, []));
      if (r && r.status === 404)
        throw new GatewayValidacaoError([{ Code: 307, Message: 'Transaction not found' }]);
      throw new GatewayIndisponivelError(
        r ? `cielo: estorno respondido com HTTP ${r.status}` : 'cielo: estorno sem resposta',
      );
    },

    async tokenizarCartao(cartao) {
      const numero = cartao.numero.replace(/\D/g, '');
      const r = await api('POST', `${apiUrl}/1/card/`, {
        CustomerName: cartao.titular.slice(0, 255),
        CardNumber: numero,
        Holder: titularCielo(cartao.titular),
        ExpirationDate: cartao.expiracao,
        Brand: cartao.bandeira,
      });
      if (r.status === 400) throw new GatewayValidacaoError(errosDe(r.corpo, [numero, cartao.numero]));
      const token = r.status === 200 || r.status === 201 ? texto(campo(r.corpo, 'CardToken')) : null;
      if (!token) throw new GatewayIndisponivelError(`cielo: tokenização respondida com HTTP ${r.status}`);
      return {
        token,
        bandeira: cartao.bandeira,
        final: numero.slice(-4),
        titular: cartao.titular,
        expiracao: cartao.expiracao,
      };
    },

    async consultarToken(token) {
      if (!ID_SEGURO.test(token)) return null;
      const r = await api('GET', `${queryUrl}/1/card/${token}`);
      if (r.status === 404 || r.status === 400) return null;
      if (r.status !== 200)
        throw new GatewayIndisponivelError(`cielo: consulta de cartão com HTTP ${r.status}`);
      return cartaoDaConsulta(token, r.corpo);
    },

    async tokenizacaoNavegador(): Promise<TokenizacaoNavegador> {
      const sop = opts.sopOAuth;
      if (!sop) throw new GatewayIndisponivelError('cielo: Silent Order Post sem ClientId/ClientSecret');
      const oauth = await pedir(
        'POST',
        sop.url,
        {
          Authorization: basic(sop.clientId, sop.clientSecret),
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        'grant_type=client_credentials',
      );
      const bearer = oauth.status === 200 ? texto(campo(oauth.corpo, 'access_token')) : null;
      if (!bearer)
        throw new GatewayIndisponivelError(`cielo: OAuth do Silent Order Post com HTTP ${oauth.status}`);
      const r = await pedir('POST', `${sopUrl}/post/api/public/v2/accesstoken`, {
        MerchantId: opts.merchantId,
        Authorization: `Bearer ${bearer}`,
      });
      const accessToken = r.status === 200 || r.status === 201 ? texto(campo(r.corpo, 'AccessToken')) : null;
      if (!accessToken)
        throw new GatewayIndisponivelError(`cielo: AccessToken do Silent Order Post com HTTP ${r.status}`);
      // Issued and ExpiresIn are instants of the same clock: their difference is the lifetime.
      const emitido = dataCielo(campo(r.corpo, 'Issued'));
      const expira = dataCielo(campo(r.corpo, 'ExpiresIn'));
      const expiresIn =
        emitido !== null && expira !== null
          ? Math.max(0, Math.floor((expira - emitido) / 1000))
          : (segundosAte(campo(r.corpo, 'ExpiresIn'), Date.now()) ?? 0);
      return { url: `${sopUrl}/post/api/public/v1/card`, accessToken, expiresIn };
    },

    async tokenMpi(): Promise<TokenMpi> {
      const m = opts.mpi;
      const r = await pedir(
        'POST',
        `${mpiUrl}/v2/auth/token`,
        { Authorization: basic(m.clientId, m.clientSecret), 'Content-Type': 'application/json' },
        JSON.stringify({ EstablishmentCode: m.establishmentCode, MerchantName: m.merchantName, MCC: m.mcc }),
      );
      const accessToken = r.status === 200 || r.status === 201 ? texto(campo(r.corpo, 'access_token')) : null;
      if (!accessToken) throw new GatewayIndisponivelError(`cielo: token 3DS com HTTP ${r.status}`);
      // Braspag documents expires_in as a number in one table and as an instant in its example: read
      // both. A number is taken as seconds (OAuth 2's unit): if it were minutes, we only renew sooner.
      const expiresIn = segundosAte(campo(r.corpo, 'expires_in'), Date.now()) ?? 0;
      return {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: expiresIn,
        script_url: m.scriptUrl,
        environment: m.environment,
      };
    },

    lerNotificacao(body, headers) {
      const segredo = opts.notificationSecret;
      if (!segredo) return null;
      const bruto = Object.entries(headers).find(([k]) => k.toLowerCase() === HEADER_NOTIFICACAO)?.[1];
      const recebido = Array.isArray(bruto) ? (bruto.length === 1 ? bruto[0] : undefined) : bruto;
      if (typeof recebido !== 'string' || !iguais(recebido, segredo)) return null;
      let dados: unknown = body;
      if (typeof body === 'string') {
        try {
          dados = JSON.parse(body);
        } catch {
          return null;
        }
      }
      const id = texto(campo(dados, 'PaymentId'));
      return id !== null && GUID.test(id) ? id : null;
    },
  };
}
