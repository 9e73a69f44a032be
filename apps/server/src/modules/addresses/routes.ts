import { enderecoInputSchema, enderecoSchema, enderecosSchema } from '@rango/domain';
import type { FastifyInstance } from 'fastify';
import { requireCliente } from '../../http/auth.ts';
import { conform } from '../../http/contract.ts';
import { COMO_ZOD, validar } from '../../http/corpo.ts';
import { parseId, rotaNaoEncontrada } from '../../http/errors.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import type { AddressesService } from './service.ts';

interface IdParams {
  id: string;
}

function idOf(params: IdParams): number {
  const id = parseId(params.id);
  if (id === undefined) throw rotaNaoEncontrada();
  return id;
}

const tag = 'Cliente';
const naoEncontrado = R.naoEncontrado('Endereço não encontrado (ou de outro cliente).');

/** The customer's saved addresses (spec section 7). */
const CONTRATOS = {
  lista: {
    resumo: 'Os endereços salvos do cliente logado.',
    tag,
    acesso: 'cliente',
    respostas: { 200: R.ok(enderecosSchema) },
  },
  criar: {
    resumo: 'Salva um endereço (geocodificado para o cálculo da taxa de entrega).',
    tag,
    acesso: 'cliente',
    corpo: enderecoInputSchema,
    respostas: { 201: R.ok(enderecoSchema, 'O endereço salvo.'), 400: R.campos() },
  },
  alterar: {
    resumo: 'Altera um endereço salvo.',
    tag,
    acesso: 'cliente',
    corpo: enderecoInputSchema,
    respostas: { 200: R.ok(enderecoSchema), 400: R.campos(), 404: naoEncontrado },
  },
  remover: {
    resumo: 'Remove um endereço salvo.',
    tag,
    acesso: 'cliente',
    respostas: { 204: R.semCorpo('Endereço removido.'), 404: naoEncontrado },
  },
} satisfies Record<string, Contrato>;

/** Spec section 7: the logged-in customer's addresses (another customer's id answers 404). */
export function addressesRoutes(service: AddressesService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/controle/endereco/', { config: { contrato: CONTRATOS.lista } }, async (req) => {
      const cliente = await requireCliente(req);
      return conform(enderecosSchema, await service.list(cliente), 'GET /controle/endereco/');
    });

    app.post('/controle/endereco/', { config: { contrato: CONTRATOS.criar } }, async (req, reply) => {
      const cliente = await requireCliente(req);
      const e = await service.create(cliente, validar(enderecoInputSchema, req.body, COMO_ZOD), req.log);
      return reply.code(201).send(conform(enderecoSchema, e, 'POST /controle/endereco/'));
    });

    app.put<{ Params: IdParams }>(
      '/controle/endereco/:id/',
      { config: { contrato: CONTRATOS.alterar } },
      async (req) => {
        const cliente = await requireCliente(req);
        const id = idOf(req.params);
        // Another customer's address answers 404 before anything about the body.
        await service.exigir(cliente, id);
        const e = await service.update(
          cliente,
          id,
          validar(enderecoInputSchema, req.body, COMO_ZOD),
          req.log,
        );
        return conform(enderecoSchema, e, 'PUT /controle/endereco/:id/');
      },
    );

    app.delete<{ Params: IdParams }>(
      '/controle/endereco/:id/',
      { config: { contrato: CONTRATOS.remover } },
      async (req, reply) => {
        const cliente = await requireCliente(req);
        await service.remove(cliente, idOf(req.params));
        return reply.code(204).send();
      },
    );
  };
}
