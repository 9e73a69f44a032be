import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { gerarBrCode } from '../../modules/payments/pix/br-code.ts';
import { assinarWebhook } from '../../modules/payments/mercadopago/webhook.ts';
import { registrarCamposSeguros, scriptDosCampos } from './mercadopago-fields.ts';

/**
 * A local stand-in for Mercado Pago's documented HTTP API, kept in memory, so the adapter
 * (modules/payments/mercadopago) is tested without the internet. One server plays every host:
 * api.mercadopago.com (`/v1/payments`, `/v1/payments/search`, refunds, `/v1/card_tokens`,
 * `/v1/customers`, `/oauth/token`), auth.mercadopago.com (`/authorization`) and the browser
 * script (`/js/v2`: `new MercadoPago(publicKey).createCardToken(…)`, and the Secure Fields
 * `mp.fields` with their iframes, mercadopago-fields.ts; posting the card to this fake only).
 *
 * Behaviour, as documented:
 * - Bearer access tokens per seller; a wrong or revoked one answers 401 `{message, error:
 *   'unauthorized', status: 401}`. Each seller sees only its own payments and customers (another
 *   seller's id answers 404). Every request is recorded with the credential it used.
 * - `X-Idempotency-Key` on creates: the same key (per seller) answers the same payment or refund,
 *   never a second one.
 * - Test cards decide by the cardholder's name (Mercado Pago's test-card table): APRO approved,
 *   CONT in_process (pending_contingency), OTHE rejected (cc_rejected_other_reason), CALL
 *   (cc_rejected_call_for_authorize), FUND (cc_rejected_insufficient_amount), SECU
 *   (cc_rejected_bad_filled_security_code), EXPI (cc_rejected_bad_filled_date), FORM
 *   (cc_rejected_bad_filled_other); any other name is approved. The 3DS test card
 *   5483 9281 6457 4623 with `three_d_secure_mode: 'optional'` (credit or debit) answers
 *   `pending_challenge`. Card tokens are single use and last 7 days; the fake keeps no number or
 *   CVV. A saved card's token (`card_id`) made without `security_code` is rejected at payment
 *   (`cc_rejected_bad_filled_security_code`), and is paid only with `payer: {type: 'customer'}`
 *   of the customer that holds the card. A card is saved on a customer with a fresh token or with
 *   the token of a payment just approved (Mercado Pago's "save after a successful payment").
 * - `GET /v1/payment_methods/installments?bin&amount[&payment_type_id]`: the card's method and
 *   issuer per kind (`metodoDoBin`: a few test BINs credit/debit/both); a payment whose
 *   `payment_method_id` or `issuer_id` does not match its card's BIN is refused (400).
 * - PIX: pending (`pending_waiting_transfer`) with `point_of_interaction.transaction_data`
 *   until paid (`pagarPix`) or past `date_of_expiration` (then cancelled, `expired`).
 * - OAuth: codes single use, bound to the client, the redirect URI and the PKCE challenge (S256);
 *   refresh tokens rotate.
 * - Webhooks: when `webhook` is set, each payment change is posted signed as Mercado Pago signs
 *   (`x-signature`, `x-request-id`) to the payment's own `notification_url` when it was created
 *   with one (an invalid one is refused, 4020), else to `webhook.url`; `enviarWebhook` sends one
 *   on demand.
 * - Misbehaviour on purpose: `falharProximas` (429/5xx, optionally after recording the payment),
 *   `atrasarProximoPagamento` (a time-out after the charge).
 */

export interface VendedorFake {
  accessToken: string;
  publicKey: string;
  userId: string;
}

export interface MercadoPagoFakeOptions {
  /** Sellers whose credentials are pasted (or obtained by OAuth later). */
  vendedores?: VendedorFake[];
  /** The OAuth application. `vendedor` is who consents at /authorization. */
  oauth?: { clientId: string; clientSecret: string; redirectUris: string[]; vendedorUserId: string };
  webhook?: { url: string; segredo: string };
  agora?: () => Date;
}

export interface RequisicaoMercadoPago {
  method: string;
  url: string;
  /** The bearer access token or the `public_key` the call used (null: none). */
  credencial: string | null;
  idempotencyKey: string | null;
}

export interface WebhookEnviado {
  url: string;
  headers: Record<string, string>;
  corpo: Record<string, unknown>;
  status: number | null;
}

type Json = Record<string, unknown>;

interface PagamentoFake {
  userId: string;
  dados: Json;
  /** The 3DS test card: waiting for `concluirDesafio`. */
  desafio: boolean;
}

interface TokenCartaoFake {
  userId: string;
  dados: Json;
  usado: boolean;
  expira: number;
  /** MP's test cards decide by the holder's name. */
  nome: string;
  desafio3ds: boolean;
  /** A saved card's token (`card_id`): made with its security code or not. */
  cardId?: string;
  comCvv: boolean;
  /** The payment that used it (a card may be saved with it once that payment is approved). */
  pagamento?: string;
  /** Already saved on a customer. */
  salvo?: boolean;
}

interface CartaoFake {
  dados: Json;
  nome: string;
  desafio3ds: boolean;
}

export interface MercadoPagoFake {
  url: string;
  app: FastifyInstance;
  readonly requisicoes: RequisicaoMercadoPago[];
  readonly webhooks: WebhookEnviado[];
  /** Payments in creation order (Mercado Pago's JSON). */
  pagamentos(): readonly Json[];
  /** The access token a payment was created with. */
  credencialDoPagamento(id: string): string | null;
  adicionarVendedor(v: VendedorFake): void;
  revogarToken(accessToken: string): void;
  /** The next `quantas` calls to `rota` answer `status` (with `registrar`, a payment create records first). */
  falharProximas(
    status: number,
    opcoes?: { quantas?: number; registrar?: boolean; rota?: 'pagamentos' | 'busca' | 'oauth' | 'parcelas' },
  ): void;
  /** The next payment create is recorded, then answered after `ms`. */
  atrasarProximoPagamento(ms: number): void;
  pagarPix(id: string): boolean;
  concluirDesafio(id: string, aprovar: boolean): boolean;
  /** Posts a signed notification about a payment (`mexer` alters it for forgery tests). */
  enviarWebhook(
    id: string,
    opcoes?: { url?: string; segredo?: string; ts?: string; requestId?: string },
  ): Promise<WebhookEnviado>;
  /** Codes issued by /authorization (for tests that skip the browser). */
  autorizar(p: {
    clientId: string;
    redirectUri: string;
    state: string;
    codeChallenge: string | null;
    codeChallengeMethod?: string;
  }): string;
  reset(): void;
  close(): Promise<void>;
}

const DESFECHOS: Record<string, { status: string; detalhe: string }> = {
  APRO: { status: 'approved', detalhe: 'accredited' },
  CONT: { status: 'in_process', detalhe: 'pending_contingency' },
  OTHE: { status: 'rejected', detalhe: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', detalhe: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', detalhe: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', detalhe: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', detalhe: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', detalhe: 'cc_rejected_bad_filled_other' },
};

/** Mercado Pago's 3DS test card (challenge). */
export const CARTAO_3DS = '5483928164574623';

type TipoMp = 'credit_card' | 'debit_card';

/**
 * What `GET /v1/payment_methods/installments` knows of a BIN: the card's method per kind and its
 * issuer. MP's test cards: Visa 4235 6477 2802 5682 and Master 5031 4332 1540 6351 (credit and
 * debit, as Brazil's "múltiplo" cards), Elo débito 5067 7667 8388 8311 (debit only), the 3DS
 * Master 5483 9281 6457 4623 (credit and debit), Amex 3753 6515 3556 885 (credit only). Any
 * other BIN of a known brand: credit, and debit for Visa/Master/Elo.
 */
const BINS: Record<string, { tipos: TipoMp[]; emissor: { id: number; name: string } }> = {
  '423564': { tipos: ['credit_card', 'debit_card'], emissor: { id: 24, name: 'Banco Teste Visa' } },
  '503143': { tipos: ['credit_card', 'debit_card'], emissor: { id: 25, name: 'Banco Teste Master' } },
  '506776': { tipos: ['debit_card'], emissor: { id: 26, name: 'Banco Teste Elo' } },
  '548392': { tipos: ['credit_card', 'debit_card'], emissor: { id: 27, name: 'Banco Teste 3DS' } },
  '375365': { tipos: ['credit_card'], emissor: { id: 28, name: 'American Express' } },
};

/** The method and issuer of a card of this BIN for a kind; null when the BIN does not offer it. */
export function metodoDoBin(
  bin: string,
  tipo: TipoMp,
): { metodo: string; emissor: { id: number; name: string } } | null {
  const marca = metodoPeloBin(bin);
  if (!marca) return null;
  const conhecido = BINS[bin.slice(0, 6)];
  const tipos: TipoMp[] =
    conhecido?.tipos ??
    (['visa', 'master', 'elo'].includes(marca) ? ['credit_card', 'debit_card'] : ['credit_card']);
  if (!tipos.includes(tipo)) return null;
  return {
    metodo: tipo === 'debit_card' ? `deb${marca}` : marca,
    emissor: conhecido?.emissor ?? { id: 1000 + marca.length, name: `Banco ${marca}` },
  };
}

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const obj = (v: unknown): Json | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

function luhn(d: string): boolean {
  if (!/^\d{13,19}$/.test(d)) return false;
  let soma = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    soma += n;
  }
  return soma % 10 === 0;
}

function metodoPeloBin(d: string): string | null {
  if (/^(4011|4312|4389|4514|4576|5041|5066|5067|5090|6277|6362|6363|650|6516|6550)/.test(d)) return 'elo';
  if (/^(606282|3841)/.test(d)) return 'hipercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(30[0-5]|36|38)/.test(d)) return 'diners';
  // 503143: Mercado Pago's Mastercard test cards.
  if (/^(5[1-5]|2[2-7]|503143)/.test(d)) return 'master';
  if (/^4/.test(d)) return 'visa';
  return null;
}

const erro = (
  status: number,
  message: string,
  causas: { code: string | number; description: string }[] = [],
) => ({
  message,
  error: status === 404 ? 'not_found' : status === 401 ? 'unauthorized' : 'bad_request',
  status,
  cause: causas,
});

export async function startMercadoPagoFake(opts: MercadoPagoFakeOptions = {}): Promise<MercadoPagoFake> {
  const agora = opts.agora ?? (() => new Date());
  const app = Fastify({ logger: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const porToken = new Map<string, VendedorFake>();
  const porPublicKey = new Map<string, VendedorFake>();
  const revogados = new Set<string>();
  const pagamentos = new Map<string, PagamentoFake>();
  const ordem: string[] = [];
  const credencialDe = new Map<string, string>();
  const idempotencia = new Map<string, { status: number; corpo: () => Json }>();
  const tokens = new Map<string, TokenCartaoFake>();
  const clientes = new Map<string, { userId: string; dados: Json; cartoes: Map<string, CartaoFake> }>();
  const codigos = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string | null; usado: boolean; expira: number }
  >();
  const refreshTokens = new Map<string, { clientId: string; userId: string }>();
  const requisicoes: RequisicaoMercadoPago[] = [];
  const webhooks: WebhookEnviado[] = [];
  let proximoId = 1_300_000_000 + Math.floor(Math.random() * 1_000_000);
  const novoId = () => String(proximoId++);

  let falhas: { status: number; quantas: number; registrar: boolean; rota: string } | null = null;
  let atraso: number | null = null;

  for (const v of opts.vendedores ?? []) adicionarVendedor(v);
  function adicionarVendedor(v: VendedorFake) {
    porToken.set(v.accessToken, v);
    porPublicKey.set(v.publicKey, v);
  }

  let url = '';

  app.addHook('onRequest', async (req) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const q = obj(req.query);
    requisicoes.push({
      method: req.method,
      url: req.url,
      credencial: bearer ?? (str(q?.public_key) || null),
      idempotencyKey: str(req.headers['x-idempotency-key']) || null,
    });
  });
  // The browser script calls the API from the shop's origin.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/v1/card_tokens') || req.url.startsWith('/v1/payment_methods')) {
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Access-Control-Allow-Headers', 'content-type');
    }
  });
  app.options('/v1/*', async (_req, reply) => reply.code(204).send());

  function falhar(rota: string, reply: FastifyReply): { registrar: boolean; status: number } | null {
    if (!falhas || falhas.rota !== rota) return null;
    const f = { registrar: falhas.registrar, status: falhas.status };
    falhas.quantas -= 1;
    if (falhas.quantas <= 0) falhas = null;
    if (!f.registrar) {
      void reply.code(f.status).type('text/html').send('<h1>Erro</h1>');
    }
    return f;
  }

  function vendedor(req: FastifyRequest): VendedorFake | null {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || revogados.has(bearer)) return null;
    return porToken.get(bearer) ?? null;
  }
  const naoAutorizado = (reply: FastifyReply) => reply.code(401).send(erro(401, 'invalid access token'));

  async function notificar(id: string, acao: string) {
    if (!opts.webhook) return;
    await enviarWebhook(id, {}, acao).catch(() => null);
  }

  /** A PIX past its expiry is cancelled when next read (Mercado Pago's own job does it). */
  function atualizar(p: PagamentoFake): Json {
    const d = p.dados;
    if (d.payment_method_id === 'pix' && d.status === 'pending') {
      const fim = Date.parse(str(d.date_of_expiration));
      if (fim <= agora().getTime()) {
        Object.assign(d, {
          status: 'cancelled',
          status_detail: 'expired',
          date_last_updated: agora().toISOString(),
        });
        void notificar(str(d.id), 'payment.updated');
      }
    }
    return d;
  }

  function doVendedor(req: FastifyRequest, id: string): PagamentoFake | null {
    const v = vendedor(req);
    const p = pagamentos.get(id);
    return v && p && p.userId === v.userId ? p : null;
  }

  // ---- Card tokens (browser script, or the server for a saved card) ------------------------------

  app.post('/v1/card_tokens', async (req, reply) => {
    const pk = str(obj(req.query)?.public_key);
    const v = porPublicKey.get(pk) ?? vendedor(req);
    if (!v) return reply.code(401).send(erro(401, 'invalid public_key'));
    const b = obj(req.body) ?? {};
    const t = agora().getTime();
    const id = randomBytes(16).toString('hex');
    const cardId = str(b.card_id);
    if (cardId) {
      let achado: CartaoFake | null = null;
      for (const c of clientes.values()) {
        if (c.userId !== v.userId) continue;
        if (b.customer_id && str(b.customer_id) !== str(c.dados.id)) continue;
        achado = c.cartoes.get(cardId) ?? achado;
      }
      if (!achado)
        return reply
          .code(404)
          .send(erro(404, 'card not found', [{ code: 2001, description: 'card not found' }]));
      // The saved card's CVV (Secure Fields' securityCode frame), when given, is checked as a new card's.
      const cvv = b.security_code === undefined ? null : str(b.security_code);
      if (cvv !== null && !/^\d{3,4}$/.test(cvv))
        return reply
          .code(400)
          .send(erro(400, 'bad request', [{ code: 'E302', description: 'invalid security_code' }]));
      const dados: Json = {
        id,
        card_id: cardId,
        first_six_digits: achado.dados.first_six_digits,
        last_four_digits: achado.dados.last_four_digits,
        expiration_month: achado.dados.expiration_month,
        expiration_year: achado.dados.expiration_year,
        cardholder: achado.dados.cardholder,
        security_code_length: cvv === null ? 0 : cvv.length,
        status: 'active',
        date_created: new Date(t).toISOString(),
        date_due: new Date(t + 7 * 86_400_000).toISOString(),
        live_mode: false,
      };
      tokens.set(id, {
        userId: v.userId,
        dados,
        usado: false,
        expira: t + 7 * 86_400_000,
        nome: achado.nome,
        desafio3ds: achado.desafio3ds,
        cardId,
        // The browser's secure field sends the security code; a token made without it (as a
        // server with no CVV would) is refused at payment, as Mercado Pago does.
        comCvv: /^\d{3,4}$/.test(str(b.security_code)),
      });
      return reply.code(201).send(dados);
    }
    const numero = str(b.card_number).replace(/\D/g, '');
    const mes = Number(b.expiration_month);
    const ano = Number(b.expiration_year);
    const causas = [];
    if (!luhn(numero)) causas.push({ code: 'E301', description: 'invalid card_number' });
    const hoje = agora();
    if (!Number.isInteger(mes) || mes < 1 || mes > 12)
      causas.push({ code: 325, description: 'invalid expiration_month' });
    if (!Number.isInteger(ano) || ano * 12 + mes - 1 < hoje.getUTCFullYear() * 12 + hoje.getUTCMonth())
      causas.push({ code: 326, description: 'invalid expiration_year' });
    if (!/^\d{3,4}$/.test(str(b.security_code)))
      causas.push({ code: 'E302', description: 'invalid security_code' });
    const titular = obj(b.cardholder) ?? {};
    if (!str(titular.name))
      causas.push({ code: 221, description: 'parameter cardholderName can not be null/empty' });
    if (causas.length > 0) return reply.code(400).send(erro(400, 'bad request', causas));
    const dados: Json = {
      id,
      first_six_digits: numero.slice(0, 6),
      last_four_digits: numero.slice(-4),
      expiration_month: mes,
      expiration_year: ano,
      card_number_length: numero.length,
      security_code_length: str(b.security_code).length,
      cardholder: { name: str(titular.name), identification: obj(titular.identification) ?? {} },
      status: 'active',
      luhn_validation: true,
      date_created: new Date(t).toISOString(),
      date_due: new Date(t + 7 * 86_400_000).toISOString(),
      live_mode: false,
    };
    tokens.set(id, {
      userId: v.userId,
      dados,
      usado: false,
      expira: t + 7 * 86_400_000,
      nome: str(titular.name),
      desafio3ds: numero === CARTAO_3DS,
      comCvv: true,
    });
    return reply.code(201).send(dados);
  });

  app.get('/v1/card_tokens/:id', async (req, reply) => {
    const v = vendedor(req) ?? porPublicKey.get(str(obj(req.query)?.public_key));
    if (!v) return naoAutorizado(reply);
    const t = tokens.get((req.params as { id: string }).id);
    if (!t || t.userId !== v.userId) return reply.code(404).send(erro(404, 'card_token not found'));
    const ativo = !t.usado && t.expira > agora().getTime();
    return { ...t.dados, status: ativo ? 'active' : t.usado ? 'used' : 'expired' };
  });

  app.get('/v1/payment_methods/search', async (req, reply) => {
    const q = obj(req.query) ?? {};
    if (!porPublicKey.get(str(q.public_key))) return reply.code(401).send(erro(401, 'invalid public_key'));
    const metodo = metodoPeloBin(str(q.bins));
    return {
      paging: { total: metodo ? 1 : 0, limit: 30, offset: 0 },
      results: metodo ? [{ id: metodo, payment_type_id: 'credit_card', status: 'active' }] : [],
    };
  });

  // Installments by BIN (API reference, "Obter parcelas"): an array, one item per payment method
  // and issuer of the card, each with its `payer_costs`. Credentials: the access token or the
  // public key. `amount` is required; `payment_type_id` filters.
  app.get('/v1/payment_methods/installments', async (req, reply) => {
    const q = obj(req.query) ?? {};
    if (!vendedor(req) && !porPublicKey.get(str(q.public_key))) return naoAutorizado(reply);
    if (falhar('parcelas', reply)) return reply;
    const valor = Number(str(q.amount));
    const bin = str(q.bin).replace(/\D/g, '');
    if (!(valor > 0) || bin.length < 6)
      return reply
        .code(400)
        .send(erro(400, 'amount and bin are required', [{ code: 4005, description: 'invalid parameters' }]));
    const filtro = str(q.payment_type_id);
    const tipos: TipoMp[] =
      filtro === 'debit_card' || filtro === 'credit_card' ? [filtro] : ['credit_card', 'debit_card'];
    const itens: Json[] = [];
    for (const tipo of tipos) {
      const m = metodoDoBin(bin, tipo);
      if (!m) continue;
      // Credit: up to 12 (the first without interest); debit: one.
      const vezes = tipo === 'debit_card' ? [1] : Array.from({ length: 12 }, (_, i) => i + 1);
      itens.push({
        payment_method_id: m.metodo,
        payment_type_id: tipo,
        issuer: { id: m.emissor.id, name: m.emissor.name },
        processing_mode: 'aggregator',
        merchant_account_id: null,
        payer_costs: vezes.map((n) => {
          const taxa = n === 1 ? 0 : 1.99 * n;
          const total = Math.round(valor * (100 + taxa)) / 100;
          return {
            installments: n,
            installment_rate: taxa,
            discount_rate: 0,
            labels: [],
            installment_rate_collector: ['MERCADOPAGO'],
            min_allowed_amount: 0.5,
            max_allowed_amount: 60000,
            recommended_message: `${n} parcela(s)`,
            installment_amount: Math.round((total / n) * 100) / 100,
            total_amount: total,
            payment_method_option_id: randomUUID(),
          };
        }),
        agreements: null,
      });
    }
    return itens;
  });

  // ---- Payments ------------------------------------------------------------------------------------

  function usarToken(v: VendedorFake, id: string): TokenCartaoFake | null {
    const t = tokens.get(id);
    if (!t || t.userId !== v.userId || t.usado || t.expira <= agora().getTime()) return null;
    t.usado = true;
    return t;
  }

  function validarPagamento(b: Json, v: VendedorFake): { code: number | string; description: string }[] {
    const causas: { code: number | string; description: string }[] = [];
    const valor = b.transaction_amount;
    if (typeof valor !== 'number' || !(valor > 0) || Math.round(valor * 100) !== valor * 100)
      causas.push({ code: 4037, description: 'Invalid transaction_amount' });
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(str(obj(b.payer)?.email)))
      causas.push({ code: 4050, description: 'payer.email must be a valid email' });
    if (!str(b.payment_method_id)) causas.push({ code: 4020, description: 'payment_method_id is required' });
    if (b.application_fee !== undefined) {
      const fee = b.application_fee;
      if (typeof fee !== 'number' || fee < 0 || (typeof valor === 'number' && fee >= valor))
        causas.push({ code: 4051, description: 'Invalid application_fee' });
    }
    if (b.payer && obj(b.payer)?.type === 'customer') {
      const c = clientes.get(str(obj(b.payer)?.id));
      if (!c || c.userId !== v.userId) causas.push({ code: 2002, description: 'Customer not found' });
    }
    return causas;
  }

  app.post('/v1/payments', async (req, reply) => {
    const v = vendedor(req);
    if (!v) return naoAutorizado(reply);
    const chave = str(req.headers['x-idempotency-key']);
    const idem = chave ? idempotencia.get(`${v.userId}|pagamento|${chave}`) : undefined;
    if (idem) return reply.code(idem.status).send(idem.corpo());
    const f = falhar('pagamentos', reply);
    if (f && !f.registrar) return reply;
    const b = obj(req.body) ?? {};
    const causas = validarPagamento(b, v);
    const metodo = str(b.payment_method_id);
    let token: TokenCartaoFake | null = null;
    if (causas.length === 0 && metodo !== 'pix') {
      token = usarToken(v, str(b.token));
      if (!token) causas.push({ code: 2006, description: 'Card Token not found' });
      else {
        const bin = str(token.dados.first_six_digits);
        const m = metodoDoBin(bin, metodo.startsWith('deb') ? 'debit_card' : 'credit_card');
        if (!m || m.metodo !== metodo)
          causas.push({ code: 3034, description: 'Invalid card_number_validation' });
        else if (b.issuer_id !== undefined && str(b.issuer_id) !== String(m.emissor.id))
          causas.push({ code: 3028, description: 'Invalid issuer_id' });
        // A saved card's token is the payer customer's own card.
        const pagador = obj(b.payer);
        if (token.cardId) {
          const c = pagador?.type === 'customer' ? clientes.get(str(pagador.id)) : undefined;
          if (!c || !c.cartoes.has(token.cardId))
            causas.push({ code: 2034, description: 'Invalid users involved' });
        }
      }
    }
    let expira: number | null = null;
    if (causas.length === 0 && metodo === 'pix') {
      const t = agora().getTime();
      expira = b.date_of_expiration === undefined ? t + 86_400_000 : Date.parse(str(b.date_of_expiration));
      if (Number.isNaN(expira) || expira < t + 30 * 60_000 - 5_000 || expira > t + 30 * 86_400_000)
        causas.push({ code: 4292, description: 'Invalid date_of_expiration' });
    }
    // notification_url: where this payment's notifications go (instead of the application's URL).
    if (
      b.notification_url !== undefined &&
      (!/^https?:\/\/[^\s/]+/.test(str(b.notification_url)) || str(b.notification_url).length > 248)
    )
      causas.push({ code: 4020, description: 'notification_url attribute must be url valid' });
    if (causas.length > 0) return reply.code(400).send(erro(400, causas[0]!.description, causas));

    const id = novoId();
    const t = agora().toISOString();
    const dados: Json = {
      id: Number(id),
      date_created: t,
      date_last_updated: t,
      date_approved: null,
      operation_type: 'regular_payment',
      payment_method_id: metodo,
      payment_type_id:
        metodo === 'pix' ? 'bank_transfer' : metodo.startsWith('deb') ? 'debit_card' : 'credit_card',
      currency_id: 'BRL',
      transaction_amount: b.transaction_amount,
      transaction_amount_refunded: 0,
      installments: metodo === 'pix' ? 1 : Number(b.installments ?? 1),
      // Mercado Pago resolves the issuer from the card when it is not sent.
      issuer_id:
        metodo === 'pix'
          ? null
          : b.issuer_id !== undefined
            ? str(b.issuer_id)
            : String(
                metodoDoBin(
                  str(token?.dados.first_six_digits),
                  metodo.startsWith('deb') ? 'debit_card' : 'credit_card',
                )?.emissor.id ?? '',
              ),
      external_reference: b.external_reference ?? null,
      description: b.description ?? null,
      statement_descriptor: b.statement_descriptor ?? null,
      application_fee: b.application_fee ?? null,
      notification_url: b.notification_url ?? null,
      collector_id: Number(v.userId),
      payer: { ...obj(b.payer), ...(obj(b.payer)?.type === 'customer' ? {} : { id: null }) },
      live_mode: false,
      refunds: [],
    };
    let desafio = false;
    if (metodo === 'pix') {
      const brcode = gerarBrCode({
        chavePix: '',
        valor: Math.round(Number(b.transaction_amount) * 100),
        nome: 'Mercado Pago',
        cidade: 'Sao Paulo',
        url: `qr.mercadopago.example/pix/${id}`,
      });
      Object.assign(dados, {
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        date_of_expiration: new Date(expira!).toISOString(),
        point_of_interaction: {
          type: 'PIX',
          transaction_data: { qr_code: brcode, qr_code_base64: PNG_1X1, ticket_url: `${url}/pix/${id}` },
        },
      });
    } else {
      const tk = token!;
      dados.card = {
        first_six_digits: tk.dados.first_six_digits,
        last_four_digits: tk.dados.last_four_digits,
        expiration_month: tk.dados.expiration_month,
        expiration_year: tk.dados.expiration_year,
        cardholder: tk.dados.cardholder,
      };
      if (!tk.comCvv) {
        // A saved card paid without its security code (Mercado Pago needs it captured again).
        Object.assign(dados, { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' });
      } else if (tk.desafio3ds && b.three_d_secure_mode === 'optional') {
        desafio = true;
        Object.assign(dados, {
          status: 'pending',
          status_detail: 'pending_challenge',
          three_ds_info: {
            external_resource_url: `${url}/3ds/desafio/${id}`,
            creq: Buffer.from(
              JSON.stringify({ threeDSServerTransID: randomUUID(), messageType: 'CReq' }),
            ).toString('base64url'),
          },
        });
      } else {
        const d = DESFECHOS[tk.nome.trim().split(/\s+/)[0]?.toUpperCase() ?? ''] ?? DESFECHOS.APRO!;
        Object.assign(dados, {
          status: d.status,
          status_detail: d.detalhe,
          ...(d.status === 'approved' ? { date_approved: t } : {}),
        });
      }
    }
    if (token) token.pagamento = id;
    pagamentos.set(id, { userId: v.userId, dados, desafio });
    ordem.push(id);
    credencialDe.set(id, /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
    if (chave)
      idempotencia.set(`${v.userId}|pagamento|${chave}`, {
        status: 201,
        corpo: () => atualizar(pagamentos.get(id)!),
      });
    void notificar(id, 'payment.created');
    if (f?.registrar) return reply.code(f.status).type('text/html').send('<h1>Erro</h1>');
    if (atraso !== null) {
      const ms = atraso;
      atraso = null;
      await dormir(ms);
    }
    return reply.code(201).send(dados);
  });

  app.get('/v1/payments/search', async (req, reply) => {
    const v = vendedor(req);
    if (!v) return naoAutorizado(reply);
    const f = falhar('busca', reply);
    if (f) return reply;
    const q = obj(req.query) ?? {};
    const ref = q.external_reference === undefined ? null : str(q.external_reference);
    const results = ordem
      .map((id) => pagamentos.get(id)!)
      .filter((p) => p.userId === v.userId && (ref === null || p.dados.external_reference === ref))
      .map(atualizar);
    if (str(q.criteria) === 'desc') results.reverse();
    const limit = Math.min(Number(q.limit ?? 30) || 30, 1000);
    return { paging: { total: results.length, limit, offset: 0 }, results: results.slice(0, limit) };
  });

  app.get('/v1/payments/:id', async (req, reply) => {
    if (!vendedor(req)) return naoAutorizado(reply);
    const p = doVendedor(req, (req.params as { id: string }).id);
    if (!p) return reply.code(404).send(erro(404, 'Payment not found'));
    return atualizar(p);
  });

  app.put('/v1/payments/:id', async (req, reply) => {
    if (!vendedor(req)) return naoAutorizado(reply);
    const p = doVendedor(req, (req.params as { id: string }).id);
    if (!p) return reply.code(404).send(erro(404, 'Payment not found'));
    const d = atualizar(p);
    if (str(obj(req.body)?.status) !== 'cancelled' || !['pending', 'in_process'].includes(str(d.status))) {
      return reply
        .code(400)
        .send(
          erro(400, 'Invalid action', [
            { code: 2063, description: 'The action requested is not valid for the current payment state' },
          ]),
        );
    }
    Object.assign(d, {
      status: 'cancelled',
      status_detail: 'by_collector',
      date_last_updated: agora().toISOString(),
    });
    void notificar(str(d.id), 'payment.updated');
    return d;
  });

  app.post('/v1/payments/:id/refunds', async (req, reply) => {
    const v = vendedor(req);
    if (!v) return naoAutorizado(reply);
    const p = doVendedor(req, (req.params as { id: string }).id);
    if (!p) return reply.code(404).send(erro(404, 'Payment not found'));
    const chave = str(req.headers['x-idempotency-key']);
    const idem = chave ? idempotencia.get(`${v.userId}|estorno|${chave}`) : undefined;
    if (idem) return reply.code(idem.status).send(idem.corpo());
    const d = atualizar(p);
    const total = Math.round(Number(d.transaction_amount) * 100);
    const jaEstornado = Math.round(Number(d.transaction_amount_refunded) * 100);
    const pedido = obj(req.body)?.amount;
    const valor = pedido === undefined ? total - jaEstornado : Math.round(Number(pedido) * 100);
    if (d.status !== 'approved' || !(valor > 0) || valor > total - jaEstornado) {
      return reply
        .code(400)
        .send(
          erro(400, 'Invalid refund', [
            { code: 2063, description: 'The action requested is not valid for the current payment state' },
          ]),
        );
    }
    const refund = {
      id: Number(novoId()),
      payment_id: d.id,
      amount: valor / 100,
      status: 'approved',
      source: { id: v.userId, type: 'collector' },
      date_created: agora().toISOString(),
      unique_sequence_number: null,
    };
    (d.refunds as unknown[]).push(refund);
    d.transaction_amount_refunded = (jaEstornado + valor) / 100;
    if (jaEstornado + valor === total) {
      Object.assign(d, {
        status: 'refunded',
        status_detail: 'refunded',
        date_last_updated: agora().toISOString(),
      });
    }
    if (chave) idempotencia.set(`${v.userId}|estorno|${chave}`, { status: 201, corpo: () => refund });
    void notificar(str(d.id), 'payment.updated');
    return reply.code(201).send(refund);
  });

  // ---- Customers and cards -------------------------------------------------------------------------

  app.get('/v1/customers/search', async (req, reply) => {
    const v = vendedor(req);
    if (!v) return naoAutorizado(reply);
    const email = str(obj(req.query)?.email).toLowerCase();
    const results = [...clientes.values()]
      .filter((c) => c.userId === v.userId && (!email || str(c.dados.email).toLowerCase() === email))
      .map((c) => c.dados);
    return { paging: { total: results.length, limit: 10, offset: 0 }, results };
  });

  app.post('/v1/customers', async (req, reply) => {
    const v = vendedor(req);
    if (!v) return naoAutorizado(reply);
    const chave = str(req.headers['x-idempotency-key']);
    const idem = chave ? idempotencia.get(`${v.userId}|cliente|${chave}`) : undefined;
    if (idem) return reply.code(idem.status).send(idem.corpo());
    const email = str(obj(req.body)?.email);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
      return reply
        .code(400)
        .send(erro(400, 'invalid email', [{ code: 100, description: 'the credentials are required' }]));
    if (
      [...clientes.values()].some(
        (c) => c.userId === v.userId && str(c.dados.email).toLowerCase() === email.toLowerCase(),
      )
    )
      return reply
        .code(400)
        .send(
          erro(400, 'the customer already exist', [{ code: 101, description: 'the customer already exist' }]),
        );
    const id = `${novoId()}-${randomBytes(7)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, 'x')}`;
    const dados: Json = { id, email, date_created: agora().toISOString(), cards: [], live_mode: false };
    clientes.set(id, { userId: v.userId, dados, cartoes: new Map() });
    if (chave) idempotencia.set(`${v.userId}|cliente|${chave}`, { status: 201, corpo: () => dados });
    return reply.code(201).send(dados);
  });

  function clienteDo(req: FastifyRequest) {
    const v = vendedor(req);
    const c = clientes.get((req.params as { id: string }).id);
    return v && c && c.userId === v.userId ? c : null;
  }

  app.post('/v1/customers/:id/cards', async (req, reply) => {
    const v = vendedor(req);
    if (!v) return naoAutorizado(reply);
    const c = clienteDo(req);
    if (!c) return reply.code(404).send(erro(404, 'customer not found'));
    const chave = str(req.headers['x-idempotency-key']);
    const idem = chave ? idempotencia.get(`${v.userId}|cartao|${chave}`) : undefined;
    if (idem) return reply.code(idem.status).send(idem.corpo());
    // A fresh token, or (the documented order) the token of a payment just approved: once.
    const bruto = tokens.get(str(obj(req.body)?.token));
    const aprovado =
      bruto?.pagamento !== undefined && pagamentos.get(bruto.pagamento)?.dados.status === 'approved';
    const t =
      bruto &&
      !bruto.salvo &&
      !bruto.cardId &&
      bruto.userId === v.userId &&
      bruto.expira > agora().getTime() &&
      (!bruto.usado || aprovado)
        ? bruto
        : null;
    if (t) {
      t.usado = true;
      t.salvo = true;
    }
    if (!t)
      return reply
        .code(400)
        .send(erro(400, 'invalid card token', [{ code: 2006, description: 'Card Token not found' }]));
    const metodo = metodoPeloBin(str(t.dados.first_six_digits));
    const cardId = novoId();
    const dados: Json = {
      id: cardId,
      customer_id: c.dados.id,
      first_six_digits: t.dados.first_six_digits,
      last_four_digits: t.dados.last_four_digits,
      expiration_month: t.dados.expiration_month,
      expiration_year: t.dados.expiration_year,
      cardholder: t.dados.cardholder,
      payment_method: { id: metodo, payment_type_id: 'credit_card' },
      date_created: agora().toISOString(),
    };
    c.cartoes.set(cardId, { dados, nome: t.nome, desafio3ds: t.desafio3ds });
    if (chave) idempotencia.set(`${v.userId}|cartao|${chave}`, { status: 201, corpo: () => dados });
    return reply.code(201).send(dados);
  });

  app.get('/v1/customers/:id/cards/:card', async (req, reply) => {
    if (!vendedor(req)) return naoAutorizado(reply);
    const c = clienteDo(req);
    const cartao = c?.cartoes.get((req.params as { card: string }).card);
    if (!cartao) return reply.code(404).send(erro(404, 'card not found'));
    return cartao.dados;
  });

  app.delete('/v1/customers/:id/cards/:card', async (req, reply) => {
    if (!vendedor(req)) return naoAutorizado(reply);
    const c = clienteDo(req);
    const id = (req.params as { card: string }).card;
    const cartao = c?.cartoes.get(id);
    if (!c || !cartao) return reply.code(404).send(erro(404, 'card not found'));
    c.cartoes.delete(id);
    return cartao.dados;
  });

  // ---- 3-D Secure challenge page -------------------------------------------------------------------

  app.post('/3ds/desafio/:id', async (req, reply) => {
    const p = pagamentos.get((req.params as { id: string }).id);
    const creq = str(obj(req.body)?.creq);
    const esperado = str(obj(p?.dados.three_ds_info)?.creq);
    if (!p || !p.desafio || !creq || creq !== esperado)
      return reply.code(400).type('text/html').send('<p>CReq inválido</p>');
    // The bank's challenge (the customer answers it): 'Aprovar' or 'Negar' posts the answer here.
    const id = (req.params as { id: string }).id;
    return reply
      .type('text/html')
      .send(
        '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Banco (teste)</title></head><body><main>' +
          '<h1>Autenticação do banco</h1><p>Mercado Pago, teste: confirme a compra.</p>' +
          `<form method="post" action="/3ds/desafio/${id}/resposta">` +
          `<input type="hidden" name="creq" value="${creq.replace(/[^A-Za-z0-9_-]/g, '')}">` +
          '<button name="resposta" value="aprovar">Aprovar</button> <button name="resposta" value="negar">Negar</button>' +
          '</form></main></body></html>',
      );
  });

  // The challenge answered: the payment leaves `pending_challenge` (approved or rejected, as
  // Mercado Pago does after the bank's answer) and the page tells its parent, as Mercado Pago's
  // 3DS guide has the integrator listen for: `message` with `data.status === 'COMPLETE'`.
  app.post('/3ds/desafio/:id/resposta', async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const b = obj(req.body) ?? {};
    const p = pagamentos.get(id);
    if (!p || !p.desafio || str(b.creq) !== str(obj(p.dados.three_ds_info)?.creq))
      return reply.code(400).type('text/html').send('<p>CReq inválido</p>');
    const t = agora().toISOString();
    const aprovado = str(b.resposta) === 'aprovar';
    p.desafio = false;
    Object.assign(
      p.dados,
      aprovado
        ? { status: 'approved', status_detail: 'accredited', date_approved: t, date_last_updated: t }
        : { status: 'rejected', status_detail: 'cc_rejected_3ds_challenge', date_last_updated: t },
    );
    void notificar(id, 'payment.updated');
    return reply
      .type('text/html')
      .send(
        '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Banco (teste)</title></head><body>' +
          '<p>Autenticação concluída.</p>' +
          '<script>window.parent.postMessage({ status: "COMPLETE" }, "*")</script></body></html>',
      );
  });

  // ---- OAuth ---------------------------------------------------------------------------------------

  function autorizar(p: {
    clientId: string;
    redirectUri: string;
    state: string;
    codeChallenge: string | null;
    codeChallengeMethod?: string;
  }): string {
    const o = opts.oauth;
    if (!o || p.clientId !== o.clientId) throw new Error('client_id desconhecido');
    if (!o.redirectUris.includes(p.redirectUri)) throw new Error('redirect_uri não registrada');
    if (p.codeChallenge && (p.codeChallengeMethod ?? 'S256') !== 'S256')
      throw new Error('code_challenge_method');
    const code = `TG-${randomBytes(12).toString('hex')}-${o.vendedorUserId}`;
    codigos.set(code, {
      clientId: p.clientId,
      redirectUri: p.redirectUri,
      challenge: p.codeChallenge,
      usado: false,
      expira: agora().getTime() + 10 * 60_000,
    });
    const u = new URL(p.redirectUri);
    u.searchParams.set('code', code);
    u.searchParams.set('state', p.state);
    return u.toString();
  }

  app.get('/authorization', async (req, reply) => {
    const q = obj(req.query) ?? {};
    if (str(q.response_type) !== 'code' || str(q.platform_id) !== 'mp')
      return reply.code(400).send('parâmetros inválidos');
    try {
      return reply.redirect(
        autorizar({
          clientId: str(q.client_id),
          redirectUri: str(q.redirect_uri),
          state: str(q.state),
          codeChallenge: str(q.code_challenge) || null,
          codeChallengeMethod: str(q.code_challenge_method) || undefined,
        }),
      );
    } catch (e) {
      return reply.code(400).send(e instanceof Error ? e.message : 'erro');
    }
  });

  function emitir(userId: string, clientId: string) {
    const accessToken = `APP_USR-${randomBytes(16).toString('hex')}-${userId}`;
    const existente = [...porToken.values()].find((v) => v.userId === userId);
    const publicKey = existente?.publicKey ?? `APP_USR-${randomUUID()}`;
    adicionarVendedor({ accessToken, publicKey, userId });
    const refreshToken = `TG-${randomBytes(16).toString('hex')}-${userId}`;
    refreshTokens.set(refreshToken, { clientId, userId });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 15_552_000,
      scope: 'offline_access read write',
      user_id: Number(userId),
      refresh_token: refreshToken,
      public_key: publicKey,
      live_mode: false,
    };
  }

  app.post('/oauth/token', async (req, reply) => {
    const f = falhar('oauth', reply);
    if (f) return reply;
    const b = obj(req.body) ?? {};
    const o = opts.oauth;
    const invalido = (message: string) =>
      reply.code(400).send({ error: 'invalid_grant', message, status: 400, cause: [] });
    if (!o || str(b.client_id) !== o.clientId || str(b.client_secret) !== o.clientSecret) {
      // The reference (OAuth › POST /oauth/token) lists every refusal, invalid_client too, as a 400.
      return reply.code(400).send({
        error: 'invalid_client',
        message: 'invalid client_id or client_secret',
        status: 400,
        cause: [],
      });
    }
    if (str(b.grant_type) === 'authorization_code') {
      const c = codigos.get(str(b.code));
      if (!c || c.clientId !== o.clientId) return invalido('invalid authorization code');
      // A code is used once, whatever the outcome of that use.
      const jaUsado = c.usado;
      c.usado = true;
      if (jaUsado || c.expira <= agora().getTime())
        return invalido('authorization code already used or expired');
      if (str(b.redirect_uri) !== c.redirectUri) return invalido('redirect_uri mismatch');
      if (c.challenge) {
        const verifier = str(b.code_verifier);
        const calculado = createHash('sha256').update(verifier).digest('base64url');
        if (!verifier || calculado !== c.challenge) return invalido('invalid code_verifier');
      }
      return emitir(o.vendedorUserId, o.clientId);
    }
    if (str(b.grant_type) === 'refresh_token') {
      const r = refreshTokens.get(str(b.refresh_token));
      if (!r || r.clientId !== o.clientId) return invalido('invalid refresh_token');
      refreshTokens.delete(str(b.refresh_token));
      return emitir(r.userId, o.clientId);
    }
    return reply
      .code(400)
      .send({ error: 'unsupported_grant_type', message: 'grant_type', status: 400, cause: [] });
  });

  // ---- Browser script ------------------------------------------------------------------------------

  app.get('/js/v2', async (req, reply) => {
    const base = `http://${req.headers.host ?? '127.0.0.1'}`;
    return reply.type('application/javascript').send(scriptDoNavegador(base));
  });

  registrarCamposSeguros(app);

  // ---- Webhooks ------------------------------------------------------------------------------------

  async function enviarWebhook(
    id: string,
    o: { url?: string; segredo?: string; ts?: string; requestId?: string } = {},
    acao = 'payment.updated',
  ): Promise<WebhookEnviado> {
    const p = pagamentos.get(id);
    // The payment's own notification_url first, as Mercado Pago does, else the application's.
    const propria = p?.dados.notification_url;
    const destino = o.url ?? (typeof propria === 'string' ? propria : undefined) ?? opts.webhook?.url;
    const segredo = o.segredo ?? opts.webhook?.segredo;
    if (!destino || !segredo) throw new Error('webhook sem URL ou segredo');
    const ts = o.ts ?? String(Math.floor(agora().getTime() / 1000));
    const requestId = o.requestId ?? randomUUID();
    const u = new URL(destino);
    u.searchParams.set('data.id', id);
    u.searchParams.set('type', 'payment');
    const corpo: Json = {
      action: acao,
      api_version: 'v1',
      data: { id },
      date_created: agora().toISOString(),
      id: Number(novoId()),
      live_mode: false,
      type: 'payment',
      user_id: p ? Number(p.userId) : null,
    };
    const headers = {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'x-signature': assinarWebhook({ segredo, dataId: id, requestId, ts }),
    };
    const enviado: WebhookEnviado = { url: u.toString(), headers, corpo, status: null };
    webhooks.push(enviado);
    try {
      const r = await fetch(u, {
        method: 'POST',
        headers,
        body: JSON.stringify(corpo),
        signal: AbortSignal.timeout(5000),
      });
      enviado.status = r.status;
      await r.body?.cancel();
    } catch {
      enviado.status = null;
    }
    return enviado;
  }

  url = await app.listen({ port: 0, host: '127.0.0.1' });

  return {
    url,
    app,
    requisicoes,
    webhooks,
    pagamentos: () => ordem.map((id) => pagamentos.get(id)!.dados),
    credencialDoPagamento: (id) => credencialDe.get(id) ?? null,
    adicionarVendedor,
    revogarToken: (t) => void revogados.add(t),
    falharProximas(status, o = {}) {
      falhas = {
        status,
        quantas: o.quantas ?? 1,
        registrar: o.registrar ?? false,
        rota: o.rota ?? 'pagamentos',
      };
    },
    atrasarProximoPagamento(ms) {
      atraso = ms;
    },
    pagarPix(id) {
      const p = pagamentos.get(id);
      if (!p) return false;
      const d = atualizar(p);
      if (d.payment_method_id !== 'pix' || d.status !== 'pending') return false;
      const t = agora().toISOString();
      Object.assign(d, {
        status: 'approved',
        status_detail: 'accredited',
        date_approved: t,
        date_last_updated: t,
      });
      void notificar(id, 'payment.updated');
      return true;
    },
    concluirDesafio(id, aprovar) {
      const p = pagamentos.get(id);
      if (!p || !p.desafio || p.dados.status !== 'pending') return false;
      p.desafio = false;
      const t = agora().toISOString();
      Object.assign(
        p.dados,
        aprovar
          ? { status: 'approved', status_detail: 'accredited', date_approved: t, date_last_updated: t }
          : { status: 'rejected', status_detail: 'cc_rejected_3ds_challenge', date_last_updated: t },
      );
      void notificar(id, 'payment.updated');
      return true;
    },
    enviarWebhook: (id, o) => enviarWebhook(id, o),
    autorizar,
    reset() {
      falhas = null;
      atraso = null;
    },
    close: () => app.close(),
  };
}

/**
 * The browser script's interface, as Mercado Pago's SDK v2 offers it: `new MercadoPago(publicKey)`,
 * `createCardToken({cardNumber, cardholderName, cardExpirationMonth, cardExpirationYear,
 * securityCode, identificationType, identificationNumber})` or `createCardToken({cardId,
 * securityCode})`, `getPaymentMethods({bin})`, and `fields` (Secure Fields, mercadopago-fields.ts).
 * It posts only to this fake.
 */
function scriptDoNavegador(base: string): string {
  return `(function(){
var BASE=${JSON.stringify(base)};
function MercadoPago(publicKey){
  if(!(this instanceof MercadoPago)) return new MercadoPago(publicKey);
  this.publicKey=publicKey;
  this.fields=new Campos(this);
}
function enviar(pk,caminho,corpo,metodo){
  return fetch(BASE+caminho+(caminho.indexOf('?')<0?'?':'&')+'public_key='+encodeURIComponent(pk),{
    method:metodo||'POST',headers:corpo?{'content-type':'application/json'}:{},body:corpo?JSON.stringify(corpo):undefined
  }).then(function(r){return r.json().then(function(j){if(!r.ok){var e=new Error(j.message||'erro');e.cause=j.cause;throw e;}return j;});});
}
MercadoPago.prototype.createCardToken=function(d){
  if(d.cardId) return enviar(this.publicKey,'/v1/card_tokens',{card_id:String(d.cardId),security_code:d.securityCode});
  return enviar(this.publicKey,'/v1/card_tokens',{
    card_number:String(d.cardNumber||'').replace(/\\D/g,''),
    security_code:String(d.securityCode||''),
    expiration_month:Number(d.cardExpirationMonth),
    expiration_year:Number(String(d.cardExpirationYear).length===2?'20'+d.cardExpirationYear:d.cardExpirationYear),
    cardholder:{name:d.cardholderName,identification:{type:d.identificationType,number:d.identificationNumber}}
  });
};
MercadoPago.prototype.getPaymentMethods=function(d){
  return enviar(this.publicKey,'/v1/payment_methods/search?bins='+encodeURIComponent(String(d.bin||'').slice(0,8)),null,'GET');
};
${scriptDosCampos()}
window.MercadoPago=MercadoPago;
})();`;
}
