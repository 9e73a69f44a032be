import {
  MSG,
  PEDIDOS_PAGE_SIZE,
  pedidoCriadoSchema,
  pedidoFetchedSchema,
  pedidoInputSchema,
  pedidosPaginaSchema,
  pedidosPendentesSchema,
  pedidoStatusSchema,
} from '@rango/domain';
import type { PedidosPagina } from '@rango/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { bearerOf, naoAutorizado } from '../../http/auth.ts';
import { inteiroDaQuery, validar } from '../../http/corpo.ts';
import { parseId, rotaNaoEncontrada } from '../../http/errors.ts';
import { contarPedido } from '../../http/metrics.ts';
import { ERROS, R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { createRateLimiter } from '../../http/rate-limit.ts';
import type { MenuService } from '../menu/service.ts';
import type { Payments } from '../payments/service.ts';
import { createOrderPlacement } from './placement.ts';
import type { EscolhaDoCheckout } from './placement.ts';
import type { ClienteLogado } from './placement.ts';
import { createOrderReads } from './reads.ts';
import { receiptHtml } from './receipt.ts';
import { ordersRepository } from './repository.ts';

export interface OrdersDeps {
  config: Config;
  db: Db;
  menu: MenuService;
  payments: Payments;
  /** The checkout's choice of channels (modules/notificacoes), recorded with the order. */
  escolhaDoCheckout?: EscolhaDoCheckout | undefined;
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

/** The list's query string: `pendentes` first; the page's only for the completed orders. */
const pendentesQuery = z.object({ pendentes: z.union([z.literal('true'), z.literal('false')]) });
const paginaQuery = z.object({
  limit: inteiroDaQuery(PEDIDOS_PAGE_SIZE, 1, MAX_PAGE_LIMIT, 10, MSG.requisicaoMalFormada),
  offset: inteiroDaQuery(0, 0, MAX_OFFSET, 10, MSG.requisicaoMalFormada),
});
/** A bad value answers its key with the one text, at the first one (a repeated key is a list). */
const QUERY = { texto: MSG.requisicaoMalFormada, forma: 'primeiro' } as const;

const PAYLOAD = { texto: MSG.requisicaoMalFormada, repetidos: true };

const tag = 'Cliente';
const naoEncontrado = R.naoEncontrado('Pedido não encontrado (ou de outro cliente).');

/** The customer's orders (spec section 7; the refusals of section 8). */
const CONTRATOS = {
  criar: {
    resumo: 'Faz um pedido (itens, endereço, pagamento); os preços são conferidos no servidor.',
    tag,
    acesso: 'cliente',
    corpo: pedidoInputSchema,
    respostas: {
      201: R.ok(pedidoCriadoSchema, 'Pedido criado.'),
      400: {
        descricao:
          'Recusado: `codigo` 102 (pedido mínimo), 103/104 (cupom), 105 (duplicado, ou preços e taxas em `non_field_errors`), 106 (pagamento online); ou o corpo mal formado.',
        schema: ERROS.pedido,
      },
      404: R.naoEncontrado('Estabelecimento não encontrado.'),
      422: R.detalhe('A loja está fechada.'),
      429: R.limite(),
    },
  },
  lista: {
    resumo: 'Os pedidos do cliente: os pendentes (`pendentes=true`) ou uma página dos concluídos.',
    tag,
    acesso: 'cliente',
    query: z.extend(pendentesQuery, paginaQuery.shape),
    respostas: {
      200: R.ok(
        z.union([pedidosPendentesSchema, pedidosPaginaSchema]),
        'A lista dos pendentes, ou a página (`count`, `next`, `previous`, `results`).',
      ),
      400: R.campos('Parâmetro inválido (o primeiro).'),
    },
  },
  detalhe: {
    resumo: 'Um pedido do cliente, com seu histórico e pagamento.',
    tag,
    acesso: 'cliente',
    respostas: { 200: R.ok(pedidoFetchedSchema), 404: naoEncontrado },
  },
  renovarPix: {
    resumo: "Gera um novo código PIX para o pedido cujo código expirou ('Gerar novo código').",
    tag,
    acesso: 'cliente',
    respostas: { 200: R.ok(pedidoFetchedSchema), 400: R.recusa(), 404: naoEncontrado, 429: R.limite() },
  },
  cupom: {
    resumo: 'O cupom (recibo) do pedido, como página para imprimir.',
    tag,
    acesso: 'cliente',
    respostas: { 200: R.html('O recibo em HTML.'), 404: naoEncontrado },
  },
  status: {
    resumo: 'O status atual de um pedido do cliente.',
    tag,
    acesso: 'cliente',
    respostas: { 200: R.ok(pedidoStatusSchema), 404: naoEncontrado },
  },
} satisfies Record<string, Contrato>;

/** Orders (issue 4): placement, the customer's reads, status, receipt. */
export function ordersRoutes({ config, db, menu, payments, escolhaDoCheckout }: OrdersDeps) {
  const criarPedido = createOrderPlacement(db, menu, payments, escolhaDoCheckout);
  const reads = createOrderReads(db, payments);
  const rateLimit = createRateLimiter(db, config.rateLimit);

  return async function (app: FastifyInstance): Promise<void> {
    app.post<{ Params: { id: string } }>(
      '/api/estabelecimento/:id/pedido/',
      { config: { contrato: CONTRATOS.criar } },
      async (req, reply) => {
        const cliente = await clienteLogado(req, db);
        await rateLimit(req, reply, 'pedido-cliente', { ...ORDER_LIMITS.cliente, key: String(cliente.id) });
        const id = pathId(req.params.id);
        // Metrics: accepted, or refused with the refusal's code (a malformed payload too). Every
        // refusal of the payload is the one text (zod's own are English), each issue listed.
        const criado = await contarPedido(
          (async () => criarPedido(cliente, id, validar(pedidoInputSchema, req.body, PAYLOAD)))(),
        );
        return reply.code(201).send(criado);
      },
    );

    app.get('/controle/pedido/', { config: { contrato: CONTRATOS.lista } }, async (req): Promise<unknown> => {
      const cliente = await clienteLogado(req, db);
      const { pendentes } = validar(pendentesQuery, req.query, QUERY);
      if (pendentes === 'true') return reads.pendentes(cliente.id);
      const { limit, offset } = validar(paginaQuery, req.query, QUERY);
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

    app.get<{ Params: { id: string } }>(
      '/controle/pedido/:id/',
      { config: { contrato: CONTRATOS.detalhe } },
      async (req) => {
        const cliente = await clienteLogado(req, db);
        return reads.get(cliente.id, pathId(req.params.id));
      },
    );

    // Issue 14: 'Gerar novo código' — a new PIX charge on the same order once the old one expired.
    app.post<{ Params: { id: string } }>(
      '/controle/pedido/:id/pix/renovar/',
      { config: { contrato: CONTRATOS.renovarPix } },
      async (req, reply) => {
        const cliente = await clienteLogado(req, db);
        const id = pathId(req.params.id);
        await rateLimit(req, reply, 'pix-renovar', { ...ORDER_LIMITS.renovarPix, key: String(cliente.id) });
        await payments.renovarPix(cliente.id, id);
        return reads.get(cliente.id, id);
      },
    );

    app.get<{ Params: { id: string } }>(
      '/controle/pedido/:id/cupom/',
      { config: { contrato: CONTRATOS.cupom } },
      async (req, reply) => {
        const cliente = await clienteLogado(req, db);
        const pedido = await reads.completo(cliente.id, pathId(req.params.id));
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .send(receiptHtml(pedido));
      },
    );

    app.get<{ Params: { id: string; pedido: string } }>(
      '/api/estabelecimento/:id/status/:pedido/',
      { config: { contrato: CONTRATOS.status } },
      async (req) => {
        const cliente = await clienteLogado(req, db);
        return reads.status(cliente.id, pathId(req.params.id), pathId(req.params.pedido));
      },
    );
  };
}
