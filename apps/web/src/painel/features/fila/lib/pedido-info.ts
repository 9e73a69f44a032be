/** What a card and the detail say about an order, derived from the panel's order view. */
import { STATUS, isCancelado } from '@rango/domain';
import {
  aguardaAceite,
  alertaDoPedido,
  colunaDoPedido,
  formatarDuracao,
  minutosDesde,
  type Alerta,
  type Coluna,
  type PainelConfig,
  type PedidoPainel,
} from '@rango/domain/painel';
import { dinheiro } from './formato.ts';

export const previsaoMax = (p: PedidoPainel): number => p.pedido.previsaoentregamax;

export const colunaDe = (p: PedidoPainel, agora: number): Coluna => colunaDoPedido(p, agora, previsaoMax(p));

export const alertaDe = (p: PedidoPainel, config: PainelConfig, agora: number): Alerta =>
  alertaDoPedido(p, config, agora, previsaoMax(p));

/** Rings and counts as 'new': in 'Novos' and waiting to be accepted. */
export const esperaAceite = (p: PedidoPainel, agora: number): boolean =>
  colunaDe(p, agora) === 'novos' && aguardaAceite(p.status, p.tipo);

export const tipoTexto = (p: PedidoPainel): string =>
  p.tipo !== 'DELIVERY' ? 'Retirada' : p.pedido.entrega_por === 'ifood' ? 'Entrega pelo iFood' : 'Entrega';

/**
 * The card's timer line: 'Aguardando aceite há 9 min' while it waits for the restaurant,
 * 'Aguardando pagamento há 3 min' while it waits for the customer, else 'Há 25 min'.
 */
export function tempoTexto(p: PedidoPainel, agora: number): string {
  const min = formatarDuracao(minutosDesde(p.dthrpedido, agora));
  if (p.status === STATUS.PgtoPendente) return `Aguardando pagamento há ${min}`;
  if (esperaAceite(p, agora)) return `Aguardando aceite há ${min}`;
  return `Há ${min}`;
}

/** How an online payment stands, for staff. A refunded one was paid: never 'não pago'. */
function online(estado: PedidoPainel['pagamento']['estado']): string {
  if (estado === null || estado === 'pago') return 'Pago online';
  if (estado === 'estornado') return 'Pago online e estornado';
  if (estado === 'estorno_pendente') return 'Pago online, estorno em andamento';
  return 'Online (não pago)';
}

/** 'Pago online · Pix' or 'Cobrar na entrega · Dinheiro' (the payment's own description). */
export function pagamentoTexto(p: PedidoPainel): string {
  if (p.pagamento.online) return `${online(p.pagamento.estado)} · ${p.pagamento.descricao}`;
  const cobrar = p.pagamento.a_cobrar !== undefined ? `Cobrar ${dinheiro(p.pagamento.a_cobrar)}` : 'Cobrar';
  return `${cobrar} ${p.tipo === 'DELIVERY' ? 'na entrega' : 'na retirada'} · ${p.pagamento.descricao}`;
}

/** 'Troco para R$ 50,00 (levar R$ 3,00)', or null. */
export function trocoTexto(p: PedidoPainel): string | null {
  const para = p.pagamento.troco_para;
  if (para === null || para <= 0) return null;
  // Part paid online (an iFood voucher): the change is on what is collected, not the total.
  const troco = para - (p.pagamento.a_cobrar ?? p.total);
  return troco > 0
    ? `Troco para ${dinheiro(para)} (levar ${dinheiro(troco)})`
    : `Troco para ${dinheiro(para)}`;
}

/** The reason given with the cancellation, if any. */
export function motivoCancelamento(p: PedidoPainel): string | null {
  const c = [...p.historico].reverse().find((h) => isCancelado(h.status));
  return c?.motivo ?? null;
}

export const ALERTA_TEXTO: Record<Alerta, string | null> = {
  normal: null,
  amarelo: 'atenção',
  vermelho: 'atrasado',
};
