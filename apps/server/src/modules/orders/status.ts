import { EVENTO, STATUS, STATUS_NOME, canTransition, isStatusPedido } from '@rango/domain';
import type { Db } from '../../db/index.ts';
import { HttpError } from '../../http/errors.ts';
import { avisarEventos, registrarEvento } from '../events/record.ts';
import type { PedidoPort } from '../payments/pedido-port.ts';
import { statusRepository as repo } from './status-repository.ts';

export const PEDIDO_NAO_ENCONTRADO = 'Pedido não encontrado.';
export const MOTIVO_OBRIGATORIO = 'Informe o motivo do cancelamento.';
export const MAX_MOTIVO = 200;

/** The status's name for texts and logs ('Realizado', 'Confirmado', …), else its number. */
export const nomeStatus = (status: number): string =>
  isStatusPedido(status) ? STATUS_NOME[status] : String(status);

export const transicaoNaoPermitida = (de: number, para: number): string =>
  `Transição de status não permitida: ${nomeStatus(de)} → ${nomeStatus(para)}.`;

/**
 * A refused move, with the HTTP answer the operator API sends: 404 no such order (or another
 * establishment's), 409 a move the order's current status does not allow (also a move that lost
 * a race: the status changed first), 400 a cancellation without a reason.
 */
export class MovimentoRecusado extends HttpError {
  readonly causa: 'nao-encontrado' | 'transicao' | 'motivo';
  constructor(
    causa: MovimentoRecusado['causa'],
    statusCode: number,
    body: Record<string, unknown>,
    message: string,
  ) {
    super(statusCode, body);
    this.name = 'MovimentoRecusado';
    this.causa = causa;
    this.message = message;
  }
}

export interface MoverPedidoOptions {
  /** Required for Cancelado (trimmed; at most 200 characters). */
  motivo?: string | null | undefined;
  /** Only this establishment's order (the operator's key); another's answers 404. */
  idestabelecimento?: number | undefined;
  /**
   * Move only if the order is still in this status (the simulator and payments: a move decided on
   * an older read). A different status refuses with 409, like an illegal move.
   */
  de?: number | undefined;
  /** The clock (tests, the simulator's tick). */
  agora?: Date | undefined;
  /**
   * The payment's own move: PgtoPendente → Sincronizado when the gateway confirms (no operator
   * may make it; modules/payments does).
   */
  pagamento?: boolean | undefined;
  /**
   * The move is the system's, not a person's (payments: refused or expired): the live event says
   * so, and the panel plays its distinct alert for such a cancellation. True with `pagamento`.
   */
  sistema?: boolean | undefined;
}

export interface PedidoMovido {
  id: number;
  idestabelecimento: number;
  referencia: string;
  tipo: 'DELIVERY' | 'TOGO';
  /** The order's channel (issue 24): 'rango', 'ifood', 'opendelivery'. */
  canal: string;
  de: number;
  para: number;
  datahora: string;
  motivo: string | null;
}

/**
 * The one way an order changes status (operator API, CLI, demo simulator, payments). In one
 * transaction: lock and re-read the order's current status, check the move against the domain's
 * transitions (canTransition), append the history entry, update pedido.status and
 * atualizado_em. The entry's datahora is now, or 1 ms after the previous entry when the clock
 * has not moved past it, so the latest entry by datahora is always the current status.
 * Concurrent moves of one order are serialised by the lock: the second sees the first's status.
 * Called with a transaction (`db.isTransaction`), it runs inside it (the lock is held until the
 * caller commits). The live event 'pedido.status' is written in the same transaction; when the
 * caller owns the transaction, it calls avisarEventos(db) after its commit.
 */
export async function moverPedido(
  db: Db,
  idpedido: number,
  para: number,
  options: MoverPedidoOptions = {},
): Promise<PedidoMovido> {
  const motivo = options.motivo?.trim() || null;
  if (motivo !== null && motivo.length > MAX_MOTIVO) {
    throw new MovimentoRecusado(
      'motivo',
      400,
      { motivo: [`O motivo pode ter até ${MAX_MOTIVO} caracteres.`] },
      `O motivo pode ter até ${MAX_MOTIVO} caracteres.`,
    );
  }
  // Inside a caller's transaction (a payment recording its result), that transaction is used.
  const inTransaction = <T>(fn: (trx: Db) => Promise<T>): Promise<T> =>
    db.isTransaction ? fn(db) : db.transaction().execute(fn);
  const movido = await inTransaction(async (trx) => {
    const pedido = await repo.lockPedido(trx, idpedido, options.idestabelecimento);
    if (!pedido) {
      throw new MovimentoRecusado(
        'nao-encontrado',
        404,
        { detail: PEDIDO_NAO_ENCONTRADO },
        PEDIDO_NAO_ENCONTRADO,
      );
    }
    if (
      (options.de !== undefined && pedido.status !== options.de) ||
      !(
        canTransition(pedido.status, para, pedido.tipo) ||
        (options.pagamento === true && pedido.status === STATUS.PgtoPendente && para === STATUS.Sincronizado)
      )
    ) {
      const texto = transicaoNaoPermitida(pedido.status, para);
      throw new MovimentoRecusado('transicao', 409, { detail: texto }, texto);
    }
    if (para === STATUS.Cancelado && motivo === null) {
      throw new MovimentoRecusado('motivo', 400, { motivo: [MOTIVO_OBRIGATORIO] }, MOTIVO_OBRIGATORIO);
    }
    const agora = (options.agora ?? new Date()).getTime();
    let ultima = -Infinity;
    for (const d of await repo.datahoras(trx, pedido.id)) {
      const t = Date.parse(d);
      if (!Number.isNaN(t) && t > ultima) ultima = t;
    }
    const datahora = new Date(Math.max(agora, ultima + 1)).toISOString();
    // The reason belongs to a cancellation only.
    const motivoGravado = para === STATUS.Cancelado ? motivo : null;
    await repo.appendHistorico(trx, { idpedido: pedido.id, status: para, datahora, motivo: motivoGravado });
    await repo.setStatus(trx, pedido.id, para, datahora);
    const sistema = options.sistema ?? options.pagamento === true;
    await registrarEvento(trx, {
      idestabelecimento: pedido.idestabelecimento,
      idcliente: pedido.idcliente,
      idpedido: pedido.id,
      tipo: EVENTO.pedidoStatus,
      dados: { de: pedido.status, para, canal: pedido.canal, ...(sistema ? { sistema: true } : {}) },
    });
    return {
      id: pedido.id,
      idestabelecimento: pedido.idestabelecimento,
      referencia: pedido.referencia,
      tipo: pedido.tipo,
      canal: pedido.canal,
      de: pedido.status,
      para,
      datahora,
      motivo: motivoGravado,
    };
  });
  if (!db.isTransaction) avisarEventos(db);
  return movido;
}

/** The restaurant's delivery estimate (the panel's acceptance), inside the caller's transaction. */
export async function definirPrevisao(db: Db, idpedido: number, previsaoEm: string | null): Promise<void> {
  await repo.setPrevisao(db, idpedido, previsaoEm);
}

export const PREVISAO_SO_ACEITO =
  'A previsão só pode ser alterada em um pedido aceito (em preparo, pronto ou em entrega).';

/**
 * The restaurant changes an accepted order's estimate (the panel's 'Alterar previsão'). In one
 * transaction: lock the order (only this establishment's: another's answers 404), refuse with 409
 * unless it is accepted and not finished (Confirmado or Pronto), store the new estimate and record
 * 'pedido.previsao' — the customer's stream and notifications follow that event, so each change
 * is told once. The same estimate again is no change: nothing is recorded. Answers whether it
 * changed.
 */
export async function alterarPrevisao(
  db: Db,
  idestabelecimento: number,
  idpedido: number,
  previsaoEm: string,
): Promise<boolean> {
  const mudou = await db.transaction().execute(async (trx) => {
    const pedido = await repo.lockPedido(trx, idpedido, idestabelecimento);
    if (!pedido) {
      throw new MovimentoRecusado(
        'nao-encontrado',
        404,
        { detail: PEDIDO_NAO_ENCONTRADO },
        PEDIDO_NAO_ENCONTRADO,
      );
    }
    if (pedido.status !== STATUS.Confirmado && pedido.status !== STATUS.Pronto) {
      throw new MovimentoRecusado('transicao', 409, { detail: PREVISAO_SO_ACEITO }, PREVISAO_SO_ACEITO);
    }
    const antes = (await repo.previsao(trx, pedido.id))?.previsao_em ?? null;
    if (antes !== null && Math.abs(Date.parse(antes) - Date.parse(previsaoEm)) < 60_000) return false;
    await repo.setPrevisao(trx, pedido.id, previsaoEm);
    await registrarEvento(trx, {
      idestabelecimento: pedido.idestabelecimento,
      idcliente: pedido.idcliente,
      idpedido: pedido.id,
      tipo: EVENTO.pedidoPrevisao,
      dados: { previsao_em: previsaoEm, canal: pedido.canal },
    });
    return true;
  });
  if (mudou) avisarEventos(db);
  return mudou;
}

/** An order's current status, or undefined when it does not exist. */
export async function statusDoPedido(db: Db, idpedido: number): Promise<number | undefined> {
  return (await repo.status(db, idpedido))?.status;
}

/**
 * A refused online payment leaves no order: the order, its history and its coupon use go, inside
 * the caller's transaction (payments unlinks its attempt in the same one).
 */
export async function removerPedidoRecusado(trx: Db, idpedido: number, pedidoId: string): Promise<void> {
  await repo.remover(trx, idpedido, pedidoId);
}

/** Account erasure's part of orders: the customer's orders stay, without their personal data. */
export async function anonimizarPedidosDoCliente(db: Db, idcliente: number, when: string): Promise<void> {
  await repo.anonimizarDoCliente(db, idcliente, when);
}

/** The orders side of payments (payments/pedido-port.ts), on `db`: wired by app.ts and the CLI. */
export function pedidoPort(db: Db): PedidoPort {
  return {
    async moverDoPendente(idpedido, para, { motivo, agora }) {
      try {
        await moverPedido(db, idpedido, para, {
          de: STATUS.PgtoPendente,
          motivo,
          pagamento: true,
          sistema: true,
          agora,
        });
        return true;
      } catch (e) {
        if (e instanceof MovimentoRecusado) return false;
        throw e;
      }
    },
    status: (idpedido) => statusDoPedido(db, idpedido),
    remover: removerPedidoRecusado,
  };
}
