import { MSG_WEBHOOK as M, reenviarDesdeSchema, webhookInputSchema } from '@rango/domain/painel/webhooks';
import type { FastifyInstance } from 'fastify';
import { validar } from '../../http/corpo.ts';
import { dono, idDe } from '../establishments/painel-http.ts';
import { CONTRATOS_WEBHOOK as C, ENTREGAS_QUERY } from './contrato.ts';
import type { WebhooksService } from './service.ts';

interface P {
  id: string;
  idwebhook: string;
  identrega: string;
}

/**
 * The owner's webhooks in the back office ('Integrações', issue 24 part 2): 401 / 404 / 403 from
 * the staff guard; another establishment's webhook answers 404 like an unknown one.
 */
export function webhooksRoutes(svc: WebhooksService) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id/webhooks';
    const idw = (raw: string) => idDe(raw, M.naoEncontrado);

    app.get<{ Params: P }>(`${B}/`, { config: { contrato: C.listar } }, async (req) =>
      svc.listar((await dono(req)).idestabelecimento),
    );

    app.post<{ Params: P }>(`${B}/`, { config: { contrato: C.criar } }, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criar(a, validar(webhookInputSchema, req.body)));
    });

    app.put<{ Params: P }>(`${B}/:idwebhook/`, { config: { contrato: C.mudar } }, async (req) => {
      const a = await dono(req);
      return svc.mudar(a, idw(req.params.idwebhook), validar(webhookInputSchema, req.body));
    });

    app.delete<{ Params: P }>(`${B}/:idwebhook/`, { config: { contrato: C.excluir } }, async (req, reply) => {
      const a = await dono(req);
      await svc.excluir(a, idw(req.params.idwebhook));
      return reply.code(204).send();
    });

    app.post<{ Params: P }>(`${B}/:idwebhook/segredo/`, { config: { contrato: C.segredo } }, async (req) => {
      const a = await dono(req);
      return svc.rotacionar(a, idw(req.params.idwebhook));
    });

    app.post<{ Params: P }>(`${B}/:idwebhook/teste/`, { config: { contrato: C.teste } }, async (req) => {
      const a = await dono(req);
      return svc.testar(a.idestabelecimento, idw(req.params.idwebhook));
    });

    app.get<{ Params: P }>(`${B}/:idwebhook/entregas/`, { config: { contrato: C.entregas } }, async (req) => {
      const a = await dono(req);
      const { status, desde, pagina } = validar(ENTREGAS_QUERY, req.query, { forma: 'primeiro' });
      return svc.entregas(a.idestabelecimento, idw(req.params.idwebhook), { status, desde, pagina });
    });

    app.post<{ Params: P }>(
      `${B}/:idwebhook/entregas/:identrega/reenviar/`,
      { config: { contrato: C.reenviarUma } },
      async (req, reply) => {
        const a = await dono(req);
        const identrega = idDe(req.params.identrega, M.entregaNaoEncontrada);
        return reply
          .code(202)
          .send(await svc.reenviarUma(a.idestabelecimento, idw(req.params.idwebhook), identrega));
      },
    );

    app.post<{ Params: P }>(
      `${B}/:idwebhook/reenviar/`,
      { config: { contrato: C.reenviarDesde } },
      async (req, reply) => {
        const a = await dono(req);
        const { desde } = validar(reenviarDesdeSchema, req.body);
        return reply
          .code(202)
          .send(await svc.reenviarDesde(a.idestabelecimento, idw(req.params.idwebhook), desde));
      },
    );
  };
}
