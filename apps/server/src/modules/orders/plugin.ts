import { MSG, PEDIDOS_PAGE_SIZE } from '@rango/domain';
import type { PedidosPagina } from '@rango/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { bearerOf, naoAutorizado } from '../../http/auth.ts';
import { HttpError, parseId, rotaNaoEncontrada } from '../../http/errors.ts';
import { contarPedido } from '../../http/metrics.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import type { MenuService } from '../menu/service.ts';
import type { Payments } from '../payments/service.ts';
import { createOrderPlacement } from './placement.ts';
import type { ClienteLogado } from './placement.ts';
import { createOrderReads } from './reads.ts';
import { receiptHtml } from './receipt.ts';
import { ordersRepository } from './repository.ts';

export interface OrdersDeps {
  config: Config;
  db: Db;
  menu: MenuService;
  payments: Payments;
}

/** Placing orders is limited per customer (an honest customer places a handful an hour). */
export const ORDER_LIMITS = {
  cliente: { max: 20, windowSeconds: 60 },
  /** 'Gerar novo código' of a PIX: a customer needs one per expiry. */
  renovarPix: { max: 10, windowSeconds: 60 },
} as const;

/** The completed-orders page: `limit` 1…50 (default 10), `offset` ≥ 0. */
export const MAX_PAGE_LIMIT = 50;
const MAX_OFFSET = 2_147_483_647;

/**
 * The logged-in customer (as requireCliente: a valid access token of a live account, else 401),
 * with the uuid and name the stored order carries, in the same one query.
 */
async function clienteLogado(req: FastifyRequest, db: Db): Promise<ClienteLogado> {
  const token = bearerOf(req);
  if (!token) throw naoAutorizado();
  const id = await req.server.accessTokens.verify(token);
  if (id === undefined) throw naoAutorizado();
  const row = await ordersRepository.findClienteVivo(db, id);
  if (!row) throw naoAutorizado();
  return { id: row.id, uuid: row.uuid, nome: row.nomeourazaosocial };
}

const pathId = (raw: string | undefined): number => {
  const id = parseId(raw);
  if (id === undefined) throw rotaNaoEncontrada();
  return id;
};

const malFormado = (campo: string) => new HttpError(400, { [campo]: [MSG.requisicaoMalFormada] });

/** One query-string value: a repeated key is refused like any bad value. */
function queryValue(query: unknown, name: string): string | undefined {
  const v = (query as Record<string, unknown> | undefined)?.[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw malFormado(name);
  return v;
}

function intParam(query: unknown, name: string, fallback: number, min: number, max: number): number {
  const raw = queryValue(query, name);
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,10}$/.test(raw)) throw malFormado(name);
  const n = Number(raw);
  if (n < min || n > max) throw malFormado(name);
  return n;
}

/** Orders (issue 4): placement, the customer's reads, status, receipt. */
export function ordersRoutes({ config, db, menu, payments }: OrdersDeps) {
  const criarPedido = createOrderPlacement(db, menu, payments);
  const reads = createOrderReads(db, payments);
  const rateLimit = createRateLimiter(db, config.rateLimit);

  return async function (app: FastifyInstance): Promise<void> {
    app.post<{ Params: { id: string } }>('/api/estabelecimento/:id/pedido/', async (req, reply) => {
      const cliente = await clienteLogado(req, db);
      await rateLimit(req, reply, 'pedido-cliente', { ...ORDER_LIMITS.cliente, key: String(cliente.id) });
      // Metrics: accepted, or refused with the refusal's code.
      const criado = await contarPedido(criarPedido(cliente, pathId(req.params.id), req.body));
      return reply.code(201).send(criado);
    });

    app.get('/controle/pedido/', async (req): Promise<unknown> => {
      const cliente = await clienteLogado(req, db);
      const pendentes = queryValue(req.query, 'pendentes');
      if (pendentes === 'true') return reads.pendentes(cliente.id);
      if (pendentes !== 'false') throw malFormado('pendentes');
      const limit = intParam(req.query, 'limit', PEDIDOS_PAGE_SIZE, 1, MAX_PAGE_LIMIT);
      const offset = intParam(req.query, 'offset', 0, 0, MAX_OFFSET);
      const { count, results } = await reads.finalizados(cliente.id, limit, offset);
      // Links like the paginator the spec's API follows (limit/offset), as paths on this host.
      const path = (req.routeOptions.url ?? '/controle/pedido/').replace(/\/?$/, '/');
      const link = (o: number) => `${path}?pendentes=false&limit=${limit}&offset=${o}`;
      const pagina: PedidosPagina = {
        count,
        next: offset + limit < count ? link(offset + limit) : null,
        previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
        results,
      };
      return pagina;
    });

    app.get<{ Params: { id: string } }>('/controle/pedido/:id/', async (req) => {
      const cliente = await clienteLogado(req, db);
      return reads.get(cliente.id, pathId(req.params.id));
    });

    // Issue 14: 'Gerar novo código' — a new PIX charge on the same order once the old one expired.
    app.post<{ Params: { id: string } }>('/controle/pedido/:id/pix/renovar/', async (req, reply) => {
      const cliente = await clienteLogado(req, db);
      const id = pathId(req.params.id);
      await rateLimit(req, reply, 'pix-renovar', { ...ORDER_LIMITS.renovarPix, key: String(cliente.id) });
      await payments.renovarPix(cliente.id, id);
      return reads.get(cliente.id, id);
    });

    app.get<{ Params: { id: string } }>('/controle/pedido/:id/cupom/', async (req, reply) => {
      const cliente = await clienteLogado(req, db);
      const pedido = await reads.completo(cliente.id, pathId(req.params.id));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(receiptHtml(pedido));
    });

    app.get<{ Params: { id: string; pedido: string } }>(
      '/api/estabelecimento/:id/status/:pedido/',
      async (req) => {
        const cliente = await clienteLogado(req, db);
        return reads.status(cliente.id, pathId(req.params.id), pathId(req.params.pedido));
      },
    );
  };
}
