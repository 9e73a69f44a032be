import { STATUS } from '@rango/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DemoSimulatorSteps } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { JobDefinition } from '../jobs/definition.ts';
import { MovimentoRecusado, moverPedido, nomeStatus } from '../orders/status.ts';
import { operatorRepository as repo } from './repository.ts';
import type { PedidoSimulavel } from './repository.ts';

/** The statuses the simulator moves on from; PgtoPendente (10) waits for its payment. */
const SIMULAVEIS: readonly number[] = [
  STATUS.Realizado,
  STATUS.PgtoConfirmado,
  STATUS.Sincronizado,
  STATUS.Confirmado,
  STATUS.Pronto,
  STATUS.Entregue,
];

/** Orders looked at per tick (the demo has a handful; a flood waits for later ticks). */
const POR_TICK = 200;
export const SIMULATOR_INTERVAL_MS = 2000;

/** The next status on the happy path and the wait before it. */
export function proximoPasso(
  status: number,
  tipo: 'DELIVERY' | 'TOGO',
  steps: DemoSimulatorSteps,
): { para: number; segundos: number } | null {
  switch (status) {
    case STATUS.Realizado:
    case STATUS.PgtoConfirmado:
    case STATUS.Sincronizado:
      return { para: STATUS.Confirmado, segundos: steps.confirmar };
    case STATUS.Confirmado:
      return { para: STATUS.Pronto, segundos: steps.preparar };
    case STATUS.Pronto:
      return tipo === 'DELIVERY'
        ? { para: STATUS.Entregue, segundos: steps.entregar }
        : { para: STATUS.Concluido, segundos: steps.entregar };
    case STATUS.Entregue:
      return { para: STATUS.Concluido, segundos: steps.concluir };
    default:
      return null;
  }
}

/** Seconds from Realizado to Concluído on the happy path of this order type. */
const duracaoTotal = (tipo: 'DELIVERY' | 'TOGO', s: DemoSimulatorSteps): number =>
  s.confirmar + s.preparar + s.entregar + (tipo === 'DELIVERY' ? s.concluir : 0);

/**
 * When the order may take its next step (ms since the epoch), or null when it has none. An order
 * waits its step's delay after reaching its status; a scheduled order (entregue_as) does not
 * start before its whole path fits before its time, so it is done about when it was asked for.
 */
export function proximoEm(
  p: PedidoSimulavel,
  steps: DemoSimulatorSteps,
): { para: number; em: number } | null {
  const passo = proximoPasso(p.status, p.tipo, steps);
  if (!passo || p.desde === null) return null;
  let desde = Date.parse(p.desde);
  if (Number.isNaN(desde)) return null;
  if (p.entregue_as !== null) {
    const hora = Date.parse(p.entregue_as);
    if (!Number.isNaN(hora)) desde = Math.max(desde, hora - duracaoTotal(p.tipo, steps) * 1000);
  }
  return { para: passo.para, em: desde + passo.segundos * 1000 };
}

export interface DemoSimulator {
  /** One pass over the open orders; answers how many it moved. */
  tick(agora?: Date): Promise<number>;
  /** The periodic job (modules/jobs) that ticks every `SIMULATOR_INTERVAL_MS`. */
  job(): JobDefinition;
}

/**
 * The demo restaurant (ARCHITECTURE: 'restaurant' port, DEMO_SIMULATOR): every ~2 s (a periodic
 * job, modules/jobs: once per period across instances) it moves each open order whose wait is
 * over one step along Realizado → Confirmado → Pronto → Entregue (delivery) → Concluído, through
 * moverPedido like a real operator. A repeated or concurrent run is safe: each move names the
 * status it was decided on, so a move made first elsewhere is refused and skipped.
 */
export function createDemoSimulator(deps: {
  db: Db;
  log: FastifyBaseLogger;
  steps: DemoSimulatorSteps;
  intervalMs?: number;
}): DemoSimulator {
  const { db, log, steps } = deps;

  async function tick(agora = new Date()): Promise<number> {
    let movidos = 0;
    for (const p of await repo.simulaveis(db, SIMULAVEIS, POR_TICK)) {
      const passo = proximoEm(p, steps);
      if (!passo || passo.em > agora.getTime()) continue;
      try {
        await moverPedido(db, p.id, passo.para, { de: p.status, agora });
        movidos++;
        log.info(
          { pedido: p.id, de: p.status, para: passo.para },
          `Simulador: pedido #${p.referencia} (id ${p.id}) ${nomeStatus(p.status)} → ${nomeStatus(passo.para)}`,
        );
      } catch (e) {
        // Another instance, the operator or a payment moved it first: nothing to do.
        if (e instanceof MovimentoRecusado) continue;
        throw e;
      }
    }
    return movidos;
  }

  return {
    tick,
    job: () => ({
      name: 'simulador',
      everyMs: deps.intervalMs ?? SIMULATOR_INTERVAL_MS,
      leaseSeconds: 30,
      run: () => tick(),
    }),
  };
}
