/** The checkout form's values and its rules (spec section 5), apart from the page so they are tested alone. */
import { MAX_CENTS, MSG_PEDIDO, TIPO_PGTO, type FormaPgto, type HorarioFuncionamento } from '@rango/domain';
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
  /** idformapgto as text ('' = none chosen). */
  formapgto: string;
  /** 'Troco para', as typed. */
  troco: string;
}

export interface ContextoValidacao {
  horarios: readonly HorarioFuncionamento[];
  agora: Date;
  formas: readonly FormaPgto[];
  /** The order's total in cents, as the summary shows it. */
  total: number;
  /** A saved address is chosen (delivery needs one). */
  temEndereco: boolean;
}

export type ErrosPagamento = Partial<Record<keyof PagamentoValues | 'endereco', string>>;

export function formaEscolhida(values: PagamentoValues, formas: readonly FormaPgto[]): FormaPgto | undefined {
  return formas.find((f) => String(f.idformapgto) === values.formapgto);
}

export function validarPagamento(values: PagamentoValues, ctx: ContextoValidacao): ErrosPagamento {
  const erros: ErrosPagamento = {};
  if (values.agendar) {
    if (!values.data) erros.data = MSG_PEDIDO.dataObrigatoria;
    else if (!values.hora) erros.hora = MSG_PEDIDO.horarioObrigatorio;
    else if (!agendamentoEscolhidoValido(values.data, values.hora, ctx.horarios, ctx.agora)) {
      erros.hora = MSG_PEDIDO.horarioInvalido;
    }
  }
  if (!values.tipo) erros.tipo = MSG_PEDIDO.tipoEntregaObrigatorio;
  if (values.tipo === 'DELIVERY') {
    if (!ctx.temEndereco) erros.endereco = MSG_PEDIDO.enderecoObrigatorio;
    if (!values.localEntrega) erros.localEntrega = MSG_PEDIDO.localEntregaObrigatorio;
  }
  if (values.aba === 'online') {
    erros.formapgto = MSG_PEDIDO.pagamentoOnlineIndisponivel;
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
