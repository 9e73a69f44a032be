import type { FastifyInstance } from 'fastify';
import { estabelecimentoNaoEncontrado, parseId } from '../../http/errors.ts';
import { CONTRATOS_ESTABELECIMENTO } from './contrato.ts';
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
    app.get<{ Params: IdParams }>(
      '/controle/estabelecimento/:id/',
      { config: { contrato: CONTRATOS_ESTABELECIMENTO.detalhe } },
      (req) => service.getDetalhe(idOf(req.params)),
    );
    app.get<{ Params: IdParams }>(
      '/api/estabelecimento/:id/formapgto/',
      { config: { contrato: CONTRATOS_ESTABELECIMENTO.formasPgto } },
      (req) => service.getFormasPgto(idOf(req.params)),
    );
    app.get<{ Params: IdParams }>(
      '/api/estabelecimento/:id/areas_entrega/',
      { config: { contrato: CONTRATOS_ESTABELECIMENTO.areasEntrega } },
      (req) => service.getAreasEntrega(idOf(req.params)),
    );
  };
}
