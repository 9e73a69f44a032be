/**
 * The panel's queue (issue 11), pure: which column an order sits in, which actions its status
 * allows (the domain's transitions, labelled for staff), and how late it is. The server decides
 * the moves (moverPedido); the panel uses this to show them.
 */
import { STATUS, isCancelado, nextStatuses } from '../pedido-status.ts';
import type { TipoEntrega } from '../pedido-status.ts';

export const COLUNAS = [
  'novos',
  'preparo',
  'prontos',
  'entrega',
  'agendados',
  'concluidos',
  'cancelados',
] as const;
export type Coluna = (typeof COLUNAS)[number];

/** Estimates offered on acceptance, in minutes. */
export const PREVISAO_MIN = 5;
export const PREVISAO_MAX = 240;
export const COLUNA_NOME: Record<Coluna, string> = {
  novos: 'Novos',
  preparo: 'Em preparo',
  prontos: 'Prontos',
  entrega: 'Em entrega',
  agendados: 'Agendados',
  concluidos: 'Concluídos hoje',
  cancelados: 'Cancelados',
};

export interface PedidoNaFila {
  status: number;
  tipo: TipoEntrega;
  dthrpedido: string;
  /** Scheduled: the time the customer asked for (ISO), else null. */
  entregue_as: string | null;
}

/**
 * Minutes before a scheduled order's time when it leaves 'Agendados' for 'Novos' (its
 * preparation time): the establishment's maximum delivery estimate, at least 30.
 */
export function inicioPreparo(entregueAs: string, previsaoMaxMin: number): number {
  return Date.parse(entregueAs) - Math.max(30, previsaoMaxMin) * 60_000;
}

/** The column of an order now. A scheduled order waits in 'Agendados' until its preparation time. */
export function colunaDoPedido(p: PedidoNaFila, agora: number, previsaoMaxMin = 0): Coluna {
  if (isCancelado(p.status)) return 'cancelados';
  switch (p.status) {
    case STATUS.Concluido:
      return 'concluidos';
    case STATUS.Confirmado:
      return 'preparo';
    case STATUS.Pronto:
      return 'prontos';
    case STATUS.Entregue:
      return 'entrega';
    default: {
      // Realizado, waiting for payment, payment confirmed: not yet accepted.
      if (p.entregue_as !== null && agora < inicioPreparo(p.entregue_as, previsaoMaxMin)) return 'agendados';
      return 'novos';
    }
  }
}

export interface AcaoPedido {
  para: number;
  rotulo: string;
  /** Cancel needs a reason; accept needs an estimate. */
  pede: 'motivo' | 'previsao' | null;
  /** A keyboard shortcut (single key) in the panel. */
  atalho: string;
}

/** The actions staff may take on an order in its status (never a move the server would refuse). */
export function acoesDoPedido(status: number, tipo: TipoEntrega): AcaoPedido[] {
  return nextStatuses(status, tipo).map((para): AcaoPedido => {
    switch (para) {
      case STATUS.Confirmado:
        return { para, rotulo: 'Aceitar', pede: 'previsao', atalho: 'a' };
      case STATUS.Pronto:
        return { para, rotulo: 'Pronto', pede: null, atalho: 'p' };
      case STATUS.Entregue:
        return { para, rotulo: 'Saiu para entrega', pede: null, atalho: 's' };
      case STATUS.Concluido:
        return {
          para,
          rotulo: status === STATUS.Entregue ? 'Entregue' : 'Concluído',
          pede: null,
          atalho: 'c',
        };
      default:
        return { para, rotulo: 'Cancelar', pede: 'motivo', atalho: 'x' };
    }
  });
}

export type Alerta = 'normal' | 'amarelo' | 'vermelho';

/** Minutes since the order was placed (whole minutes, never negative). */
export const minutosDesde = (iso: string, agora: number): number =>
  Math.max(0, Math.floor((agora - Date.parse(iso)) / 60_000));

/**
 * How late an open order looks: red past the red threshold, or when still not accepted past the
 * acceptance limit; amber past the amber threshold. Finished orders are 'normal'.
 */
export function alertaDoPedido(
  p: PedidoNaFila,
  config: { alerta_amarelo_min: number; alerta_vermelho_min: number; aceite_limite_min: number },
  agora: number,
  previsaoMaxMin = 0,
): Alerta {
  const coluna = colunaDoPedido(p, agora, previsaoMaxMin);
  if (coluna === 'concluidos' || coluna === 'cancelados' || coluna === 'agendados') return 'normal';
  // Waiting for the customer's payment: nothing the staff can do yet, so nothing to flag.
  if (p.status === STATUS.PgtoPendente) return 'normal';
  // A scheduled order counts from its preparation time, not from when it was placed.
  const desde =
    p.entregue_as !== null
      ? new Date(inicioPreparo(p.entregue_as, previsaoMaxMin)).toISOString()
      : p.dthrpedido;
  const min = minutosDesde(desde, agora);
  if (coluna === 'novos' && min >= config.aceite_limite_min) return 'vermelho';
  if (min >= config.alerta_vermelho_min) return 'vermelho';
  if (min >= config.alerta_amarelo_min) return 'amarelo';
  return 'normal';
}

/** Waiting for the restaurant to accept it (placed, or paid online): the orders that ring. */
export const aguardaAceite = (status: number, tipo: TipoEntrega): boolean =>
  (nextStatuses(status, tipo) as number[]).includes(STATUS.Confirmado);

/**
 * The estimate offered when accepting, in minutes: the establishment's default, or for a
 * scheduled order the time left until the customer's chosen time (within the allowed range).
 */
export function previsaoSugerida(entregueAs: string | null, agora: number, padraoMin: number): number {
  const min = entregueAs === null ? padraoMin : Math.ceil((Date.parse(entregueAs) - agora) / 60_000);
  return Math.min(PREVISAO_MAX, Math.max(PREVISAO_MIN, Number.isFinite(min) ? min : padraoMin));
}

/** A duration in whole minutes as the panel shows it: '0 min', '45 min', '1 h 05 min'. */
export function formatarDuracao(minutos: number): string {
  const m = Math.max(0, Math.floor(minutos));
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const resto = m % 60;
  return resto === 0 ? `${h} h` : `${h} h ${String(resto).padStart(2, '0')} min`;
}

/**
 * The queue's columns, each in the order the staff reads it: new orders newest first (a new one
 * appears on top), the kitchen's columns oldest first (first in, first out), scheduled ones by
 * their time, finished ones newest first. `previsaoMax` gives an order's maximum estimate (its
 * preparation starts that long before a scheduled time).
 */
export function agruparFila<T extends PedidoNaFila>(
  pedidos: readonly T[],
  agora: number,
  previsaoMax: (p: T) => number = () => 0,
): Record<Coluna, T[]> {
  const grupos = Object.fromEntries(COLUNAS.map((c) => [c, [] as T[]])) as Record<Coluna, T[]>;
  for (const p of pedidos) grupos[colunaDoPedido(p, agora, previsaoMax(p))].push(p);
  const placed = (p: T) => Date.parse(p.dthrpedido);
  const novosPrimeiro = (a: T, b: T) => placed(b) - placed(a);
  const antigosPrimeiro = (a: T, b: T) => placed(a) - placed(b);
  grupos.novos.sort(novosPrimeiro);
  grupos.preparo.sort(antigosPrimeiro);
  grupos.prontos.sort(antigosPrimeiro);
  grupos.entrega.sort(antigosPrimeiro);
  grupos.agendados.sort(
    (a, b) => Date.parse(a.entregue_as ?? a.dthrpedido) - Date.parse(b.entregue_as ?? b.dthrpedido),
  );
  grupos.concluidos.sort(novosPrimeiro);
  grupos.cancelados.sort(novosPrimeiro);
  return grupos;
}
