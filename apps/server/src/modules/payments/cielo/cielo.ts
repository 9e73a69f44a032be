import { randomUUID } from 'node:crypto';
import { GatewayIndisponivelError, GatewayValidacaoError, statusDeCielo } from '../port.ts';
import {
  basic,
  campo,
  cartaoDaConsulta,
  cliente,
  corpoCartao,
  dataCielo,
  errosDe,
  GUID,
  ID_SEGURO,
  iguais,
  inteiro,
  lerVenda,
  merchantOrderIdDe,
  PIX_VALIDADE_MAXIMA_SEGUNDOS,
  PRIORIDADE,
  requestIdDe,
  segundosAte,
  texto,
  titularCielo,
} from './formato.ts';
import type {
  CobrancaPix,
  PaymentGateway,
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

export { merchantOrderIdDe, requestIdDe, PIX_VALIDADE_MAXIMA_SEGUNDOS } from './formato.ts';

/** The header Cielo sends with every notification post (registered with Cielo's support). */
export const HEADER_NOTIFICACAO = 'x-rango-notification-secret';

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
