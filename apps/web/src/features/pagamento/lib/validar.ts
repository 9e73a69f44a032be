/** The checkout form's values and its rules (spec section 5), apart from the page so they are tested alone. */
import {
  LOCAL_ENTREGA_PADRAO,
  MAX_CENTS,
  MSG_PEDIDO,
  TIPO_PGTO,
  ladosDaForma,
  type FormaPgto,
  type HorarioExcecao,
  type HorarioFuncionamento,
} from '@rango/domain';
import { agendamentoEscolhidoValido } from './agendamento.ts';
import { parseTroco } from './troco.ts';

export type AbaPagamento = 'online' | 'entrega';

export interface PagamentoValues {
  agendar: boolean;
  /** 'YYYY-MM-DD' on the establishment's clock. */
  data: string;
  /** 'HH:MM'. */
  hora: string;
  tipo: '' | 'DELIVERY' | 'TOGO';
  observacoes: string;
  /** Drop-off place (delivery). */
  localEntrega: string;
  aba: AbaPagamento;
  /** 'Pagar na entrega': idformapgto as text ('' = none chosen). */
  formapgto: string;
  /** 'Pagar online': idformapgto as text ('' = none chosen); its own choice, not the other tab's. */
  formaOnline: string;
  /** Online credit: a saved card's id as text, NOVO_CARTAO, or '' (none chosen). */
  cartaoSalvo: string;
  /** 'Troco para', as typed. */
  troco: string;
}

/** The online methods (issue 5): credit, debit, PIX. */
export const TIPOS_ONLINE: readonly number[] = [TIPO_PGTO.Credito, TIPO_PGTO.Debito, TIPO_PGTO.Pix];

/** 'Novo cartão' among the saved cards. */
export const NOVO_CARTAO = 'novo';

/** 'Pagar online': the online types the owner offers online (issue 12; an older server: all of them). */
export const formasOnline = (formas: readonly FormaPgto[]): FormaPgto[] =>
  formas.filter((f) => TIPOS_ONLINE.includes(f.sttipopgto) && ladosDaForma(f).online);

/** 'Pagar na entrega': the methods the owner offers on delivery (issue 12; an older server: all). */
export const formasNaEntrega = (formas: readonly FormaPgto[]): FormaPgto[] =>
  formas.filter((f) => ladosDaForma(f).naEntrega);

export interface ContextoValidacao {
  horarios: readonly HorarioFuncionamento[];
  /** Dates with their own hours (holidays). */
  excecoes?: readonly HorarioExcecao[] | undefined;
  agora: Date;
  formas: readonly FormaPgto[];
  /** The order's total in cents, as the summary shows it. */
  total: number;
  /** A saved address is chosen (delivery needs one). */
  temEndereco: boolean;
  /**
   * The customer has saved cards, or they are still on the way (online credit then asks which
   * one, or 'Novo cartão').
   */
  temCartoesSalvos?: boolean;
}

export type ErrosPagamento = Partial<Record<keyof PagamentoValues | 'endereco', string>>;

export function formaEscolhida(values: PagamentoValues, formas: readonly FormaPgto[]): FormaPgto | undefined {
  return formasNaEntrega(formas).find((f) => String(f.idformapgto) === values.formapgto);
}

export function formaOnlineEscolhida(
  values: PagamentoValues,
  formas: readonly FormaPgto[],
): FormaPgto | undefined {
  return formasOnline(formas).find((f) => String(f.idformapgto) === values.formaOnline);
}

/**
 * Online by a card typed now: debit always (debit has no saved cards), credit with 'Novo cartão'
 * or when the customer has no saved card to choose.
 */
export function pedeCartaoNovo(
  values: PagamentoValues,
  forma: FormaPgto | undefined,
  temCartoesSalvos: boolean,
): boolean {
  if (values.aba !== 'online' || !forma) return false;
  if (forma.sttipopgto === TIPO_PGTO.Debito) return true;
  return forma.sttipopgto === TIPO_PGTO.Credito && (values.cartaoSalvo === NOVO_CARTAO || !temCartoesSalvos);
}

/** The checkout's fields (the card's own fields are the card form's: `useCartaoForm().validar`). */
export function validarPagamento(values: PagamentoValues, ctx: ContextoValidacao): ErrosPagamento {
  const erros: ErrosPagamento = {};
  if (values.agendar) {
    if (!values.data) erros.data = MSG_PEDIDO.dataObrigatoria;
    else if (!values.hora) erros.hora = MSG_PEDIDO.horarioObrigatorio;
    else if (!agendamentoEscolhidoValido(values.data, values.hora, ctx.horarios, ctx.agora, ctx.excecoes)) {
      erros.hora = MSG_PEDIDO.horarioInvalido;
    }
  }
  if (!values.tipo) erros.tipo = MSG_PEDIDO.tipoEntregaObrigatorio;
  if (values.tipo === 'DELIVERY') {
    if (!ctx.temEndereco) erros.endereco = MSG_PEDIDO.enderecoObrigatorio;
    // The other drop-off places come only with online payment (spec section 9).
    if (!values.localEntrega || (values.aba !== 'online' && values.localEntrega !== LOCAL_ENTREGA_PADRAO)) {
      erros.localEntrega = MSG_PEDIDO.localEntregaObrigatorio;
    }
  }
  if (values.aba === 'online') {
    const forma = formaOnlineEscolhida(values, ctx.formas);
    if (!forma) erros.formaOnline = MSG_PEDIDO.formaPgtoObrigatoria;
    else if (forma.sttipopgto === TIPO_PGTO.Credito && values.cartaoSalvo === '' && ctx.temCartoesSalvos) {
      erros.cartaoSalvo = MSG_PEDIDO.cartaoObrigatorio;
    }
  } else {
    const forma = formaEscolhida(values, ctx.formas);
    if (!forma) erros.formapgto = MSG_PEDIDO.formaPgtoObrigatoria;
    else if (forma.sttipopgto === TIPO_PGTO.Dinheiro) {
      const troco = parseTroco(values.troco);
      if (troco === null) erros.troco = MSG_PEDIDO.trocoObrigatorio;
      else if (troco <= ctx.total) erros.troco = MSG_PEDIDO.trocoMaiorQueTotal;
      // The server takes no amount above MAX_CENTS (and would answer in zod's English).
      else if (troco > MAX_CENTS) erros.troco = MSG_PEDIDO.trocoAltoDemais;
    }
  }
  return erros;
}
