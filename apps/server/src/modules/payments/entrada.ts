import {
  BANDEIRAS_DEBITO,
  MSG_CARTAO,
  MSG_PEDIDO,
  TIPO_PGTO,
  isBandeira,
  mascararCartao,
  somenteDigitos,
} from '@rango/domain';
import type { PagamentoInput, TipoTransacao } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import type { ProvedorConta } from '../../db/types.ts';
import { HttpError } from '../../http/errors.ts';
import type { AutenticacaoExterna, BandeiraGateway, CartaoCobranca, PaymentGateway } from './port.ts';
import { paymentsRepository as repo } from './repository.ts';

/**
 * The online payment entry of an order checked before the order is written (the method, the card,
 * debit's brands and 3-D Secure data), and the refusals' texts: nothing is charged here.
 */

/** sttipopgto of the online methods (spec section 3). */
export const STTIPOPGTO_ONLINE: Readonly<Record<number, TipoTransacao>> = {
  [TIPO_PGTO.Credito]: 'credito',
  [TIPO_PGTO.Debito]: 'debito',
  [TIPO_PGTO.Pix]: 'pix',
};

/** The refusals and cancellation reasons of online payment: ours, and the spec's where it has one. */
export const MSG_PAGAMENTO = {
  naoPermitido: 'Forma de pagamento não aceita para pagamento online.',
  cartaoObrigatorio: 'Informe o cartão.',
  cartaoInvalido: 'Cartão inválido.',
  debitoBandeira: MSG_CARTAO.debitoSomenteMasterVisa,
  naoAutorizado: (msg: string) => `Pagamento não autorizado: ${msg}`,
  debitoNegado: MSG_PEDIDO.autenticacaoNegadaDebito,
  pixNaoPago: MSG_PEDIDO.pagamentoNaoEfetuado,
  naoConcluido: 'Pagamento não concluído.',
  cvvMercadoPago: 'O código de segurança não é enviado ao Rango: digite-o no campo seguro do Mercado Pago.',
  contaIndisponivel:
    'Pagamento online indisponível neste estabelecimento no momento. Escolha pagar na entrega.',
} as const;

/** 400 codigo 106 (spec section 8) with its inner code: 500 gateway errors, 501 refused, 100 not allowed. */
export function recusaPagamento(
  extra: { codigo: 100 | 500 | 501; msg: string } & Record<string, unknown>,
): HttpError {
  return new HttpError(400, { codigo: 106, msg: extra.msg, extra });
}

const naoPermitido = (msg: string = MSG_PAGAMENTO.naoPermitido) => recusaPagamento({ codigo: 100, msg });

/** A validated online payment, ready to charge once the order is written. */
export interface PagamentoOnline {
  tipo: TipoTransacao;
  cartao: CartaoCobranca | null;
  salvar: boolean;
  autenticacao: AutenticacaoExterna | null;
  /** What the order and the saved card may show. */
  exibicao: { bandeira: string; numero: string; titular: string; cnpjoucpf: string } | null;
  /** The establishment's account that will take it (issue 23); null/absent: the environment's gateway. */
  conta?: { id: number; provedor: ProvedorConta } | null;
}

/** Checks the online payment entry before the order is written (refusals charge nothing). */
export async function prepararOnline(
  { db, gateway }: { db: Db; gateway: PaymentGateway },
  idcliente: number,
  forma: { sttipopgto: number; /** the owner offers it online (issue 12) */ online: boolean },
  entrada: PagamentoInput,
): Promise<PagamentoOnline> {
  const tipo = STTIPOPGTO_ONLINE[forma.sttipopgto];
  if (!tipo || !forma.online) throw naoPermitido();
  if (tipo === 'pix') {
    if (entrada.tipo !== 'PIX') throw naoPermitido();
    return { tipo, cartao: null, salvar: false, autenticacao: null, exibicao: null };
  }
  if (entrada.tipo !== 'CARTAO') throw naoPermitido();
  const c = entrada.cartao;
  if (!c) throw naoPermitido(MSG_PAGAMENTO.cartaoObrigatorio);
  const cnpjoucpf = somenteDigitos(c.cnpjoucpf ?? '');
  let cartao: CartaoCobranca;
  let exibicao: PagamentoOnline['exibicao'];
  // Mercado Pago's secure field takes the CVV into the browser's token: none reaches us.
  if (gateway.nome === 'mercadopago' && c.cvv) throw naoPermitido(MSG_PAGAMENTO.cvvMercadoPago);
  if (c.token) {
    // A saved card is the customer's own; a fresh browser token must exist at the gateway.
    const donos = await repo.donosDoToken(db, c.token);
    if (donos.length > 0 && !donos.includes(idcliente)) throw naoPermitido(MSG_PAGAMENTO.cartaoInvalido);
    const t = await gateway.consultarToken(c.token);
    if (!t) throw naoPermitido(MSG_PAGAMENTO.cartaoInvalido);
    cartao = { token: t.token, bandeira: t.bandeira, expiracao: t.expiracao, titular: t.titular };
    exibicao = { bandeira: t.bandeira, numero: mascararCartao(t.final), titular: t.titular, cnpjoucpf };
  } else {
    const numero = somenteDigitos(c.numero ?? '');
    const bandeira = c.bandeira ?? '';
    if (numero.length < 13 || !isBandeira(bandeira)) throw naoPermitido(MSG_PAGAMENTO.cartaoInvalido);
    cartao = {
      numero,
      cvv: c.cvv ?? null,
      expiracao: c.expiracao ?? null,
      titular: c.titular ?? '',
      bandeira: bandeira as BandeiraGateway,
    };
    exibicao = { bandeira, numero: mascararCartao(numero.slice(-4)), titular: c.titular ?? '', cnpjoucpf };
  }
  if (tipo === 'debito' && !(BANDEIRAS_DEBITO as readonly string[]).includes(cartao.bandeira)) {
    throw naoPermitido(MSG_PAGAMENTO.debitoBandeira);
  }
  const ea = c.external_authentication;
  const autenticacao: AutenticacaoExterna | null =
    tipo === 'debito' && ea && (ea.referenceid || ea.cavv)
      ? {
          cavv: ea.cavv ?? null,
          xid: ea.xid ?? null,
          eci: ea.eci ?? null,
          version: ea.version ?? null,
          referenceid: ea.referenceid ?? null,
        }
      : null;
  return { tipo, cartao, salvar: c.salvar === true, autenticacao, exibicao };
}
