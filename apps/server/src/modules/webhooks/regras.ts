/**
 * The outgoing webhooks' rules that need no database: which events go out as which kinds, each
 * event's idempotency key, the retry timings and the batch sizes (modules/webhooks/service.ts
 * applies them).
 */
import { EVENTO, STATUS, isCanal } from '@rango/domain';
import type { Canal, DadosEvento } from '@rango/domain';
import type { WebhookTipo } from '@rango/domain/painel/webhooks';
import type { EventoRow } from '../events/leitura.ts';
import type { Insertable } from 'kysely';
import type { WebhookEntregaTable } from '../../db/types.ts';
import type { PedidoDoWebhook } from './pedido.ts';
import type { WebhookRow } from './repository.ts';

const MIN = 60_000;
const HORA = 60 * MIN;
/** Retries of one delivery stop this long after it was created (or replayed). */
export const JANELA_MS = 24 * HORA;
/** Backoff: 1 min × 2^(attempt − 1), at most this. */
export const MAX_ESPERA_MS = HORA;
/** An endpoint failing without a success for this long is switched off (one e-mail). */
export const DESATIVAR_APOS_MS = 3 * 24 * HORA;
/** The delivery log is kept this long. */
export const RETENCAO_MS = 30 * 24 * HORA;
/** Per attempt: no answer within this is a failure. */
export const TIMEOUT_MS = 10_000;
/** An instance's claim on an attempt: longer than the timeout, so no other instance sends it meanwhile. */
export const RESERVA_MS = 2 * MIN;
/** Events read per fan-out query; due attempts claimed per run; attempts under way at once. */
export const LOTE_EVENTOS = 500;
export const LOTE_ENTREGAS = 100;
export const PARALELO = 8;
/** A run stops claiming attempts after this long (the rest wait for the next run): one slow endpoint does not hold everyone's back for long. */
export const RODADA_MS = 45_000;
export const POR_PAGINA = 50;

export const nomeSegredo = (idwebhook: number): string => `webhook.${idwebhook}`;
/** The secret a rotation replaced, still signing until its grace ends (JSON: segredo, ate). */
export const nomeSegredoAnterior = (idwebhook: number): string => `webhook.${idwebhook}.anterior`;
/** After a rotation the old secret still signs (a second v1) this long: time to update the receiver. */
export const CARENCIA_MS = 24 * HORA;

/** Backoff after the n-th failed attempt (n ≥ 1). */
export const espera = (n: number): number => Math.min(MAX_ESPERA_MS, MIN * 2 ** Math.max(0, n - 1));

/** The webhook kinds an event is, most specific first (none: not sent). */
export function tiposDoEvento(ev: Pick<EventoRow, 'tipo' | 'dados'>): {
  tipos: WebhookTipo[];
  dados: DadosEvento;
} {
  let dados: DadosEvento = {};
  try {
    dados = JSON.parse(ev.dados) as DadosEvento;
  } catch {
    // A malformed row still carries its kind.
  }
  switch (ev.tipo) {
    case EVENTO.pedidoNovo:
      return { tipos: ['pedido.criado'], dados };
    case EVENTO.pedidoStatus:
      return {
        tipos: dados.para === STATUS.Cancelado ? ['pedido.cancelado', 'pedido.status'] : ['pedido.status'],
        dados,
      };
    case EVENTO.pedidoPagamento:
      return { tipos: dados.estado === 'pago' ? ['pagamento.confirmado'] : [], dados };
    case EVENTO.loja:
      return { tipos: ['loja.status'], dados };
    case EVENTO.menu:
    case EVENTO.disponibilidade:
      return { tipos: ['cardapio.alterado'], dados };
    default:
      return { tipos: [], dados };
  }
}

/**
 * The idempotency key of an event: its id and its creation time. On SQLite an event id can come
 * back once the whole log has been purged (a rowid restarts at 1 in an empty table); with its
 * time the key still names one event only.
 */
export const chaveDoEvento = (ev: Pick<EventoRow, 'id' | 'criado_em'>): string =>
  `evt_${ev.id}_${Date.parse(ev.criado_em).toString(36)}`;

/** The order's channel an event carries ('rango' when it carries none). */
export const canalDe = (dados: DadosEvento): Canal => (isCanal(dados.canal) ? dados.canal : 'rango');

export const eventosDe = (w: WebhookRow): string[] => {
  try {
    const v = JSON.parse(w.eventos) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The deliveries one event makes: one per endpoint of its establishment that chose one of its
 * kinds and existed when it happened, each with its body (the event's key, kind, time and data,
 * with the whole order for an order's event: `pedidos`, see pedido.ts) and due now, for JANELA_MS.
 */
export function entregasDoEvento(
  ev: EventoRow,
  ativos: readonly WebhookRow[],
  agora: Date,
  pedidos: ReadonlyMap<number, PedidoDoWebhook> = new Map(),
): Insertable<WebhookEntregaTable>[] {
  const { tipos, dados } = tiposDoEvento(ev);
  if (tipos.length === 0) return [];
  const iso = (ms = 0) => new Date(agora.getTime() + ms).toISOString();
  const novas: Insertable<WebhookEntregaTable>[] = [];
  for (const w of ativos) {
    if (w.idestabelecimento !== ev.idestabelecimento || w.criado_em > ev.criado_em) continue;
    const quer = eventosDe(w);
    const tipo = tipos.find((t) => quer.includes(t));
    if (!tipo) continue;
    const chave = chaveDoEvento(ev);
    const corpo = JSON.stringify({
      id: chave,
      tipo,
      criado_em: ev.criado_em,
      idestabelecimento: ev.idestabelecimento,
      // An order's event says where the order came from (issue 24 part 5); before 0030 every
      // order was Rango's, and a payment's event is always of a Rango order.
      ...(ev.idpedido !== null ? { canal: canalDe(dados) } : {}),
      dados: {
        ...(ev.idpedido !== null ? { idpedido: ev.idpedido } : {}),
        ...dados,
        ...(ev.idpedido !== null && pedidos.has(ev.idpedido) ? { pedido: pedidos.get(ev.idpedido) } : {}),
      },
    });
    novas.push({
      idwebhook: w.id,
      idestabelecimento: w.idestabelecimento,
      chave,
      tipo,
      corpo,
      status: 'pendente',
      tentativas: 0,
      proxima_em: iso(),
      prazo_ate: iso(JANELA_MS),
      criado_em: iso(),
    });
  }
  return novas;
}
