/**
 * What a refused order submission means (spec section 8, 'Order submission'): the answer's
 * status and `codigo` decide the title and text the customer sees and what the page does next.
 */
import { ERRO_PEDIDO, MSG_PEDIDO } from '@rango/domain';
import type { PagamentoValues } from './validar.ts';

export type CampoPedido = keyof PagamentoValues | 'endereco' | 'telefone';

export type FalhaPedido =
  /** No answer: the form and the cart stay; the customer tries again. */
  | { tipo: 'rede' }
  | { tipo: 'loja-fechada' }
  | { tipo: 'pedido-minimo'; msg: string }
  /** codigo 106: the gateway refused the payment; no order exists, the cart stays. */
  | { tipo: 'pagamento-online'; msg: string }
  | { tipo: 'cupom'; msg: string }
  | { tipo: 'duplicado'; msg: string }
  /** 'Não foi possível finalizar o pedido', one msg per refusal; the codes say what to refresh. */
  | { tipo: 'recusado'; erros: { codigo: number | null; msg: string }[] }
  /** 400 {field: ['msg']}: shown on the form's fields. */
  | { tipo: 'campos'; campos: Partial<Record<CampoPedido, string>> }
  | { tipo: 'ops' };

const asRecord = (x: unknown): Record<string, unknown> | undefined =>
  x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;

const texto = (x: unknown): string | undefined => (typeof x === 'string' && x.trim() !== '' ? x : undefined);

function primeiroTexto(x: unknown): string | undefined {
  if (Array.isArray(x)) {
    for (const v of x) {
      const t = primeiroTexto(v);
      if (t) return t;
    }
    return undefined;
  }
  return texto(x) ?? texto(asRecord(x)?.msg);
}

/** The payload's field names (also 'pagamentos.0.troco_para') → the form's fields. */
const CAMPOS: Record<string, CampoPedido> = {
  entregue_as: 'hora',
  troco_para: 'troco',
  telefone: 'telefone',
  observacoes: 'observacoes',
  endereco_togo: 'localEntrega',
  tipo: 'tipo',
  formapgto_id: 'formapgto',
  pagamentos: 'formapgto',
  endereco: 'endereco',
};

/** Field errors on the form's fields; any the form has no field for are listed instead. */
function porCampo(data: Record<string, unknown>): FalhaPedido {
  const out: Partial<Record<CampoPedido, string>> = {};
  const soltos: string[] = [];
  for (const [chave, valor] of Object.entries(data)) {
    const msg = primeiroTexto(valor);
    if (!msg) continue;
    const nome =
      chave
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .pop() ?? chave;
    const campo = CAMPOS[nome];
    if (campo) out[campo] ??= msg;
    else soltos.push(msg);
  }
  if (soltos.length > 0) {
    return {
      tipo: 'recusado',
      erros: [...Object.values(out), ...soltos].map((m) => ({ codigo: null, msg: m })),
    };
  }
  return Object.keys(out).length > 0 ? { tipo: 'campos', campos: out } : { tipo: 'ops' };
}

/** codigo 106's inner codes (spec section 8; issue 5 brief). */
export const ERRO_PAGAMENTO = {
  /** `errors: [{Code, Message}]` from the gateway; Code 126 is a bad expiry. */
  gateway: 500,
  /** `Payment: {ReturnCode, ReturnMessage}`: the card was refused. */
  recusado: 501,
  /** The payment is not allowed (the server's msg says why). */
  naoPermitido: 100,
} as const;

const CODIGO_EXPIRACAO_INVALIDA = 126;

/**
 * The 'Pagamento Online' text: by the inner code — 500 with an error entry Code 126 'Data de
 * expiração é inválida', 501 the gateway's Payment.ReturnMessage, 100 the server's msg — else the
 * msg from `extra`, else 'Erro inesperado na transação'.
 */
function msgPagamentoOnline(extra: Record<string, unknown> | undefined, msg: string | undefined): string {
  const doExtra = texto(extra?.msg);
  switch (extra?.codigo) {
    case ERRO_PAGAMENTO.gateway: {
      const erros = Array.isArray(extra.errors) ? extra.errors : [];
      if (erros.some((e) => asRecord(e)?.Code === CODIGO_EXPIRACAO_INVALIDA)) {
        return MSG_PEDIDO.dataExpiracaoInvalida;
      }
      break;
    }
    case ERRO_PAGAMENTO.recusado: {
      const retorno = texto(asRecord(extra.Payment)?.ReturnMessage);
      if (retorno) return retorno;
      break;
    }
    case ERRO_PAGAMENTO.naoPermitido:
      return doExtra ?? msg ?? MSG_PEDIDO.pagamentoOnlinePadrao;
  }
  return doExtra ?? MSG_PEDIDO.pagamentoOnlinePadrao;
}

/** Classifies a failed POST /api/estabelecimento/{id}/pedido/ by its status and body. */
export function classificarFalha(status: number | undefined, body: unknown): FalhaPedido {
  if (status === undefined) return { tipo: 'rede' };
  if (status === 422) return { tipo: 'loja-fechada' };
  const data = asRecord(body);
  if (status !== 400 || !data) return { tipo: 'ops' };
  const msg = texto(data.msg);
  const extra = asRecord(data.extra);
  switch (data.codigo) {
    case 102:
      return { tipo: 'pedido-minimo', msg: msg ?? MSG_PEDIDO.pedidoMinimoPadrao };
    case 106:
      return { tipo: 'pagamento-online', msg: msgPagamentoOnline(extra, msg) };
    case 103:
    case 104:
      return { tipo: 'cupom', msg: msg ?? MSG_PEDIDO.cupomIndisponivel };
    case 105: {
      if (extra?.status_code === 409)
        return { tipo: 'duplicado', msg: msg ?? MSG_PEDIDO.pedidoDuplicadoPadrao };
      const lista = Array.isArray(data.non_field_errors) ? data.non_field_errors : [];
      const erros = lista.flatMap((e) => {
        const r = asRecord(e);
        const m = texto(e) ?? texto(r?.msg);
        return m ? [{ codigo: typeof r?.codigo === 'number' ? r.codigo : null, msg: m }] : [];
      });
      if (erros.length > 0) return { tipo: 'recusado', erros };
      return msg ? { tipo: 'recusado', erros: [{ codigo: null, msg }] } : { tipo: 'ops' };
    }
    default: {
      if (data.codigo !== undefined)
        return msg ? { tipo: 'recusado', erros: [{ codigo: null, msg }] } : { tipo: 'ops' };
      return porCampo(data);
    }
  }
}

/** A refusal about the delivery fee (1101, 1102): the fee must be determined again. */
export const pedeNovaTaxa = (codigo: number | null): boolean =>
  codigo === ERRO_PEDIDO.taxaAtualizada || codigo === ERRO_PEDIDO.taxaAusente;

/** A refusal about products, options or the total: the cart must be re-priced from the menu. */
export const pedeNovosPrecos = (codigo: number | null): boolean => codigo !== null && !pedeNovaTaxa(codigo);
