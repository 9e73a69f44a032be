import type { FastifyInstance } from 'fastify';
import { estabelecimentoNaoEncontrado, parseId } from '../../http/errors.ts';
import type { EstablishmentsService } from './service.ts';

interface IdParams {
  id: string;
}

function idOf(params: IdParams): number {
  const id = parseId(params.id);
  if (id === undefined) throw estabelecimentoNaoEncontrado();
  return id;
}

/** Spec section 7: the establishment's detail, payment methods and delivery areas. */
export function establishmentsRoutes(service: EstablishmentsService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: IdParams }>('/controle/estabelecimento/:id/', (req) =>
      service.getDetalhe(idOf(req.params)),
    );
    app.get<{ Params: IdParams }>('/api/estabelecimento/:id/formapgto/', (req) =>
      service.getFormasPgto(idOf(req.params)),
    );
    app.get<{ Params: IdParams }>('/api/estabelecimento/:id/areas_entrega/', (req) =>
      service.getAreasEntrega(idOf(req.params)),
    );
  };
}
