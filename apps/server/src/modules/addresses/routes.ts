import { enderecoSchema, enderecosSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { requireCliente } from '../../http/auth.ts';
import { conform } from '../../http/contract.ts';
import { parseId, rotaNaoEncontrada } from '../../http/errors.ts';
import type { AddressesService } from './service.ts';

interface IdParams {
  id: string;
}

function idOf(params: IdParams): number {
  const id = parseId(params.id);
  if (id === undefined) throw rotaNaoEncontrada();
  return id;
}

/** Spec section 7: the logged-in customer's addresses (another customer's id answers 404). */
export function addressesRoutes(service: AddressesService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/controle/endereco/', async (req) => {
      const cliente = await requireCliente(req);
      return conform(enderecosSchema, await service.list(cliente), 'GET /controle/endereco/');
    });

    app.post('/controle/endereco/', async (req, reply) => {
      const cliente = await requireCliente(req);
      const e = await service.create(cliente, req.body, req.log);
      return reply.code(201).send(conform(enderecoSchema, e, 'POST /controle/endereco/'));
    });

    app.put<{ Params: IdParams }>('/controle/endereco/:id/', async (req) => {
      const cliente = await requireCliente(req);
      const e = await service.update(cliente, idOf(req.params), req.body, req.log);
      return conform(enderecoSchema, e, 'PUT /controle/endereco/:id/');
    });

    app.delete<{ Params: IdParams }>('/controle/endereco/:id/', async (req, reply) => {
      const cliente = await requireCliente(req);
      await service.remove(cliente, idOf(req.params));
      return reply.code(204).send();
    });
  };
}
