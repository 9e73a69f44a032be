import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SANDBOX_DESFECHOS } from '../../modules/payments/port.ts';

/**
 * A local stand-in for Cielo's documented HTTP contract (API 3.0, its card vault, Braspag's Silent
 * Order Post and 3-D Secure token), kept in memory, so the Cielo adapter is tested without the
 * internet. One server plays every host: api, query, SOP (`/oauth2/token`, `/post/api/public/…`)
 * and MPI (`/v2/auth/token`).
 *
 * Outcomes follow Cielo's sandbox (the brief): the card number's last digit decides — 0, 1, 4
 * authorised; 2 '05' Não Autorizada; 3 '57' Cartão Expirado; 5 '78' Cartão Bloqueado; 6 '99' Time Out;
 * 7 '77' Cartão Cancelado; 8 '70' Problemas com o Cartão de Crédito; 9 any of those at random. Any
 * CVV; the expiry must be MM/YYYY and not past (error 126). The vault checks Luhn (error 213).
 *
 * Like Cielo, it never answers a card number in full (first six and last four), and it keeps no
 * number or CVV: a token keeps the masked number and the last digit that decides its outcomes.
 * Test switches (`atrasarProximaVenda`, `falharProximaVenda`, …) make it misbehave on purpose.
 */

export interface CieloFakeOptions {
  merchantId: string;
  merchantKey: string;
  /**
   * More merchants on the same fake (issue 23: each establishment's own Cielo account). Like Cielo,
   * a merchant sees only its own sales: another merchant's PaymentId answers 404.
   */
  outrosLojistas?: { merchantId: string; merchantKey: string }[];
  /** The SOP's OAuth2 client. */
  sop: { clientId: string; clientSecret: string };
  /** The 3-D Secure (MPI) client. */
  mpi: { clientId: string; clientSecret: string };
  agora?: () => Date;
  /** Digit 9's draw. */
  random?: () => number;
}

/** What the fake holds about one sale (no card data beyond the masked number). */
export interface VendaFake {
  paymentId: string;
  merchantOrderId: string;
  tipo: 'CreditCard' | 'DebitCard' | 'Pix';
  amount: number;
  status: number;
  /** The Payment node Cielo answers (masked card). */
  payment: Record<string, unknown>;
  customer: Record<string, unknown>;
  /** The MerchantId whose credentials created the sale (issue 23: which account took it). */
  merchantId: string;
}

export interface RequisicaoFake {
  method: string;
  /** Path with query. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface CieloFakeControles {
  /** Sales in the order they were recorded. */
  vendas(): readonly VendaFake[];
  /** Every request: method, path and headers (bodies are not kept: they carry card data). */
  readonly requisicoes: RequisicaoFake[];
  /** The next sale is recorded, then answered only after `ms` (a time-out after the charge). */
  atrasarProximaVenda(ms: number): void;
  /** The next sale answers HTTP `status` with an HTML body; with `registrar`, after recording the charge. */
  falharProximaVenda(status?: number, opcoes?: { registrar?: boolean }): void;
  /** The next sale answers 400 with a Message that echoes the card number and CVV (a hostile answer). */
  ecoarCartaoNoErro(): void;
  /** Sale and card queries answer HTTP `status` (null: normal again). */
  falharConsultas(status: number | null): void;
  /** The bank's decision on a debit waiting for authentication. False: unknown or not waiting. */
  concluirAutenticacao(paymentId: string, aprovar: boolean): boolean;
  /** The customer pays a waiting PIX. False: unknown or not waiting. */
  pagarPix(paymentId: string): boolean;
  /**
   * The merchant's credentials stop working (an account closed or its key changed at Cielo): every
   * call with them answers 401, as Cielo does. `false` makes them work again.
   */
  revogar(merchantId: string, revogado?: boolean): void;
  /** Clears the switches (not the sales). */
  reset(): void;
}

export interface CieloFake extends CieloFakeControles {
  /** `http://127.0.0.1:<port>` */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

// Cielo's sandbox follows the documented last-digit table (port.ts).
const DESFECHOS = SANDBOX_DESFECHOS;

/** Cielo's error list entries the fake answers. */
const ERRO = {
  pagamento: { Code: 119, Message: 'At least one Payment is required' },
  tipo: { Code: 102, Message: 'Payment Type is required' },
  valor: { Code: 108, Message: 'Amount must be greater or equal to zero' },
  pedido: { Code: 122, Message: 'MerchantOrderId is required' },
  cartao: { Code: 124, Message: 'Credit Card is Required' },
  expiracao: { Code: 126, Message: 'Credit Card Expiration Date is invalid' },
  numero: { Code: 127, Message: 'You must provide CreditCard Number' },
  token: { Code: 180, Message: 'The provided Card PaymentToken was not found' },
  bandeira: { Code: 182, Message: 'Brand is required' },
  numeroInvalido: { Code: 213, Message: 'Credit Card Number is invalid' },
  naoCancelavel: { Code: 309, Message: 'Transaction not available to void' },
} as const;

/** Silent Order Post's errors, as the brief's wire states them. */
const ERRO_SOP = {
  expiracao: { Code: 126, Message: 'Data de expiração é inválida' },
  numero: { Code: 128, Message: 'Número do cartão inválido' },
  acesso: { Code: 132, Message: 'Token de acesso inválido' },
} as const;

/** A 1×1 PNG: the QR image's bytes do not matter to the adapter. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

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

const mascarar = (d: string) => `${d.slice(0, 6)}${'*'.repeat(Math.max(0, d.length - 10))}${d.slice(-4)}`;

/** Brasília wall-clock time, Cielo's way of writing instants ('2020-10-15 18:53:20'). */
function horaDeBrasilia(t: Date, separador = ' '): string {
  const iso = new Date(t.getTime() - 3 * 3600_000).toISOString();
  return `${iso.slice(0, 10)}${separador}${iso.slice(11, 19)}`;
}

const obj = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const verdade = (v: unknown) => v === true || v === 'true';

function basicDe(header: string | undefined): { id: string; segredo: string } | null {
  const m = /^Basic\s+(.+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const par = Buffer.from(m[1], 'base64').toString('utf8');
  const i = par.indexOf(':');
  return i < 0 ? null : { id: par.slice(0, i), segredo: par.slice(i + 1) };
}

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function buildCieloFake(opts: CieloFakeOptions): { app: FastifyInstance } & CieloFakeControles {
  const agora = opts.agora ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const vendas = new Map<string, VendaFake>();
  const ordem: VendaFake[] = [];
  /** The card vault, per merchant as at Cielo: a token is known only to the merchant that made it. */
  const cartoes = new Map<
    string,
    { mascarado: string; ultimo: string; holder: string; expiracao: string; merchantId: string }
  >();
  /** A card token as the asking merchant may see it: another merchant's is unknown. */
  const cartaoDe = (req: FastifyRequest, token: string) => {
    const c = cartoes.get(token);
    return c && c.merchantId === lojistaDe(req) ? c : undefined;
  };
  const bearersSop = new Set<string>();
  /** SOP access tokens: their expiry and the merchant they were issued to. */
  const acessosSop = new Map<string, { expira: number; merchantId: string }>();
  /** Debit waiting for the bank's page: where to send the customer back, and the digit that decides. */
  const debitosPendentes = new Map<string, { returnUrl: string; ultimo: string }>();
  const requisicoes: RequisicaoFake[] = [];

  let atraso: number | null = null;
  let falha: { status: number; registrar: boolean } | null = null;
  let eco = false;
  let falhaConsultas: number | null = null;

  app.addHook('onRequest', async (req) => {
    requisicoes.push({ method: req.method, url: req.url, headers: req.headers });
  });

  const lojistas = [
    { merchantId: opts.merchantId, merchantKey: opts.merchantKey },
    ...(opts.outrosLojistas ?? []),
  ];
  const revogados = new Set<string>();
  const credenciado = (req: FastifyRequest) =>
    !revogados.has(str(req.headers['merchantid'])) &&
    lojistas.some(
      (l) => req.headers['merchantid'] === l.merchantId && req.headers['merchantkey'] === l.merchantKey,
    );
  /** The merchant of a request already past `exigirCredenciais`. */
  const lojistaDe = (req: FastifyRequest) => str(req.headers['merchantid']);
  /** A sale as the asking merchant may see it: another merchant's is not found. */
  const vendaDoLojista = (req: FastifyRequest, id: string) => {
    const v = vendas.get(id);
    return v && v.merchantId === lojistaDe(req) ? v : undefined;
  };
  /** Cielo answers wrong credentials with 401 and no body. */
  const exigirCredenciais = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!credenciado(req)) return reply.code(401).send();
  };
  const consultaFalha = (reply: FastifyReply) =>
    falhaConsultas === null ? null : reply.code(falhaConsultas).type('text/html').send('<h1>Erro</h1>');

  function expiracaoValida(e: string): boolean {
    const m = /^(0[1-9]|1[0-2])\/(\d{4})$/.exec(e);
    if (!m) return false;
    const t = agora();
    return Number(m[2]) * 12 + Number(m[1]) - 1 >= t.getUTCFullYear() * 12 + t.getUTCMonth();
  }

  function desfecho(ultimo: string) {
    if (ultimo === '9') {
      const todos = Object.values(DESFECHOS);
      return todos[Math.floor(random() * todos.length)] ?? DESFECHOS['2']!;
    }
    return DESFECHOS[ultimo] ?? DESFECHOS['2']!;
  }

  /** Applies an authorisation outcome to a card Payment node. */
  function autorizar(p: Record<string, unknown>, ultimo: string, capturar: boolean) {
    const d = desfecho(ultimo);
    p.Status = d.aprovado ? (capturar ? 2 : 1) : 3;
    p.ReturnCode = d.aprovado && !capturar ? '4' : d.codigo;
    p.ReturnMessage = d.mensagem;
    p.ProviderReturnCode = p.ReturnCode;
    p.ProviderReturnMessage = p.ReturnMessage;
    if (d.aprovado) {
      p.AuthorizationCode = String(100000 + Math.floor(random() * 900000));
      p.ProofOfSale = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
      if (capturar) p.CapturedAmount = p.Amount;
    }
  }

  const links = (origem: string, id: string) => [
    { Method: 'GET', Rel: 'self', Href: `${origem}/1/sales/${id}` },
  ];
  const origemDe = (req: FastifyRequest) => `${req.protocol}://${req.headers.host ?? '127.0.0.1'}`;
  const venda = (v: VendaFake, origem: string) => ({
    MerchantOrderId: v.merchantOrderId,
    Customer: v.customer,
    Payment: { ...v.payment, Links: links(origem, v.paymentId) } as Record<string, unknown>,
  });

  function registrar(v: VendaFake) {
    vendas.set(v.paymentId, v);
    ordem.push(v);
  }

  // ---- API 3.0: sales --------------------------------------------------------------------------

  app.post('/1/sales', { preHandler: exigirCredenciais }, async (req, reply) => {
    const corpo = obj(req.body);
    const merchantOrderId = str(corpo?.MerchantOrderId);
    const pagamento = obj(corpo?.Payment);
    if (!merchantOrderId) return reply.code(400).send([ERRO.pedido]);
    if (!pagamento) return reply.code(400).send([ERRO.pagamento]);
    const tipo = str(pagamento.Type);
    if (tipo !== 'CreditCard' && tipo !== 'DebitCard' && tipo !== 'Pix')
      return reply.code(400).send([ERRO.tipo]);
    const amount = pagamento.Amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
      return reply.code(400).send([ERRO.valor]);
    }
    const falhaAgora = falha;
    falha = null;
    if (falhaAgora && !falhaAgora.registrar) {
      return reply.code(falhaAgora.status).type('text/html').send('<h1>Service Unavailable</h1>');
    }

    const paymentId = randomUUID();
    const origem = origemDe(req);
    const p: Record<string, unknown> = {
      PaymentId: paymentId,
      Type: tipo,
      Amount: amount,
      Currency: str(pagamento.Currency) || 'BRL',
      Country: str(pagamento.Country) || 'BRA',
      ReceivedDate: horaDeBrasilia(agora()),
      Provider: str(pagamento.Provider) || 'Simulado',
    };
    const customer = obj(corpo?.Customer) ?? {};
    const cliente = { ...(customer.Name ? { Name: str(customer.Name) } : {}) };

    if (tipo === 'Pix') {
      const validade = Math.min(Number(obj(pagamento.QrCode)?.Expiration ?? 86_400) || 86_400, 86_400);
      Object.assign(p, {
        QrCodeString: `00020101021226880014br.gov.bcb.pix2566qrcodes-h.cielo.com.br/pix-qr/${paymentId}5204000053039865802BR6304ABCD`,
        QrCodeBase64Image: PNG_1X1,
        QrCodeExpiration: validade,
        Status: 12,
        ReturnCode: '0',
        ReturnMessage: 'Pix gerado com sucesso',
      });
    } else {
      const no = obj(pagamento[tipo === 'CreditCard' ? 'CreditCard' : 'DebitCard']);
      if (!no) return reply.code(400).send([ERRO.cartao]);
      const brand = str(no.Brand);
      if (!brand) return reply.code(400).send([ERRO.bandeira]);
      let ultimo: string;
      let noResposta: Record<string, unknown>;
      if (no.CardToken !== undefined) {
        const c = cartaoDe(req, str(no.CardToken));
        if (!c) return reply.code(400).send([ERRO.token]);
        ultimo = c.ultimo;
        noResposta = {
          CardNumber: c.mascarado,
          Holder: c.holder,
          ExpirationDate: c.expiracao,
          SaveCard: false,
          CardToken: str(no.CardToken),
          Brand: brand,
        };
      } else {
        const numero = str(no.CardNumber).replace(/\D/g, '');
        if (!/^\d{13,19}$/.test(numero)) return reply.code(400).send([ERRO.numero]);
        if (!expiracaoValida(str(no.ExpirationDate))) return reply.code(400).send([ERRO.expiracao]);
        if (eco) {
          eco = false;
          return reply.code(400).send([
            {
              Code: 213,
              Message: `Credit Card Number ${numero} with code ${str(no.SecurityCode)} is invalid`,
            },
          ]);
        }
        ultimo = numero.slice(-1);
        noResposta = {
          CardNumber: mascarar(numero),
          Holder: str(no.Holder),
          ExpirationDate: str(no.ExpirationDate),
          SaveCard: verdade(no.SaveCard),
          Brand: brand,
        };
        if (verdade(no.SaveCard)) {
          const token = randomUUID();
          cartoes.set(token, {
            mascarado: mascarar(numero),
            ultimo,
            holder: str(no.Holder),
            expiracao: str(no.ExpirationDate),
            merchantId: lojistaDe(req),
          });
          noResposta.CardToken = token;
        }
      }
      p[tipo] = noResposta;
      p.Installments = Number(pagamento.Installments ?? 1);
      p.Capture = tipo === 'DebitCard' ? true : verdade(pagamento.Capture);
      p.Authenticate = verdade(pagamento.Authenticate);
      p.Tid = randomBytes(10).toString('hex').toUpperCase();
      const externa = obj(pagamento.ExternalAuthentication);
      if (externa) p.ExternalAuthentication = externa;
      if (tipo === 'DebitCard' && !externa && verdade(pagamento.Authenticate)) {
        // No 3-D Secure result: the customer authenticates on the bank's page first.
        Object.assign(p, {
          Status: 0,
          ReturnCode: '0',
          AuthenticationUrl: `${origem}/fake/autenticacao/${paymentId}`,
        });
        debitosPendentes.set(paymentId, { returnUrl: str(pagamento.ReturnUrl), ultimo });
      } else {
        autorizar(p, ultimo, tipo === 'DebitCard' || verdade(pagamento.Capture));
      }
    }

    const v: VendaFake = {
      paymentId,
      merchantOrderId,
      tipo,
      amount,
      status: Number(p.Status),
      payment: p,
      customer: cliente,
      merchantId: lojistaDe(req),
    };
    registrar(v);
    if (falhaAgora) return reply.code(falhaAgora.status).type('text/html').send('<h1>Gateway Timeout</h1>');
    const atrasoAgora = atraso;
    atraso = null;
    if (atrasoAgora !== null) await dormir(atrasoAgora);
    const resposta = venda(v, origem);
    // The creation answer spells the QR field the way Cielo's PIX documentation example does.
    if (tipo === 'Pix') {
      const { QrCodeBase64Image, ...resto } = resposta.Payment;
      return reply
        .code(201)
        .send({ ...resposta, Payment: { ...resto, QrcodeBase64Image: QrCodeBase64Image } });
    }
    return reply.code(201).send(resposta);
  });

  app.get<{ Querystring: { merchantOrderId?: string } }>(
    '/1/sales',
    { preHandler: exigirCredenciais },
    async (req, reply) => {
      if (consultaFalha(reply)) return reply;
      const id = req.query.merchantOrderId ?? '';
      const achadas = ordem.filter((v) => v.merchantOrderId === id && v.merchantId === lojistaDe(req));
      if (achadas.length === 0) return reply.code(404).send();
      // Cielo's documented answer (its field name spelled as documented).
      return {
        Payments: achadas.map((v) => ({ PaymentId: v.paymentId, ReceveidDate: v.payment.ReceivedDate })),
      };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/1/sales/:id',
    { preHandler: exigirCredenciais },
    async (req, reply) => {
      if (consultaFalha(reply)) return reply;
      const v = vendaDoLojista(req, req.params.id);
      if (!v) return reply.code(404).send();
      return venda(v, origemDe(req));
    },
  );

  app.put<{ Params: { id: string }; Querystring: { amount?: string } }>(
    '/1/sales/:id/void',
    { preHandler: exigirCredenciais },
    async (req, reply) => {
      const v = vendaDoLojista(req, req.params.id);
      if (!v) return reply.code(404).send();
      const amount = req.query.amount === undefined ? v.amount : Number(req.query.amount);
      if (![1, 2].includes(v.status) || !Number.isInteger(amount) || amount <= 0 || amount > v.amount) {
        return reply.code(400).send([ERRO.naoCancelavel]);
      }
      v.status = 10;
      Object.assign(v.payment, { Status: 10, VoidedAmount: amount, VoidedDate: horaDeBrasilia(agora()) });
      return {
        Status: 10,
        ReasonCode: 0,
        ReasonMessage: 'Successful',
        ProviderReturnCode: '9',
        ProviderReturnMessage: 'Operation Successful',
        ReturnCode: '9',
        ReturnMessage: 'Operation Successful',
        Tid: v.payment.Tid ?? null,
        Links: links(origemDe(req), v.paymentId),
      };
    },
  );

  // ---- Card vault ------------------------------------------------------------------------------

  app.post('/1/card', { preHandler: exigirCredenciais }, async (req, reply) => {
    const b = obj(req.body) ?? {};
    const numero = str(b.CardNumber).replace(/\D/g, '');
    if (!luhn(numero)) return reply.code(400).send([ERRO.numeroInvalido]);
    if (!expiracaoValida(str(b.ExpirationDate))) return reply.code(400).send([ERRO.expiracao]);
    if (!str(b.Brand)) return reply.code(400).send([ERRO.bandeira]);
    const token = randomUUID();
    cartoes.set(token, {
      mascarado: mascarar(numero),
      ultimo: numero.slice(-1),
      holder: str(b.Holder),
      expiracao: str(b.ExpirationDate),
      merchantId: lojistaDe(req),
    });
    return reply.code(201).send({
      CardToken: token,
      Links: { Method: 'GET', Rel: 'self', Href: `${origemDe(req)}/1/card/${token}` },
    });
  });

  app.get<{ Params: { token: string } }>(
    '/1/card/:token',
    { preHandler: exigirCredenciais },
    async (req, reply) => {
      if (consultaFalha(reply)) return reply;
      const c = cartaoDe(req, req.params.token);
      if (!c) return reply.code(404).send();
      return { CardNumber: c.mascarado, Holder: c.holder, ExpirationDate: c.expiracao };
    },
  );

  // ---- The bank's authentication page (debit without the browser's 3-D Secure) ----------------

  function decidir(paymentId: string, aprovar: boolean): boolean {
    const v = vendas.get(paymentId);
    const pendente = debitosPendentes.get(paymentId);
    if (!v || !pendente || v.status !== 0) return false;
    if (aprovar) autorizar(v.payment, pendente.ultimo, true);
    else Object.assign(v.payment, { Status: 3, ReturnCode: '05', ReturnMessage: 'Não Autorizada' });
    delete v.payment.AuthenticationUrl;
    v.status = Number(v.payment.Status);
    return true;
  }

  app.get<{ Params: { id: string }; Querystring: { aprovar?: string } }>(
    '/fake/autenticacao/:id',
    async (req, reply) => {
      const returnUrl = debitosPendentes.get(req.params.id)?.returnUrl;
      if (!decidir(req.params.id, req.query.aprovar !== '0')) return reply.code(404).send();
      return reply.redirect(returnUrl || '/');
    },
  );

  // ---- Silent Order Post ----------------------------------------------------------------------

  app.post('/oauth2/token', async (req, reply) => {
    const cred = basicDe(req.headers.authorization);
    const b = obj(req.body) ?? {};
    if (!cred || cred.id !== opts.sop.clientId || cred.segredo !== opts.sop.clientSecret) {
      return reply.code(400).send({ error: 'invalid_client' });
    }
    if (b.grant_type !== 'client_credentials')
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    const token = randomBytes(24).toString('base64url');
    bearersSop.add(token);
    return { access_token: token, token_type: 'bearer', expires_in: 599 };
  });

  app.post('/post/api/public/v2/accesstoken', async (req, reply) => {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const merchantId = str(req.headers['merchantid']);
    if (!bearer || !bearersSop.has(bearer) || !lojistas.some((l) => l.merchantId === merchantId)) {
      return reply.code(401).send();
    }
    const emitido = agora();
    const expira = new Date(emitido.getTime() + 20 * 60_000);
    const accessToken = randomBytes(24).toString('base64url');
    acessosSop.set(accessToken, { expira: expira.getTime(), merchantId });
    return {
      MerchantId: merchantId,
      AccessToken: accessToken,
      Issued: horaDeBrasilia(emitido, 'T'),
      ExpiresIn: horaDeBrasilia(expira, 'T'),
    };
  });

  app.post('/post/api/public/v1/card', async (req, reply) => {
    const b = obj(req.body) ?? {};
    const acesso = acessosSop.get(str(b.AccessToken));
    if (acesso === undefined || acesso.expira < agora().getTime())
      return reply.code(400).send([ERRO_SOP.acesso]);
    const numero = str(b.RawNumber).replace(/\D/g, '');
    const erros = [];
    if (!luhn(numero)) erros.push(ERRO_SOP.numero);
    if (!expiracaoValida(str(b.Expiration))) erros.push(ERRO_SOP.expiracao);
    if (erros.length > 0) return reply.code(400).send(erros);
    const token = randomUUID();
    cartoes.set(token, {
      mascarado: mascarar(numero),
      ultimo: numero.slice(-1),
      holder: str(b.HolderName),
      expiracao: str(b.Expiration),
      merchantId: acesso.merchantId,
    });
    return reply.code(201).send(verdade(b.EnableTokenize) ? { CardToken: token } : { PaymentToken: token });
  });

  // ---- 3-D Secure access token (Braspag's MPI) ---------------------------------------------------

  app.post('/v2/auth/token', async (req, reply) => {
    const cred = basicDe(req.headers.authorization);
    if (!cred || cred.id !== opts.mpi.clientId || cred.segredo !== opts.mpi.clientSecret) {
      return reply.code(401).send();
    }
    const b = obj(req.body) ?? {};
    if (!str(b.EstablishmentCode) || !str(b.MerchantName) || !str(b.MCC)) return reply.code(400).send();
    // As Braspag's documented example answers it: token_type spelled 'barear', expires_in an instant.
    return {
      access_token: randomBytes(32).toString('base64url'),
      token_type: 'barear',
      expires_in: horaDeBrasilia(new Date(agora().getTime() + 3600_000), 'T'),
    };
  });

  return {
    app,
    vendas: () => [...ordem],
    requisicoes,
    atrasarProximaVenda(ms) {
      atraso = ms;
    },
    falharProximaVenda(status = 500, opcoes = {}) {
      falha = { status, registrar: opcoes.registrar ?? false };
    },
    ecoarCartaoNoErro() {
      eco = true;
    },
    falharConsultas(status) {
      falhaConsultas = status;
    },
    concluirAutenticacao: decidir,
    pagarPix(paymentId) {
      const v = vendas.get(paymentId);
      if (!v || v.tipo !== 'Pix' || v.status !== 12) return false;
      v.status = 2;
      Object.assign(v.payment, { Status: 2, ReturnCode: '0', ReturnMessage: 'Pix pago' });
      return true;
    },
    revogar(merchantId, revogado = true) {
      if (revogado) revogados.add(merchantId);
      else revogados.delete(merchantId);
    },
    reset() {
      atraso = null;
      falha = null;
      eco = false;
      falhaConsultas = null;
    },
  };
}

/** The fake on a free port of 127.0.0.1. */
export async function startCieloFake(opts: CieloFakeOptions): Promise<CieloFake> {
  const fake = buildCieloFake(opts);
  const url = await fake.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...fake, url, close: () => fake.app.close() };
}
