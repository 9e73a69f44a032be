import { MSG, isCancelado, operadorStatusInputSchema, pedidoOperadorSchema } from '@rango/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { HttpError, parseId } from '../../http/errors.ts';
import type { Payments } from '../payments/service.ts';
import { MAX_MOTIVO, PEDIDO_NAO_ENCONTRADO, moverPedido } from './mover-pedido.ts';
import { estabelecimentoDaChave, listarPedidosOperador, obterPedidoOperador } from './service.ts';
import { createDemoSimulator } from './simulator.ts';

export interface OperatorDeps {
  config: Config;
  db: Db;
  /** Refunds a cancelled order paid online (issue 5). */
  payments?: Pick<Payments, 'estornar'>;
}

export const OPERADOR_LIMIT_PADRAO = 50;
export const OPERADOR_LIMIT_MAX = 100;

const pedidosOperadorSchema = z.array(pedidoOperadorSchema);

interface IdParams {
  id: string;
}

const naoAutorizado = () => new HttpError(401, { detail: MSG.naoAutorizado });
const pedidoNaoEncontrado = () => new HttpError(404, { detail: PEDIDO_NAO_ENCONTRADO });

function idOf(params: IdParams): number {
  const id = parseId(params.id);
  if (id === undefined) throw pedidoNaoEncontrado();
  return id;
}

/** `Authorization: Bearer rop_…` → the key's establishment; anything else 401. */
async function operador(db: Db, req: FastifyRequest): Promise<number> {
  const m = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '');
  const id = m ? await estabelecimentoDaChave(db, m[1]!) : undefined;
  if (id === undefined) throw naoAutorizado();
  return id;
}

function inteiro(raw: unknown, nome: string, padrao: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return padrao;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new HttpError(400, { [nome]: [`Informe um número inteiro entre ${min} e ${max}.`] });
  }
  return Number(raw);
}

function listaQuery(query: unknown): { abertos: boolean; limit: number; offset: number } {
  const q = (query ?? {}) as Record<string, unknown>;
  const status = q.status ?? 'abertos';
  if (status !== 'abertos' && status !== 'todos') {
    throw new HttpError(400, { status: ["Use 'abertos' ou 'todos'."] });
  }
  return {
    abertos: status === 'abertos',
    limit: inteiro(q.limit, 'limit', OPERADOR_LIMIT_PADRAO, 1, OPERADOR_LIMIT_MAX),
    offset: inteiro(q.offset, 'offset', 0, 0, 1_000_000_000),
  };
}

/** The body of a status change; refusals in Portuguese, per field. */
function statusInput(body: unknown): { status: number; motivo: string | null } {
  const r = operadorStatusInputSchema.safeParse(body);
  if (r.success) return { status: r.data.status, motivo: r.data.motivo ?? null };
  const erros: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const campo = issue.path[0];
    if (campo === 'status') erros.status = ['Status inválido: use 21, 30, 41, 100 ou 50.'];
    else if (campo === 'motivo') erros.motivo = [`O motivo é um texto de até ${MAX_MOTIVO} caracteres.`];
    else erros.non_field_errors = [MSG.requisicaoMalFormada];
  }
  throw new HttpError(400, erros);
}

/**
 * The restaurant's side (issue 4, part 5; the spec shows only the customer's): an operator API
 * authenticated by a per-establishment key (`npm run operator -- operador-token`), and the demo
 * simulator, a periodic job (modules/jobs) while the app runs.
 */
export function operatorRoutes({ config, db, payments }: OperatorDeps) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/operador/pedido/', async (req) => {
      const idestabelecimento = await operador(db, req);
      const q = listaQuery(req.query);
      const lista = await listarPedidosOperador(db, { idestabelecimento, ...q });
      return conform(pedidosOperadorSchema, lista, 'GET /operador/pedido/');
    });

    app.get<{ Params: IdParams }>('/operador/pedido/:id/', async (req) => {
      const idestabelecimento = await operador(db, req);
      const p = await obterPedidoOperador(db, idOf(req.params), idestabelecimento);
      if (!p) throw pedidoNaoEncontrado();
      return conform(pedidoOperadorSchema, p, 'GET /operador/pedido/:id/');
    });

    app.post<{ Params: IdParams }>('/operador/pedido/:id/status/', async (req) => {
      const idestabelecimento = await operador(db, req);
      const id = idOf(req.params);
      const input = statusInput(req.body);
      const m = await moverPedido(db, id, input.status, { motivo: input.motivo, idestabelecimento });
      req.log.info({ pedido: id, status: input.status }, 'operador: status do pedido alterado');
      // A cancelled order paid online is refunded at once (spec section 4: refunds are automatic).
      if (payments && isCancelado(m.para)) await payments.estornar(id);
      const p = await obterPedidoOperador(db, id, idestabelecimento);
      if (!p) throw pedidoNaoEncontrado();
      return conform(pedidoOperadorSchema, p, 'POST /operador/pedido/:id/status/');
    });

    if (config.demoSimulator) {
      const simulator = createDemoSimulator({ db, log: app.log, steps: config.demoSimulatorSteps });
      app.jobs.define(simulator.job());
      app.addHook('onReady', async () => {
        app.log.info('Simulador do restaurante ligado (DEMO_SIMULATOR).');
      });
    }
  };
}
