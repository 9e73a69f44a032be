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
