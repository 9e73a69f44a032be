import { createHash } from 'node:crypto';
import { GatewayIndisponivelError, GatewayValidacaoError } from '../port.ts';
import type {
  BandeiraGateway,
  CartaoTokenizado,
  CobrancaCartao,
  CobrancaPix,
  PaymentGateway,
  ResultadoPagamento,
  TokenizacaoNavegador,
} from '../port.ts';
import {
  bandeiraDoMetodo,
  descritor,
  erroDeValidacao,
  expiracaoDe,
  ID_CLIENTE,
  ID_PAGAMENTO,
  lerPagamento,
  lerReferenciaCartao,
  metodoDoCartao,
  obj,
  PRIORIDADE,
  reais,
  referenciaCartaoSalvo,
  texto,
  TOKEN_CARTAO,
} from './formato.ts';
import { bandeiraPeloBin } from '../cielo/formato.ts';
import { createWebhookVerifier } from './webhook.ts';
import type { WebhookVerifier } from './webhook.ts';

/**
 * Mercado Pago's payments API (Checkout Transparente / Checkout API), behind our PaymentGateway port.
 *
 * The wire, as documented:
 * - Every call carries `Authorization: Bearer {accessToken}` (the establishment's own, pasted or
 *   obtained by OAuth: oauth.ts); every create carries `X-Idempotency-Key` — our `chave` — so a
 *   create sent twice makes one payment.
 * - Card: `POST /v1/payments` with `token` (made in the browser by Mercado Pago's script from the
 *   public key: the card and its CVV never reach us), `installments: 1`, `payment_method_id` and
 *   `issuer_id` (from the token's BIN by `GET /v1/payment_methods/installments`, which must offer
 *   the kind and one installment), `payer`, `external_reference` (our `chave`),
 *   `three_d_secure_mode: 'optional'` (credit and debit); an answer `status: pending,
 *   status_detail: pending_challenge` carries `three_ds_info {external_resource_url, creq}`, the
 *   bank's challenge (port: `desafio3ds`). The token is read back first (`GET
 *   /v1/card_tokens/{id}`: BIN, last four, `card_id` for a saved card).
 * - Saved cards: customers (`/v1/customers`, `/v1/customers/search?email=`) and their cards
 *   (`/v1/customers/{id}/cards`). Our `cartao.token` keeps `c{card_id}-{customer_id}` (the
 *   browser reads the card id from it); that reference is never paid. The browser makes a one-use
 *   token with `{cardId, securityCode}` in Mercado Pago's secure field; the server finds that
 *   `card_id` among the cards of the buyer's own customer (by e-mail; another customer's card is
 *   refused) and pays with `payer: {type: 'customer', id}`. A new card to save is paid with the
 *   browser's token, then kept on the customer with that same token once approved (Mercado Pago's
 *   documented order; a payment approved later, after a challenge or a review, keeps it then:
 *   `salvarCartao`, which the profile's 'add a card' also uses with a fresh token).
 * - PIX: `payment_method_id: 'pix'` with `date_of_expiration`, answering
 *   `point_of_interaction.transaction_data.{qr_code, qr_code_base64}`.
 * - Reads: `GET /v1/payments/{id}`, `GET /v1/payments/search?external_reference=…`.
 * - Refund (full): `POST /v1/payments/{id}/refunds`; a payment still pending is cancelled instead
 *   (`PUT /v1/payments/{id}` `{status: 'cancelled'}`).
 * - Marketplace fee: `application_fee` (reais) from the request's `taxaPlataforma` (cents; the
 *   platform operator's fee on an account connected by OAuth), or from `applicationFee`.
 * - 401/403: `CredenciaisInvalidasError` (nothing was charged: the request was refused).
 */

export interface MercadoPagoOptions {
  /** The seller's access token (`APP_USR-…`, or `TEST-…` for test credentials). */
  accessToken: string;
  /** The seller's public key: the browser's script tokenises cards with it. */
  publicKey: string;
  /** https://api.mercadopago.com */
  apiUrl: string;
  /** The browser script (https://sdk.mercadopago.com/js/v2; the fake serves its own). */
  scriptUrl?: string;
  /** The webhook secret of the application (Suas integrações › Webhooks), for `lerNotificacao`. */
  webhookSecret?: string;
  /** Seconds a webhook's `ts` may be old. Default 300. */
  webhookJanelaSegundos?: number;
  /**
   * A verifier shared by the gateways of one process (webhook.ts `createWebhookVerifier`), so a
   * replay is refused even when each request builds its own gateway. Default: one per gateway.
   */
  webhookVerifier?: WebhookVerifier;
  /** The marketplace fee in cents for a payment of `valor` cents (OAuth integrations only). */
  applicationFee?: (valor: number) => number;
  /**
   * Where Mercado Pago posts the webhooks of payments created here (optional: the application's
   * URL is used otherwise). A function is asked at each create (the establishment's host name may
   * change while its gateway is cached).
   */
  notificationUrl?: string | (() => string | undefined);
  /** The payer's e-mail when the order has none (Mercado Pago requires one). */
  emailPadrao?: string;
  /**
   * The address of our own page that opens a 3-D Secure challenge (plugin.ts: a signed path of
   * the challenge route), stored as the payment's authentication url so the order's page frames
   * it. Absent: the challenge is reported in `desafio3ds` only.
   */
  urlDesafio3ds?: (chave: string) => string;
  /** Per HTTP call. Default 15000. */
  timeoutMs?: number;
  agora?: () => Date;
  fetch?: typeof fetch;
}

/** The account's credentials were refused (HTTP 401/403): wrong, revoked or expired token. */
export class CredenciaisInvalidasError extends GatewayValidacaoError {
  readonly provedor = 'mercadopago';
  constructor(readonly status: number) {
    super([{ Code: status, Message: 'Credenciais do Mercado Pago inválidas' }]);
    this.name = 'CredenciaisInvalidasError';
  }
}

export const SCRIPT_URL = 'https://sdk.mercadopago.com/js/v2';

/** A saved card's old reference sent as the card: the browser must send the CVV's token. */
export const MSG_CVV_CARTAO_SALVO = 'Digite o código de segurança (CVV) do cartão salvo para pagar com ele.';
const MSG_TOKEN_INVALIDO = 'Os dados do cartão expiraram. Digite-os de novo.';

interface Resposta {
  status: number;
  corpo: unknown;
}

/** The idempotency key of a refund: one per payment (a full refund happens once). */
export function chaveDeEstorno(paymentId: string): string {
  return `estorno-${paymentId}`;
}

/** The idempotency key of a derived create (customer, card, card token) from our key. */
function chaveDerivada(chave: string, etapa: string): string {
  return `${etapa}-${createHash('sha256').update(chave).digest('hex').slice(0, 32)}`;
}

export function createMercadoPagoGateway(opts: MercadoPagoOptions): PaymentGateway {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const apiUrl = opts.apiUrl.replace(/\/+$/, '');
  const agora = opts.agora ?? (() => new Date());
  /** The payment's `notification_url`, when one is set. */
  const notificacao = (): { notification_url?: string } => {
    const url = typeof opts.notificationUrl === 'function' ? opts.notificationUrl() : opts.notificationUrl;
    return url ? { notification_url: url } : {};
  };
  const webhook =
    opts.webhookVerifier ??
    (opts.webhookSecret
      ? createWebhookVerifier({
          segredo: opts.webhookSecret,
          janelaSegundos: opts.webhookJanelaSegundos,
          agora,
        })
      : null);

  async function pedir(
    metodo: 'GET' | 'POST' | 'PUT' | 'DELETE',
    caminho: string,
    corpo?: unknown,
    chave?: string,
  ): Promise<Resposta> {
    let res: Response;
    let bruto: string;
    try {
      res = await doFetch(`${apiUrl}${caminho}`, {
        method: metodo,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${opts.accessToken}`,
          ...(chave ? { 'X-Idempotency-Key': chave } : {}),
          ...(corpo === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: corpo === undefined ? undefined : JSON.stringify(corpo),
        signal: AbortSignal.timeout(timeoutMs),
      });
      bruto = await res.text();
    } catch (e) {
      const tempo = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      throw new GatewayIndisponivelError(tempo ? 'mercadopago: tempo esgotado' : 'mercadopago: sem resposta');
    }
    if (res.status === 401 || res.status === 403) throw new CredenciaisInvalidasError(res.status);
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

  function indisponivel(o_que: string, r: Resposta): GatewayIndisponivelError {
    return new GatewayIndisponivelError(`mercadopago: ${o_que} respondida com HTTP ${r.status}`);
  }

  async function consultar(paymentId: string): Promise<ResultadoPagamento | null> {
    if (!ID_PAGAMENTO.test(paymentId)) return null;
    const r = await pedir('GET', `/v1/payments/${paymentId}`);
    if (r.status === 404 || r.status === 400) return null;
    if (r.status !== 200) throw indisponivel('consulta', r);
    const res = lerPagamento(r.corpo, agora().getTime());
    if (!res) throw new GatewayIndisponivelError('mercadopago: consulta fora do formato');
    return res;
  }

  async function consultarPorChave(chave: string): Promise<ResultadoPagamento | null> {
    const q = new URLSearchParams({
      external_reference: chave,
      sort: 'date_created',
      criteria: 'desc',
      limit: '10',
    });
    const r = await pedir('GET', `/v1/payments/search?${q}`);
    if (r.status === 404) return null;
    if (r.status !== 200) throw indisponivel('busca', r);
    const lista = obj(r.corpo)?.results;
    if (!Array.isArray(lista)) throw new GatewayIndisponivelError('mercadopago: busca fora do formato');
    const t = agora().getTime();
    let melhor: ResultadoPagamento | null = null;
    for (const item of lista.slice(0, 10)) {
      // The search answers whole payments; only those of this very reference count.
      if (texto(obj(item)?.external_reference) !== chave) continue;
      const res = lerPagamento(item, t);
      if (res && (!melhor || PRIORIDADE[res.estado] <= PRIORIDADE[melhor.estado])) melhor = res;
    }
    return melhor;
  }

  /** After a create without an answer: find the payment by our key, never create again. */
  async function reconciliar(chave: string): Promise<ResultadoPagamento> {
    let achado: ResultadoPagamento | null;
    try {
      achado = await consultarPorChave(chave);
    } catch (e) {
      if (e instanceof CredenciaisInvalidasError) throw e;
      throw new GatewayIndisponivelError('mercadopago: pagamento sem resposta e busca sem resposta');
    }
    if (!achado)
      throw new GatewayIndisponivelError(
        'mercadopago: pagamento sem resposta; nenhum pagamento com essa chave',
      );
    return achado;
  }

  async function criarPagamento(chave: string, corpo: Record<string, unknown>): Promise<ResultadoPagamento> {
    let r: Resposta;
    try {
      r = await pedir('POST', '/v1/payments', corpo, chave);
    } catch (e) {
      if (e instanceof GatewayIndisponivelError) return reconciliar(chave);
      throw e;
    }
    if (r.status === 200 || r.status === 201) {
      const res = lerPagamento(r.corpo, agora().getTime());
      if (!res) return reconciliar(chave);
      // The bank's challenge: the order's page frames our page, which posts `creq` to the bank.
      if (res.desafio3ds && opts.urlDesafio3ds)
        return { ...res, authenticationUrl: opts.urlDesafio3ds(chave) };
      return res;
    }
    if (r.status === 400 || r.status === 422) throw erroDeValidacao(r.corpo);
    // 429 (rate limit) and 5xx: the payment may or may not exist; the key finds it, or says unknown.
    if (r.status === 429 || r.status >= 500) return reconciliar(chave);
    throw indisponivel('criação de pagamento', r);
  }

  function email(c: { email?: string | null }): string {
    const e = c.email?.trim() || opts.emailPadrao?.trim();
    if (!e)
      throw new GatewayValidacaoError([{ Code: 0, Message: 'O Mercado Pago exige o e-mail do pagador' }]);
    return e;
  }

  function pagador(c: { nome: string; cpf: string | null; email?: string | null }) {
    const cpf = c.cpf?.replace(/\D/g, '') ?? '';
    const [primeiro, ...resto] = c.nome.trim().split(/\s+/);
    return {
      email: email(c),
      ...(primeiro ? { first_name: primeiro.slice(0, 60) } : {}),
      ...(resto.length > 0 ? { last_name: resto.join(' ').slice(0, 60) } : {}),
      ...(cpf ? { identification: { type: 'CPF', number: cpf } } : {}),
    };
  }

  /** The request's platform fee (cents, computed in packages/domain), else the option's. */
  function taxa(valor: number, daCobranca?: number): Record<string, number> {
    if (daCobranca === undefined && !opts.applicationFee) return {};
    const fee = daCobranca ?? opts.applicationFee!(valor);
    if (!Number.isSafeInteger(fee) || fee < 0 || fee >= valor) {
      throw new GatewayValidacaoError([{ Code: 0, Message: 'Taxa da plataforma inválida' }]);
    }
    return fee > 0 ? { application_fee: reais(fee) } : {};
  }

  /** The customer of this e-mail (found or created), for saving a card. */
  async function cliente(chave: string, c: CobrancaCartao['comprador']): Promise<string> {
    const e = email(c);
    const busca = await pedir('GET', `/v1/customers/search?${new URLSearchParams({ email: e })}`);
    if (busca.status !== 200) throw indisponivel('busca de cliente', busca);
    const achado = texto(obj((obj(busca.corpo)?.results as unknown[] | undefined)?.[0])?.id);
    if (achado && ID_CLIENTE.test(achado)) return achado;
    const r = await pedir('POST', '/v1/customers', { email: e }, chaveDerivada(chave, 'cliente'));
    const id = r.status === 200 || r.status === 201 ? texto(obj(r.corpo)?.id) : null;
    if (r.status === 400) throw erroDeValidacao(r.corpo);
    if (!id || !ID_CLIENTE.test(id)) throw indisponivel('criação de cliente', r);
    return id;
  }

  /** A card token as Mercado Pago reads it back (`GET /v1/card_tokens/{id}`); null when unknown. */
  async function lerToken(token: string): Promise<Record<string, unknown> | null> {
    if (!TOKEN_CARTAO.test(token)) return null;
    const r = await pedir('GET', `/v1/card_tokens/${token}`);
    if (r.status === 404 || r.status === 400) return null;
    if (r.status !== 200) throw indisponivel('consulta de token', r);
    return obj(r.corpo);
  }

  /** The Mercado Pago customer of the buyer's e-mail, if there is one (never created here). */
  async function clienteDoComprador(c: CobrancaCartao['comprador']): Promise<string | null> {
    const busca = await pedir('GET', `/v1/customers/search?${new URLSearchParams({ email: email(c) })}`);
    if (busca.status !== 200) throw indisponivel('busca de cliente', busca);
    const achado = texto(obj((obj(busca.corpo)?.results as unknown[] | undefined)?.[0])?.id);
    return achado && ID_CLIENTE.test(achado) ? achado : null;
  }

  /**
   * The method and issuer of this card for this kind, from its BIN, by the documented installments
   * search (`GET /v1/payment_methods/installments?bin&amount&payment_type_id`): the card must offer
   * the kind, and one installment (the spec's credit flow is paid at once). If Mercado Pago does not
   * answer the search, our own brand table names the method and the issuer is left out (it is
   * optional on the payment): nothing is charged before the payment itself.
   */
  async function metodoEEmissor(
    bin: string,
    valor: number,
    tipo: 'credito' | 'debito',
    bandeira: BandeiraGateway,
  ): Promise<{ payment_method_id: string; issuer_id?: string }> {
    const tipoMp = tipo === 'debito' ? 'debit_card' : 'credit_card';
    let r: Resposta | null = null;
    if (/^\d{6,8}$/.test(bin)) {
      const q = new URLSearchParams({ bin, amount: String(reais(valor)), payment_type_id: tipoMp });
      try {
        r = await pedir('GET', `/v1/payment_methods/installments?${q}`);
      } catch (e) {
        if (e instanceof CredenciaisInvalidasError) throw e;
      }
    }
    if (!r || r.status === 429 || r.status >= 500) {
      const metodo = metodoDoCartao(bandeira, tipo);
      if (!metodo) throw new GatewayValidacaoError([{ Code: 0, Message: 'Bandeira não aceita' }]);
      return { payment_method_id: metodo };
    }
    const lista = r.status === 200 && Array.isArray(r.corpo) ? r.corpo : [];
    const opcao = lista.map(obj).find((o) => texto(o?.payment_type_id) === tipoMp);
    const metodo = texto(opcao?.payment_method_id);
    if (!opcao || !metodo || !/^[a-z]{2,20}$/.test(metodo)) {
      throw new GatewayValidacaoError([
        {
          Code: 0,
          Message:
            tipo === 'debito'
              ? 'Este cartão não aceita pagamento no débito'
              : 'Este cartão não aceita pagamento no crédito',
        },
      ]);
    }
    const parcelas = Array.isArray(opcao.payer_costs) ? opcao.payer_costs : [];
    if (!parcelas.some((p) => obj(p)?.installments === 1)) {
      throw new GatewayValidacaoError([
        { Code: 0, Message: 'Este cartão não aceita pagamento à vista neste valor' },
      ]);
    }
    const emissor = texto(obj(opcao.issuer)?.id);
    return {
      payment_method_id: metodo,
      ...(emissor && /^\d{1,12}$/.test(emissor) ? { issuer_id: emissor } : {}),
    };
  }

  /**
   * Keeps the card of an approved payment on the buyer's customer (found or created), with the
   * payment's own token, as Mercado Pago documents (a card is stored after a successful payment).
   * Null when it could not be kept: the payment stands, the card is just not saved.
   */
  async function salvarCartao(
    chave: string,
    token: string,
    comprador: CobrancaCartao['comprador'],
  ): Promise<string | null> {
    try {
      const customerId = await cliente(chave, comprador);
      const r = await pedir(
        'POST',
        `/v1/customers/${customerId}/cards`,
        { token },
        chaveDerivada(chave, 'cartao'),
      );
      const cardId = r.status === 200 || r.status === 201 ? texto(obj(r.corpo)?.id) : null;
      return cardId && ID_PAGAMENTO.test(cardId) ? referenciaCartaoSalvo(cardId, customerId) : null;
    } catch {
      return null;
    }
  }

  /** A brand our own BIN table does not know (e.g. 503143): Mercado Pago's payment-method search says it. */
  async function bandeiraPorBin(bin: string): Promise<BandeiraGateway | null> {
    if (!/^\d{6,8}$/.test(bin)) return null;
    const q = new URLSearchParams({ public_key: opts.publicKey, bins: bin });
    const r = await pedir('GET', `/v1/payment_methods/search?${q}`);
    if (r.status !== 200) return null;
    const lista = obj(r.corpo)?.results;
    return Array.isArray(lista) ? bandeiraDoMetodo(texto(obj(lista[0])?.id)) : null;
  }

  async function cartaoSalvo(customerId: string, cardId: string): Promise<CartaoTokenizado | null> {
    const r = await pedir('GET', `/v1/customers/${customerId}/cards/${cardId}`);
    if (r.status === 404 || r.status === 400) return null;
    if (r.status !== 200) throw indisponivel('consulta de cartão', r);
    const c = obj(r.corpo);
    const bandeira =
      bandeiraDoMetodo(texto(obj(c?.payment_method)?.id)) ??
      bandeiraPeloBin(texto(c?.first_six_digits) ?? '');
    const final = texto(c?.last_four_digits) ?? '';
    if (!c || !bandeira || !/^\d{4}$/.test(final)) return null;
    return {
      token: referenciaCartaoSalvo(cardId, customerId),
      bandeira,
      final,
      titular: texto(obj(c.cardholder)?.name) ?? '',
      expiracao: expiracaoDe(c.expiration_month, c.expiration_year),
    };
  }

  return {
    nome: 'mercadopago',

    async cobrarCartao(req) {
      if (!Number.isSafeInteger(req.valor) || req.valor <= 0) {
        throw new GatewayValidacaoError([{ Code: 0, Message: 'Valor inválido' }]);
      }
      const c = req.cartao;
      // Card numbers never come here: Mercado Pago's script tokenises in the browser.
      if (!c.token) {
        throw new GatewayValidacaoError([{ Code: 0, Message: 'Cartão não tokenizado pelo Mercado Pago' }]);
      }
      if (lerReferenciaCartao(c.token)) {
        // A saved card is paid with a one-use token the browser makes from its card id and the
        // security code typed in Mercado Pago's secure field: the CVV never reaches us.
        throw new GatewayValidacaoError([{ Code: 0, Message: MSG_CVV_CARTAO_SALVO }]);
      }
      if (!TOKEN_CARTAO.test(c.token)) {
        throw new GatewayValidacaoError([{ Code: 0, Message: 'Cartão não tokenizado pelo Mercado Pago' }]);
      }
      // The token read back from Mercado Pago: its BIN, and for a saved card its card id.
      const lido = await lerToken(c.token);
      if (!lido || texto(lido.status) !== 'active') {
        // Used already: by this very attempt if a payment carries our key (answered again), else
        // by another one (refused: the browser makes a new token).
        const feito = await consultarPorChave(req.chave).catch(() => null);
        if (feito) return feito;
        throw new GatewayValidacaoError([{ Code: 2006, Message: MSG_TOKEN_INVALIDO }]);
      }
      const cardId = texto(lido.card_id);
      let customerId: string | null = null;
      if (cardId) {
        // A saved card: it must be one of THIS buyer's cards (their customer, by e-mail).
        customerId = await clienteDoComprador(req.comprador);
        const r = customerId
          ? await pedir('GET', `/v1/customers/${customerId}/cards/${encodeURIComponent(cardId)}`)
          : null;
        if (r && r.status !== 200 && r.status !== 404 && r.status !== 400)
          throw indisponivel('consulta de cartão', r);
        if (!r || r.status !== 200 || texto(obj(r.corpo)?.id) !== cardId) {
          throw new GatewayValidacaoError([{ Code: 0, Message: 'Cartão inválido.' }]);
        }
      }
      const metodo = await metodoEEmissor(
        texto(lido.first_six_digits) ?? '',
        req.valor,
        req.tipo,
        c.bandeira,
      );

      const soft = descritor(req.softDescriptor);
      const corpo: Record<string, unknown> = {
        transaction_amount: reais(req.valor),
        token: c.token,
        installments: 1,
        ...metodo,
        binary_mode: false,
        capture: true,
        external_reference: req.chave,
        description: soft ?? 'Pedido',
        payer: customerId
          ? { type: 'customer', id: customerId, email: email(req.comprador) }
          : pagador(req.comprador),
        // Credit and debit: Mercado Pago asks the bank's challenge when the bank wants one.
        three_d_secure_mode: 'optional',
        ...(soft ? { statement_descriptor: soft } : {}),
        ...notificacao(),
        ...taxa(req.valor, req.taxaPlataforma),
      };
      const res = await criarPagamento(req.chave, corpo);
      if (cardId && customerId) {
        // Already kept at Mercado Pago: the saved card's reference, when the order asks to save.
        return req.salvar && res.estado !== 'negado'
          ? { ...res, cardToken: referenciaCartaoSalvo(cardId, customerId) }
          : res;
      }
      if (req.salvar && res.estado === 'pago') {
        return { ...res, cardToken: await salvarCartao(req.chave, c.token, req.comprador) };
      }
      // Not kept now (refused; pending: Mercado Pago stores a card after an approved payment, so
      // one approved later is kept then, by `salvarCartao`).
      return res;
    },

    salvarCartao: ({ chave, token, comprador }) =>
      TOKEN_CARTAO.test(token) ? salvarCartao(chave, token, comprador) : Promise.resolve(null),

    async criarPix(req: CobrancaPix) {
      if (!Number.isSafeInteger(req.valor) || req.valor <= 0) {
        throw new GatewayValidacaoError([{ Code: 0, Message: 'Valor inválido' }]);
      }
      // Mercado Pago accepts 30 minutes to 30 days.
      const segundos = Math.min(Math.max(1800, Math.floor(req.expiraEmSegundos)), 30 * 86_400);
      const expiraEm = new Date(agora().getTime() + segundos * 1000).toISOString();
      const corpo = {
        transaction_amount: reais(req.valor),
        payment_method_id: 'pix',
        external_reference: req.chave,
        description: 'Pedido',
        date_of_expiration: expiraEm,
        payer: pagador(req.comprador),
        ...notificacao(),
        ...taxa(req.valor, req.taxaPlataforma),
      };
      return criarPagamento(req.chave, corpo);
    },

    consultar,
    consultarPorChave,

    async estornar(paymentId, valor) {
      if (!ID_PAGAMENTO.test(paymentId))
        throw new GatewayValidacaoError([{ Code: 2000, Message: 'Payment not found' }]);
      if (!Number.isSafeInteger(valor) || valor <= 0) {
        throw new GatewayValidacaoError([{ Code: 0, Message: 'Valor inválido' }]);
      }
      const atual = await consultar(paymentId);
      if (!atual) throw new GatewayValidacaoError([{ Code: 2000, Message: 'Payment not found' }]);
      if (atual.estado === 'estornado' || atual.estado === 'negado' || atual.estado === 'expirado') {
        return { ...atual, cardToken: null };
      }
      let r: Resposta | null = null;
      try {
        r =
          atual.estado === 'pendente'
            ? await pedir('PUT', `/v1/payments/${paymentId}`, { status: 'cancelled' })
            : // Full refund: no amount in the body. One key per payment: a retry refunds once.
              await pedir('POST', `/v1/payments/${paymentId}/refunds`, {}, chaveDeEstorno(paymentId));
      } catch (e) {
        if (!(e instanceof GatewayIndisponivelError)) throw e;
      }
      const depois = await consultar(paymentId).catch(() => null);
      if (
        depois &&
        (depois.estado === 'estornado' || (atual.estado === 'pendente' && depois.estado !== 'pendente'))
      ) {
        return { ...depois, cardToken: null };
      }
      if (r && r.status === 400) throw erroDeValidacao(r.corpo);
      throw new GatewayIndisponivelError(
        r ? `mercadopago: estorno respondido com HTTP ${r.status}` : 'mercadopago: estorno sem resposta',
      );
    },

    async tokenizarCartao() {
      // The compatibility path (a raw number through our server) does not exist with Mercado Pago.
      throw new GatewayValidacaoError([
        { Code: 0, Message: 'Com o Mercado Pago o cartão é tokenizado no navegador' },
      ]);
    },

    async consultarToken(token) {
      const ref = lerReferenciaCartao(token);
      if (ref) return cartaoSalvo(ref.customerId, ref.cardId);
      const t = await lerToken(token);
      if (!t || texto(t.status) !== 'active') return null;
      const bin = texto(t.first_six_digits) ?? '';
      const bandeira = bandeiraPeloBin(bin) ?? (await bandeiraPorBin(bin));
      const final = texto(t.last_four_digits) ?? '';
      if (!bandeira || !/^\d{4}$/.test(final)) return null;
      return {
        token,
        bandeira,
        final,
        titular: texto(obj(t.cardholder)?.name) ?? '',
        expiracao: expiracaoDe(t.expiration_month, t.expiration_year),
      };
    },

    async tokenizacaoNavegador(): Promise<TokenizacaoNavegador> {
      // The browser loads Mercado Pago's script and tokenises with the public key (public by design).
      return { url: opts.scriptUrl ?? SCRIPT_URL, accessToken: opts.publicKey, expiresIn: 86_400 };
    },

    async tokenMpi() {
      // Mercado Pago runs 3-D Secure itself (three_d_secure_mode): there is no MPI script token.
      throw new GatewayIndisponivelError('mercadopago: 3-D Secure é feito pelo próprio Mercado Pago');
    },

    lerNotificacao(body, headers) {
      if (!webhook) return null;
      let dados: unknown = body;
      if (typeof body === 'string') {
        try {
          dados = JSON.parse(body);
        } catch {
          return null;
        }
      }
      const r = webhook.verificar({ headers, body: dados });
      return r.ok ? r.paymentId : null;
    },
  };
}
