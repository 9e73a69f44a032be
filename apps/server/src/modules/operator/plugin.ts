import { MSG, isCancelado, operadorStatusInputSchema, pedidoOperadorSchema } from '@rango/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { conform } from '../../http/contract.ts';
import { inteiroDaQuery, validar } from '../../http/corpo.ts';
import { HttpError, parseId } from '../../http/errors.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import type { Payments } from '../payments/service.ts';
import { MAX_MOTIVO, PEDIDO_NAO_ENCONTRADO, moverPedido } from '../orders/status.ts';
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

const entre = (min: number, max: number) => `Informe um número inteiro entre ${min} e ${max}.`;

/** The list's query string, answered at its first bad value. */
const listaQuerySchema = z.object({
  status: z.pipe(
    z.optional(z.union([z.literal('abertos'), z.literal('todos')], { error: "Use 'abertos' ou 'todos'." })),
    z.transform((v) => v !== 'todos'),
  ),
  limit: inteiroDaQuery(OPERADOR_LIMIT_PADRAO, 1, OPERADOR_LIMIT_MAX, 9, entre(1, OPERADOR_LIMIT_MAX)),
  offset: inteiroDaQuery(0, 0, 1_000_000_000, 9, entre(0, 1_000_000_000)),
});

/** The body of a status change; refusals in Portuguese, per field. */
const STATUS_TEXTOS = {
  status: 'Status inválido: use 21, 30, 41, 100 ou 50.',
  motivo: `O motivo é um texto de até ${MAX_MOTIVO} caracteres.`,
};

const tag = 'Integração (operador)';
const naoEncontrado = R.naoEncontrado('Pedido não encontrado (ou de outro estabelecimento).');

/** The integration API: the establishment's orders, by its operator key. */
const CONTRATOS = {
  lista: {
    resumo: 'Os pedidos do estabelecimento da chave: os abertos (padrão) ou todos, paginados.',
    tag,
    acesso: 'operador',
    query: listaQuerySchema,
    respostas: { 200: R.ok(pedidosOperadorSchema), 400: R.campos('Parâmetro inválido (o primeiro).') },
  },
  detalhe: {
    resumo: 'Um pedido do estabelecimento da chave.',
    tag,
    acesso: 'operador',
    respostas: { 200: R.ok(pedidoOperadorSchema), 404: naoEncontrado },
  },
  status: {
    resumo: 'Move o pedido no fluxo de status (cancelado pago online: estornado na hora).',
    tag,
    acesso: 'operador',
    corpo: operadorStatusInputSchema,
    respostas: {
      200: R.ok(pedidoOperadorSchema, 'O pedido com o novo status.'),
      400: R.campos(),
      404: naoEncontrado,
      409: R.detalhe('Mudança de status não permitida a partir do status atual.'),
    },
  },
} satisfies Record<string, Contrato>;

/**
 * The restaurant's side (issue 4, part 5; the spec shows only the customer's): an operator API
 * authenticated by a per-establishment key (`npm run operator -- operador-token`), and the demo
 * simulator, a periodic job (modules/jobs) while the app runs.
 */
export function operatorRoutes({ config, db, payments }: OperatorDeps) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/operador/pedido/', { config: { contrato: CONTRATOS.lista } }, async (req) => {
      const idestabelecimento = await operador(db, req);
      const { status: abertos, ...q } = validar(listaQuerySchema, req.query, { forma: 'primeiro' });
      const lista = await listarPedidosOperador(db, { idestabelecimento, abertos, ...q });
      return conform(pedidosOperadorSchema, lista, 'GET /operador/pedido/');
    });

    app.get<{ Params: IdParams }>(
      '/operador/pedido/:id/',
      { config: { contrato: CONTRATOS.detalhe } },
      async (req) => {
        const idestabelecimento = await operador(db, req);
        const p = await obterPedidoOperador(db, idOf(req.params), idestabelecimento);
        if (!p) throw pedidoNaoEncontrado();
        return conform(pedidoOperadorSchema, p, 'GET /operador/pedido/:id/');
      },
    );

    app.post<{ Params: IdParams }>(
      '/operador/pedido/:id/status/',
      { config: { contrato: CONTRATOS.status } },
      async (req) => {
        const idestabelecimento = await operador(db, req);
        const id = idOf(req.params);
        const corpo = validar(operadorStatusInputSchema, req.body, { chave: 'campo', textos: STATUS_TEXTOS });
        const input = { status: corpo.status, motivo: corpo.motivo ?? null };
        const m = await moverPedido(db, id, input.status, { motivo: input.motivo, idestabelecimento });
        req.log.info({ pedido: id, status: input.status }, 'operador: status do pedido alterado');
        // A cancelled order paid online is refunded at once (spec section 4: refunds are automatic).
        if (payments && isCancelado(m.para)) await payments.estornar(id);
        const p = await obterPedidoOperador(db, id, idestabelecimento);
        if (!p) throw pedidoNaoEncontrado();
        return conform(pedidoOperadorSchema, p, 'POST /operador/pedido/:id/status/');
      },
    );

    if (config.demoSimulator) {
      const simulator = createDemoSimulator({ db, log: app.log, steps: config.demoSimulatorSteps });
      app.jobs.define(simulator.job());
      app.addHook('onReady', async () => {
        app.log.info('Simulador do restaurante ligado (DEMO_SIMULATOR).');
      });
    }
  };
}
