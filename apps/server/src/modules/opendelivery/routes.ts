import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG_OPENDELIVERY as M } from '@rango/domain/painel/opendelivery';
import { HttpError } from '../../http/errors.ts';
import { validar } from '../../http/corpo.ts';
import { dono, idDe } from '../establishments/painel-http.ts';
import {
  CONTRATOS_OD as C,
  ackSchema,
  confirmSchema,
  denyCancellationSchema,
  pollingQuerySchema,
  requestCancellationSchema,
  tokenRequestSchema,
} from './contrato.ts';
import { ErroOd, naoAutorizado } from './service.ts';
import type { Movimento, OpenDeliveryService } from './service.ts';

/** Where the standard's routes live under the API prefix: the POS's {baseURL}. */
export const OD_PREFIX = '/opendelivery';

/** The POS's {baseURL} as this request reached the server. */
export function baseUrl(req: FastifyRequest, apiPrefix: string): string {
  return `${req.protocol}://${req.host}${apiPrefix}${OD_PREFIX}`;
}

/** The first text of a refusal body (validar's `{ campo: [..] }`, `{ detail }`). */
function titulo(body: Record<string, unknown>): string {
  for (const v of Object.values(body)) {
    if (typeof v === 'string') return v;
    if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  }
  return 'Requisição inválida.';
}

/** Every refusal of the standard's routes in its Error shape, `{ title, status }`. */
function responderErro(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  let status = 500;
  let title = 'Erro inesperado.';
  if (err instanceof ErroOd) {
    status = err.statusCode;
    title = err.message;
    if (err.tentarEm !== undefined) reply.header('retry-after', String(err.tentarEm));
  } else if (err instanceof HttpError) {
    status = err.statusCode;
    title = titulo(err.body);
  } else if ('statusCode' in err && typeof err.statusCode === 'number' && err.statusCode < 500) {
    status = err.statusCode;
    title = status === 415 ? 'Tipo de conteúdo não suportado.' : 'Requisição inválida.';
  } else {
    req.log.error({ err }, 'opendelivery: erro inesperado');
  }
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  return reply.code(status).type('application/problem+json').send({ title, status });
}

interface Ordem {
  orderId: string;
}

/**
 * The standard's routes, Rango in the Ordering Application role (issue 24 part 3): token,
 * polling, acknowledgment, order details and status moves, each answering the standard's shapes.
 */
export function openDeliveryRoutes(svc: OpenDeliveryService, apiPrefix: string) {
  return async function (app: FastifyInstance): Promise<void> {
    app.setErrorHandler(responderErro);
    // The standard's token request is a form (application/x-www-form-urlencoded).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.post('/oauth/token', { config: { contrato: C.token } }, async (req) => {
      const corpo = validar(tokenRequestSchema, req.body ?? {});
      if (corpo.grant_type !== 'client_credentials')
        throw new ErroOd(400, 'grant_type não suportado: use client_credentials.');
      let id = corpo.client_id;
      let segredo = corpo.client_secret;
      const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '');
      if (basic && (id === undefined || segredo === undefined)) {
        const [u, ...s] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
        id = decodeURIComponent(u ?? '');
        segredo = decodeURIComponent(s.join(':'));
      }
      if (!id || !segredo) throw new ErroOd(401, 'Credenciais inválidas.');
      return svc.token(id, segredo);
    });

    const cliente = (req: FastifyRequest) => svc.autenticar(req.headers.authorization);

    app.get('/v1/events::polling', { config: { contrato: C.polling } }, async (req, reply) => {
      const c = await cliente(req);
      const { eventType } = validar(pollingQuerySchema, req.query ?? {}, { forma: 'primeiro' });
      const tipos = eventType === undefined ? undefined : Array.isArray(eventType) ? eventType : [eventType];
      const eventos = await svc.polling(c, baseUrl(req, apiPrefix), tipos);
      if (eventos.length === 0) return reply.code(204).send();
      return eventos;
    });

    app.post('/v1/events/acknowledgment', { config: { contrato: C.ack } }, async (req, reply) => {
      const c = await cliente(req);
      const acks = validar(ackSchema, req.body, { objeto: false });
      await svc.reconhecer(
        c,
        acks.map((a) => a.id),
      );
      return reply.code(202).send();
    });

    // The standard's merchant route (getMerchant): one merchant per URL, the one the token names.
    app.get('/v1/merchant', { config: { contrato: C.merchant } }, async (req) => {
      const c = await cliente(req);
      return svc.merchant(c, `${req.protocol}://${req.host}`);
    });

    app.get<{ Params: Ordem }>('/v1/orders/:orderId', { config: { contrato: C.pedido } }, async (req) => {
      const c = await cliente(req);
      return svc.pedido(c, req.params.orderId);
    });

    const mover = (mov: Movimento, ler?: (body: unknown) => string | undefined) =>
      async function (req: FastifyRequest<{ Params: Ordem }>, reply: FastifyReply) {
        const c = await cliente(req);
        const motivo = ler ? ler(req.body ?? {}) : undefined;
        await svc.mover(c, req.params.orderId, mov, motivo);
        return reply.code(202).send();
      };

    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/confirm',
      { config: { contrato: C.confirm } },
      mover('confirm', (b) => {
        validar(confirmSchema, b);
        return undefined;
      }),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/preparing',
      { config: { contrato: C.preparing } },
      mover('preparing'),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/readyForPickup',
      { config: { contrato: C.readyForPickup } },
      mover('readyForPickup'),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/dispatch',
      { config: { contrato: C.dispatch } },
      mover('dispatch'),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/delivered',
      { config: { contrato: C.delivered } },
      mover('delivered'),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/requestCancellation',
      { config: { contrato: C.requestCancellation } },
      mover('requestCancellation', (b) => validar(requestCancellationSchema, b).reason),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/acceptCancellation',
      { config: { contrato: C.acceptCancellation } },
      mover('acceptCancellation'),
    );
    app.post<{ Params: Ordem }>(
      '/v1/orders/:orderId/denyCancellation',
      { config: { contrato: C.denyCancellation } },
      mover('denyCancellation', (b) => {
        validar(denyCancellationSchema, b);
        return undefined;
      }),
    );
    // Unknown routes under the prefix answer in the standard's shape too.
    app.setNotFoundHandler((req, reply) => {
      void req;
      if (!req.headers.authorization) return responderErro(naoAutorizado(), req, reply);
      return reply
        .code(404)
        .type('application/problem+json')
        .send({ title: 'Recurso não encontrado.', status: 404 });
    });
  };
}

interface P {
  id: string;
  idcredencial: string;
}

/** The owner's Open Delivery credentials in the back office ('Integrações'). */
export function openDeliveryPainelRoutes(svc: OpenDeliveryService, apiPrefix: string) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id/opendelivery';
    app.get<{ Params: P }>(`${B}/`, { config: { contrato: C.painel } }, async (req) =>
      svc.painel((await dono(req)).idestabelecimento, baseUrl(req, apiPrefix)),
    );
    app.post<{ Params: P }>(`${B}/credenciais/`, { config: { contrato: C.criar } }, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarCredencial(a.idestabelecimento));
    });
    app.delete<{ Params: P }>(
      `${B}/credenciais/:idcredencial/`,
      { config: { contrato: C.revogar } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.revogar(a.idestabelecimento, idDe(req.params.idcredencial, M.naoEncontrada));
        return reply.code(204).send();
      },
    );
  };
}
