import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { detectarBandeira, expiracaoVencida, lerExpiracao, luhnValido } from '@rango/domain';
import type { Db } from '../../../db/index.ts';
import type { SandboxPagamentoTable } from '../../../db/types.ts';
import { gerarBrCode, novoTxid } from '../pix/br-code.ts';
import { qrDataUrl } from '../pix/qr-image.ts';
import { CIELO_STATUS, GatewayValidacaoError, SANDBOX_DESFECHOS, statusDeCielo } from '../port.ts';
import type {
  AutenticacaoExterna,
  BandeiraGateway,
  CartaoCobranca,
  CartaoTokenizado,
  PaymentGateway,
  ResultadoPagamento,
} from '../port.ts';
import { emitirTokenMpi, verificarAutenticacao } from './mpi.ts';

/**
 * The embedded payment gateway: a real implementation of Cielo's documented sandbox behaviour,
 * kept in its own tables (`sandbox_*`). Nothing here is a fixed success:
 *
 * - Credit (and unauthenticated-but-unenrolled debit): the card number's last digit decides —
 *   0, 1, 4 authorised; 2 '05' Não Autorizada; 3 '57' Cartão Expirado; 5 '78' Cartão Bloqueado;
 *   6 '99' Time Out; 7 '77' Cartão Cancelado; 8 '70' Problemas com o Cartão de Crédito; 9 any
 *   of these at random. Any CVV; the expiry must be MM/YYYY and not past, else error 126.
 * - Tokenisation (server-side and the browser's Silent Order Post): 13–19 digits passing Luhn,
 *   else error 128; a token keeps brand, last 4, holder and expiry — never the number or CVV.
 * - Debit needs 3-D Secure: with external authentication the sandbox 3DS server's record is
 *   checked (sandbox/mpi.ts, consumed once); success pays, failure denies, unenrolled follows the
 *   last-digit rule. Without it the payment waits (status 0) on a simulated bank page
 *   (`authenticationUrl`) where the customer approves or denies.
 * - PIX: a dynamic BR Code (pix/br-code.ts) that waits (status 12) until a sandbox action pays it,
 *   or expires.
 * - The same `chave` twice answers the first payment (idempotency): nothing is charged twice.
 */

export const ERRO_EXPIRACAO = { Code: 126, Message: 'Data de expiração é inválida' };
export const ERRO_NUMERO = { Code: 128, Message: 'Número do cartão inválido' };
export const ERRO_TOKEN_ACESSO = { Code: 132, Message: 'Token de acesso inválido' };
export const ERRO_CARTAO_TOKEN = { Code: 133, Message: 'Token do cartão inválido' };
export const ERRO_AUTENTICACAO = { Code: 134, Message: 'Autenticação 3-D Secure inválida' };

/** A debit authentication the issuer refused (3-D Secure failure or the bank page's 'Negar'). */
export const DEBITO_NAO_AUTENTICADO = { codigo: '05', mensagem: 'Autenticação negada pelo banco' };

export const SANDBOX_PATHS = {
  sop: '/api/ead/sandbox/sop/card/',
  bancoDebito: (paymentId: string) => `/api/ead/sandbox/banco/debito/${paymentId}`,
  pix: (paymentId: string) => `/api/ead/sandbox/banco/pix/${paymentId}`,
  mpiScript: '/api/ead/sandbox/3ds/bpmpi.js',
} as const;

/** 13–19 digits passing Luhn (the gateway's own check; the app's form asks 14–16). */
const numeroValido = (n: string): boolean => /^\d{13,19}$/.test(n) && luhnValido(n);

/** 'MM/YYYY', not past (the domain's rule) and at most 20 years ahead. */
export function expiracaoValida(expiracao: string | null | undefined, agora: Date): boolean {
  const e = lerExpiracao(expiracao ?? '');
  return e !== null && !expiracaoVencida(expiracao!, agora) && e.ano <= agora.getFullYear() + 20;
}

export interface SandboxGatewayOptions {
  db: Db;
  /** Signs the sandbox's access tokens, 3-D Secure results and notifications. */
  secret: string;
  pix: { chave: string; nome: string; cidade: string };
  agora?: () => Date;
  /** Digit 9's draw (tests fix it). */
  random?: () => number;
}

type Linha = SandboxPagamentoTable;

/** The sandbox gateway plus its sandbox-only actions (the bank pages and the CLI use them). */
export interface SandboxGateway extends PaymentGateway {
  /** The simulated bank page's decision on a debit waiting for authentication. */
  decidirDebito(paymentId: string, aprovar: boolean): Promise<ResultadoPagamento | null>;
  /** Pays a waiting PIX (the sandbox 'bank app'). Null: unknown; an expired or paid one is unchanged. */
  pagarPix(paymentId: string): Promise<ResultadoPagamento | null>;
  /** Tokenises a card posted by the browser (Silent Order Post). */
  tokenizarSop(body: unknown): Promise<{ status: number; body: unknown }>;
  /** The header value that signs a notification about `paymentId` (`x-rango-sandbox-assinatura`). */
  assinarNotificacao(paymentId: string): string;
  readonly returnUrlDe: (paymentId: string) => Promise<string | null>;
  /** The sandbox's own record of a payment (its pages show amount, last 4, txid). */
  consultarSandbox(paymentId: string): Promise<Linha | undefined>;
}

export const HEADER_ASSINATURA = 'x-rango-sandbox-assinatura';

export function createSandboxGateway(opts: SandboxGatewayOptions): SandboxGateway {
  const { db, secret } = opts;
  const agora = opts.agora ?? (() => new Date());
  const random = opts.random ?? Math.random;
  const hmac = (texto: string) => createHmac('sha256', secret).update(texto).digest('base64url');
  const iguais = (a: string, b: string) => {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  };

  /** `exp.assinatura`, good for `segundos`. */
  const emitirAcesso = (uso: string, segundos: number) => {
    const exp = Math.floor(agora().getTime() / 1000) + segundos;
    return `${exp}.${hmac(`${uso}:${exp}`)}`;
  };
  const acessoValido = (uso: string, token: unknown) => {
    if (typeof token !== 'string') return false;
    const [exp, assinatura, ...resto] = token.split('.');
    if (!exp || !assinatura || resto.length > 0 || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) < agora().getTime() / 1000) return false;
    return iguais(assinatura, hmac(`${uso}:${exp}`));
  };

  const resultado = (l: Linha): ResultadoPagamento => {
    let estado = statusDeCielo(l.status);
    if (
      l.tipo === 'pix' &&
      estado === 'pendente' &&
      l.expira_em &&
      Date.parse(l.expira_em) <= agora().getTime()
    ) {
      estado = 'expirado';
    }
    return {
      paymentId: l.payment_id,
      estado,
      returnCode: l.return_code,
      returnMessage: l.return_message,
      // The issuer's page for a debit waiting for authentication; for a waiting PIX, the sandbox's
      // 'bank app' that pays it (the demo's only way to pay one).
      authenticationUrl:
        l.tipo === 'debito' && l.status === CIELO_STATUS.NotFinished
          ? SANDBOX_PATHS.bancoDebito(l.payment_id)
          : l.tipo === 'pix' && estado === 'pendente'
            ? SANDBOX_PATHS.pix(l.payment_id)
            : null,
      cardToken: null,
      pix: null,
    };
  };

  const porChave = (chave: string) =>
    db.selectFrom('sandbox_pagamento').selectAll().where('chave', '=', chave).executeTakeFirst();
  const porId = (paymentId: string) =>
    db.selectFrom('sandbox_pagamento').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

  const gravarToken = async (c: {
    bandeira: BandeiraGateway;
    final: string;
    titular: string;
    expiracao: string;
  }) => {
    const token = randomUUID();
    await db
      .insertInto('sandbox_cartao')
      .values({ token, ...c, criado_em: agora().toISOString() })
      .execute();
    return token;
  };

  /** The card behind a charge: a token's record, or a raw number checked and reduced to its last 4. */
  async function cartaoDa(
    c: CartaoCobranca,
  ): Promise<{ final: string; bandeira: string; expiracao: string; titular: string }> {
    if (c.token) {
      const t = await db
        .selectFrom('sandbox_cartao')
        .selectAll()
        .where('token', '=', c.token)
        .executeTakeFirst();
      if (!t) throw new GatewayValidacaoError([ERRO_CARTAO_TOKEN]);
      if (!expiracaoValida(t.expiracao, agora())) throw new GatewayValidacaoError([ERRO_EXPIRACAO]);
      return t;
    }
    const numero = (c.numero ?? '').replace(/\D/g, '');
    if (!numeroValido(numero)) throw new GatewayValidacaoError([ERRO_NUMERO]);
    if (!expiracaoValida(c.expiracao, agora())) throw new GatewayValidacaoError([ERRO_EXPIRACAO]);
    return {
      final: numero.slice(-4),
      bandeira: c.bandeira,
      expiracao: c.expiracao!,
      titular: c.titular ?? '',
    };
  }

  function desfecho(final: string) {
    let digito = final.slice(-1);
    if (digito === '9') {
      const opcoes = Object.keys(SANDBOX_DESFECHOS);
      digito = opcoes[Math.floor(random() * opcoes.length)] ?? '2';
    }
    return SANDBOX_DESFECHOS[digito] ?? SANDBOX_DESFECHOS['2']!;
  }

  async function inserir(l: Omit<Linha, 'criado_em' | 'atualizado_em'>): Promise<Linha> {
    const dthr = agora().toISOString();
    const linha: Linha = { ...l, criado_em: dthr, atualizado_em: dthr };
    try {
      await db.insertInto('sandbox_pagamento').values(linha).execute();
      return linha;
    } catch (e) {
      // The same key raced in: the first one is the payment.
      const existente = await porChave(l.chave);
      if (existente) return existente;
      throw e;
    }
  }

  async function atualizar(paymentId: string, de: number[], mudanca: Partial<Linha>): Promise<Linha | null> {
    await db
      .updateTable('sandbox_pagamento')
      .set({ ...mudanca, atualizado_em: agora().toISOString() })
      .where('payment_id', '=', paymentId)
      .where('status', 'in', de)
      .execute();
    return (await porId(paymentId)) ?? null;
  }

  const gateway: SandboxGateway = {
    nome: 'sandbox',

    async cobrarCartao(req) {
      const anterior = await porChave(req.chave);
      if (anterior) return resultado(anterior);
      const cartao = await cartaoDa(req.cartao);
      let cardToken: string | null = null;
      if (req.salvar) {
        cardToken =
          req.cartao.token ??
          (await gravarToken({
            bandeira: req.cartao.bandeira,
            final: cartao.final,
            titular: cartao.titular,
            expiracao: cartao.expiracao,
          }));
      }
      const base = {
        payment_id: randomUUID(),
        chave: req.chave,
        tipo: req.tipo,
        valor: req.valor,
        bandeira: cartao.bandeira,
        final: cartao.final,
        txid: null,
        brcode: null,
        expira_em: null,
        return_url: req.returnUrl,
      };
      let status: number;
      let codigo: string | null;
      let mensagem: string | null;
      if (req.tipo === 'debito' && req.autenticacao === null) {
        // The issuer's own authentication page decides later (decidirDebito).
        status = CIELO_STATUS.NotFinished;
        codigo = null;
        mensagem = null;
      } else {
        let d = desfecho(cartao.final);
        if (req.tipo === 'debito') {
          const auth = await verificarAutenticacao(db, secret, req.autenticacao as AutenticacaoExterna, {
            valor: req.valor,
            final: cartao.final,
          });
          if (auth === 'invalido') throw new GatewayValidacaoError([ERRO_AUTENTICACAO]);
          if (auth === 'autenticado') d = SANDBOX_DESFECHOS['0']!;
          if (auth === 'falha') d = { aprovado: false, ...DEBITO_NAO_AUTENTICADO };
        }
        status = d.aprovado ? CIELO_STATUS.PaymentConfirmed : CIELO_STATUS.Denied;
        codigo = d.codigo;
        mensagem = d.mensagem;
      }
      const linha = await inserir({ ...base, status, return_code: codigo, return_message: mensagem });
      return { ...resultado(linha), cardToken: statusDeCielo(linha.status) === 'negado' ? null : cardToken };
    },

    async criarPix(req) {
      const anterior = await porChave(req.chave);
      if (anterior) return { ...resultado(anterior), pix: await pixDe(anterior) };
      const txid = novoTxid();
      const brcode = gerarBrCode({
        chavePix: opts.pix.chave,
        valor: req.valor,
        nome: opts.pix.nome,
        cidade: opts.pix.cidade,
        txid,
      });
      const expira = new Date(agora().getTime() + req.expiraEmSegundos * 1000).toISOString();
      const linha = await inserir({
        payment_id: randomUUID(),
        chave: req.chave,
        tipo: 'pix',
        valor: req.valor,
        status: CIELO_STATUS.Pending,
        return_code: '0',
        return_message: 'Pix gerado',
        bandeira: null,
        final: null,
        txid,
        brcode,
        expira_em: expira,
        return_url: null,
      });
      return { ...resultado(linha), pix: await pixDe(linha) };
    },

    async consultar(paymentId) {
      const l = await porId(paymentId);
      return l ? resultado(l) : null;
    },

    async consultarPorChave(chave) {
      const l = await porChave(chave);
      return l ? resultado(l) : null;
    },

    async estornar(paymentId, valor) {
      const l = await porId(paymentId);
      if (!l) throw new GatewayValidacaoError([{ Code: 308, Message: 'Transação não encontrada' }]);
      if (valor !== l.valor)
        throw new GatewayValidacaoError([{ Code: 309, Message: 'Valor do estorno inválido' }]);
      const depois = await atualizar(paymentId, [CIELO_STATUS.Authorized, CIELO_STATUS.PaymentConfirmed], {
        status: CIELO_STATUS.Refunded,
        return_code: '0',
        return_message: 'Estornado',
      });
      return resultado(depois ?? l);
    },

    async tokenizarCartao(c) {
      const numero = c.numero.replace(/\D/g, '');
      if (!numeroValido(numero)) throw new GatewayValidacaoError([ERRO_NUMERO]);
      if (!expiracaoValida(c.expiracao, agora())) throw new GatewayValidacaoError([ERRO_EXPIRACAO]);
      const dados = {
        bandeira: c.bandeira,
        final: numero.slice(-4),
        titular: c.titular,
        expiracao: c.expiracao,
      };
      return { token: await gravarToken(dados), ...dados };
    },

    async consultarToken(token) {
      const t = await db
        .selectFrom('sandbox_cartao')
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirst();
      if (!t) return null;
      return {
        token: t.token,
        bandeira: t.bandeira as BandeiraGateway,
        final: t.final,
        titular: t.titular,
        expiracao: t.expiracao,
      };
    },

    async tokenizacaoNavegador() {
      const expiresIn = 15 * 60;
      return { url: SANDBOX_PATHS.sop, accessToken: emitirAcesso('sop', expiresIn), expiresIn };
    },

    async tokenMpi() {
      const t = emitirTokenMpi(secret, agora());
      return {
        access_token: t.access_token,
        token_type: 'bearer',
        expires_in: t.expires_in,
        script_url: SANDBOX_PATHS.mpiScript,
        environment: 'SDB',
      };
    },

    lerNotificacao(body, headers) {
      const b = body as { PaymentId?: unknown } | null;
      const paymentId = typeof b?.PaymentId === 'string' ? b.PaymentId : null;
      const assinatura = headers[HEADER_ASSINATURA];
      if (!paymentId || typeof assinatura !== 'string') return null;
      return iguais(assinatura, gateway.assinarNotificacao(paymentId)) ? paymentId : null;
    },

    assinarNotificacao: (paymentId) => hmac(`notificacao:${paymentId}`),

    async decidirDebito(paymentId, aprovar) {
      const l = await porId(paymentId);
      if (!l || l.tipo !== 'debito') return null;
      const d = aprovar ? desfecho(l.final ?? '2') : { aprovado: false, ...DEBITO_NAO_AUTENTICADO };
      const depois = await atualizar(paymentId, [CIELO_STATUS.NotFinished], {
        status: d.aprovado ? CIELO_STATUS.PaymentConfirmed : CIELO_STATUS.Denied,
        return_code: d.codigo,
        return_message: d.mensagem,
      });
      return depois ? resultado(depois) : null;
    },

    async pagarPix(paymentId) {
      const l = await porId(paymentId);
      if (!l || l.tipo !== 'pix') return null;
      if (resultado(l).estado === 'expirado') return resultado(l);
      const depois = await atualizar(paymentId, [CIELO_STATUS.Pending], {
        status: CIELO_STATUS.PaymentConfirmed,
        return_code: '0',
        return_message: 'Pix pago',
      });
      return depois ? resultado(depois) : null;
    },

    async tokenizarSop(body) {
      const b = (body ?? {}) as Record<string, unknown>;
      if (!acessoValido('sop', b.AccessToken)) return { status: 401, body: [ERRO_TOKEN_ACESSO] };
      const numero = typeof b.RawNumber === 'string' ? b.RawNumber.replace(/\D/g, '') : '';
      const titular = typeof b.HolderName === 'string' ? b.HolderName.trim().slice(0, 100) : '';
      const expiracao = typeof b.Expiration === 'string' ? b.Expiration : '';
      const erros = [];
      if (!numeroValido(numero)) erros.push(ERRO_NUMERO);
      if (!expiracaoValida(expiracao, agora())) erros.push(ERRO_EXPIRACAO);
      if (titular === '') erros.push({ Code: 129, Message: 'Nome do titular obrigatório' });
      if (erros.length > 0) return { status: 400, body: erros };
      const bandeira = detectarBandeira(numero) ?? 'Master';
      const token = await gravarToken({ bandeira, final: numero.slice(-4), titular, expiracao });
      return { status: 201, body: { CardToken: token, PaymentToken: randomUUID() } };
    },

    returnUrlDe: async (paymentId) => (await porId(paymentId))?.return_url ?? null,

    consultarSandbox: porId,
  };

  async function pixDe(l: Linha): Promise<ResultadoPagamento['pix']> {
    if (!l.brcode || !l.expira_em) return null;
    return { qrcode: l.brcode, imagem: await qrDataUrl(l.brcode), expiraEm: l.expira_em };
  }

  return gateway;
}

export type { CartaoTokenizado };
