/**
 * Order statuses (spec section 4): the numbers, the current status, the status tag, the
 * tracking timeline, and the transitions the restaurant may make (ours: the spec shows only the
 * customer's side). Used by the app to show an order and by the server to move it.
 */

export const STATUS = {
  Realizado: 0,
  PgtoPendente: 10,
  PgtoConfirmado: 11,
  Sincronizado: 20,
  Confirmado: 21,
  Pronto: 30,
  Entregue: 41,
  Cancelado: 50,
  CancelamentoSincronizado: 51,
  Concluido: 100,
} as const;
export type StatusPedido = (typeof STATUS)[keyof typeof STATUS];

const KNOWN = new Set<number>(Object.values(STATUS));
export const isStatusPedido = (n: unknown): n is StatusPedido => typeof n === 'number' && KNOWN.has(n);

/** Delivery ('DELIVERY') or pickup at the establishment ('TOGO'). */
export type TipoEntrega = 'DELIVERY' | 'TOGO';

export interface HistoricoEntry {
  status: number;
  /** ISO 8601 instant. */
  datahora: string;
  /** Ours: the reason given with a cancellation. */
  motivo?: string | null | undefined;
}

/**
 * The current status: the latest history entry by datahora (spec section 4); entries with the
 * same instant keep their order (the later one in the list wins). Null for an empty history.
 */
export function currentStatus(historico: readonly HistoricoEntry[]): number | null {
  let best: HistoricoEntry | null = null;
  let bestAt = -Infinity;
  for (const h of historico) {
    const at = Date.parse(h.datahora);
    const t = Number.isNaN(at) ? -Infinity : at;
    if (best === null || t >= bestAt) {
      best = h;
      bestAt = t;
    }
  }
  return best === null ? null : best.status;
}

export const isCancelado = (status: number | null): boolean =>
  status === STATUS.Cancelado || status === STATUS.CancelamentoSincronizado;

/** Finished orders (Concluído, cancelled); every other status is open ('Pendentes'). */
export const STATUS_FINALIZADOS: readonly number[] = [
  STATUS.Concluido,
  STATUS.Cancelado,
  STATUS.CancelamentoSincronizado,
];

/** Finished: Concluído or cancelled. The tracking page stops polling there. */
export const isFinalizado = (status: number | null): boolean =>
  status !== null && STATUS_FINALIZADOS.includes(status);

/** 'Pendentes' on /pedido: every order that is not finished. */
export const isPendente = (status: number | null): boolean => status !== null && !isFinalizado(status);

/** Awaiting payment (spec: the pending-payment notification). */
export const isPagamentoPendente = (status: number | null): boolean => status === STATUS.PgtoPendente;

export const STATUS_TAG = {
  pagamentoPendente: 'Pagamento pendente',
  realizado: 'Realizado',
  confirmado: 'Confirmado',
  pronto: 'Pronto',
  entregue: 'Entregue',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
} as const;
export type StatusTag = keyof typeof STATUS_TAG;

/**
 * The status tag (spec section 4): Cancelado if any entry is cancelled, else by the latest:
 * Pagamento pendente, Realizado (also for Sincronizado and a confirmed payment), Confirmado,
 * Pronto, Entregue, Concluído.
 */
export function statusTag(historico: readonly HistoricoEntry[]): StatusTag {
  if (historico.some((h) => isCancelado(h.status))) return 'cancelado';
  const s = currentStatus(historico);
  switch (s) {
    case STATUS.PgtoPendente:
      return 'pagamentoPendente';
    case STATUS.Confirmado:
      return 'confirmado';
    case STATUS.Pronto:
      return 'pronto';
    case STATUS.Entregue:
      return 'entregue';
    case STATUS.Concluido:
      return 'concluido';
    default:
      return 'realizado';
  }
}

/** The timeline's steps (spec section 4): Realizado, Confirmado, Pronto, Entregue (delivery only). */
export type EtapaId = 'realizado' | 'confirmado' | 'pronto' | 'entregue';

export interface Etapa {
  id: EtapaId;
  titulo: string;
  /** When the step was reached (its first history entry), else null. */
  datahora: string | null;
  estado: 'feito' | 'atual' | 'pendente';
}

export interface Timeline {
  etapas: Etapa[];
  /** The message under the timeline (spec section 4), null once cancelled (see `cancelado`). */
  mensagem: string | null;
  cancelado: { datahora: string; motivo: string | null } | null;
}

export const TIMELINE_MSG = {
  aguardandoConfirmacao: 'Aguardando a confirmação do restaurante.',
  aguardandoPagamento: 'Aguardando a confirmação do pagamento.',
  preparando: 'O restaurante está preparando o seu pedido.',
  prontoEntrega: 'Seu pedido está pronto e logo será entregue.',
  prontoRetirada: 'Seu pedido está pronto para ser retirado no estabelecimento.',
  aproveite: 'Aproveite o seu pedido!',
  cancelado: 'Pedido cancelado. Pagamentos online são estornados automaticamente.',
} as const;

/** Which step a status reaches (null: none beyond Realizado, e.g. payment pending). */
function stepOf(status: number): number {
  if (status === STATUS.Concluido || status === STATUS.Entregue) return 3;
  if (status === STATUS.Pronto) return 2;
  if (status === STATUS.Confirmado) return 1;
  return 0;
}

/**
 * The tracking timeline (spec section 4). Steps are done up to the furthest status reached;
 * Entregue only for delivery; Concluído marks every step done. Cancelado keeps the steps reached
 * and replaces the later ones with the refund message.
 */
export function timeline(historico: readonly HistoricoEntry[], tipo: TipoEntrega): Timeline {
  const all: { id: EtapaId; titulo: string }[] = [
    { id: 'realizado', titulo: 'Realizado' },
    { id: 'confirmado', titulo: 'Confirmado' },
    { id: 'pronto', titulo: 'Pronto' },
  ];
  if (tipo === 'DELIVERY') all.push({ id: 'entregue', titulo: 'Entregue' });
  const sorted = [...historico].sort((a, b) => Date.parse(a.datahora) - Date.parse(b.datahora));
  const cancel = sorted.find((h) => isCancelado(h.status)) ?? null;
  const atual = currentStatus(historico);
  const concluido = atual === STATUS.Concluido;
  const firstAt = (i: number): string | null =>
    sorted.find((h) => !isCancelado(h.status) && h.status !== STATUS.PgtoPendente && stepOf(h.status) >= i)
      ?.datahora ?? null;
  let reached = -1;
  for (const h of sorted) {
    if (isCancelado(h.status) || h.status === STATUS.PgtoPendente) continue;
    reached = Math.max(reached, Math.min(stepOf(h.status), all.length - 1));
  }
  if (concluido) reached = all.length - 1;
  const etapas: Etapa[] = [];
  for (let i = 0; i < all.length; i++) {
    if (cancel && i > reached) break;
    const feito = i < reached || (i === reached && (concluido || i === all.length - 1 || cancel !== null));
    etapas.push({
      ...all[i]!,
      datahora: i <= reached ? (firstAt(i) ?? (concluido ? (sorted.at(-1)?.datahora ?? null) : null)) : null,
      estado: feito ? 'feito' : i === reached ? 'atual' : 'pendente',
    });
  }
  let mensagem: string | null = null;
  if (!cancel) {
    if (atual === STATUS.PgtoPendente) mensagem = TIMELINE_MSG.aguardandoPagamento;
    else if (concluido || atual === STATUS.Entregue) mensagem = TIMELINE_MSG.aproveite;
    else if (atual === STATUS.Pronto)
      mensagem = tipo === 'DELIVERY' ? TIMELINE_MSG.prontoEntrega : TIMELINE_MSG.prontoRetirada;
    else if (atual === STATUS.Confirmado) mensagem = TIMELINE_MSG.preparando;
    else mensagem = TIMELINE_MSG.aguardandoConfirmacao;
  }
  return {
    etapas,
    mensagem,
    cancelado: cancel ? { datahora: cancel.datahora, motivo: cancel.motivo ?? null } : null,
  };
}

/** The receipt button shows once a status of 30 or higher exists (spec section 4, literally: a cancellation, 50, too). */
export const temRecibo = (historico: readonly HistoricoEntry[]): boolean =>
  historico.some((h) => h.status >= STATUS.Pronto);

/**
 * The restaurant's allowed moves (ours): Realizado (or a confirmed/synchronised payment) →
 * Confirmado → Pronto → Entregue (delivery only) → Concluído; a pickup goes Pronto → Concluído.
 * Cancelado from any open state (a reason is required).
 */
export function nextStatuses(atual: number | null, tipo: TipoEntrega): StatusPedido[] {
  if (atual === null || isFinalizado(atual)) return [];
  const cancel = STATUS.Cancelado;
  switch (atual) {
    case STATUS.Realizado:
    case STATUS.PgtoConfirmado:
    case STATUS.Sincronizado:
      return [STATUS.Confirmado, cancel];
    // Only the payment moves it on (to Sincronizado, modules/payments); the restaurant may cancel.
    case STATUS.PgtoPendente:
      return [cancel];
    case STATUS.Confirmado:
      return [STATUS.Pronto, cancel];
    case STATUS.Pronto:
      return tipo === 'DELIVERY' ? [STATUS.Entregue, cancel] : [STATUS.Concluido, cancel];
    case STATUS.Entregue:
      return [STATUS.Concluido, cancel];
    default:
      return [];
  }
}

export const canTransition = (atual: number | null, para: number, tipo: TipoEntrega): boolean =>
  (nextStatuses(atual, tipo) as number[]).includes(para);

/** Names for the operator's tools and logs. */
export const STATUS_NOME: Readonly<Record<StatusPedido, string>> = {
  0: 'Realizado',
  10: 'PgtoPendente',
  11: 'PgtoConfirmado',
  20: 'Sincronizado',
  21: 'Confirmado',
  30: 'Pronto',
  41: 'Entregue',
  50: 'Cancelado',
  51: 'CancelamentoSincronizado',
  100: 'Concluido',
};
