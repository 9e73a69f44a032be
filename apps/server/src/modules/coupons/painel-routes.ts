import {
  MSG_CATALOGO as M,
  cupomInputSchema,
  cupomPainelSchema,
  cuponsPainelSchema,
} from '@rango/domain/painel/catalogo';
import type { FastifyInstance } from 'fastify';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { dono, idDe } from '../establishments/painel-http.ts';
import type { CupomPainelService } from './painel.ts';

interface P {
  id: string;
  idcupom: string;
}

const tag = 'Painel: cupons';
const dono403404 = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou o cupom não existe nele.'),
};

const CONTRATOS = {
  lista: {
    resumo: 'Os cupons do estabelecimento.',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(cuponsPainelSchema), ...dono403404 },
  },
  criar: {
    resumo: 'Cria um cupom.',
    tag,
    acesso: 'funcionario',
    corpo: cupomInputSchema,
    respostas: { 201: R.ok(cupomPainelSchema, 'O cupom criado.'), 400: R.campos(), ...dono403404 },
  },
  alterar: {
    resumo: 'Altera um cupom.',
    tag,
    acesso: 'funcionario',
    corpo: cupomInputSchema,
    respostas: { 200: R.ok(cupomPainelSchema), 400: R.campos(), ...dono403404 },
  },
  excluir: {
    resumo: 'Exclui um cupom nunca usado; um cupom já usado é desativado e volta na resposta.',
    tag,
    acesso: 'funcionario',
    respostas: {
      200: R.ok(cupomPainelSchema, 'O cupom, desativado (já tinha sido usado).'),
      204: R.semCorpo('Cupom excluído.'),
      ...dono403404,
    },
  },
} satisfies Record<string, Contrato>;

/** The owner's coupons in the back office (issue 12): 401 / 404 / 403 from the staff guard. */
export function cupomPainelRoutes(svc: CupomPainelService) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id';

    app.get<{ Params: P }>(`${B}/cupons/`, { config: { contrato: CONTRATOS.lista } }, async (req) =>
      svc.cupons((await dono(req)).idestabelecimento),
    );
    app.post<{ Params: P }>(`${B}/cupons/`, { config: { contrato: CONTRATOS.criar } }, async (req, reply) => {
      const a = await dono(req);
      return reply.code(201).send(await svc.criarCupom(a, validar(cupomInputSchema, req.body)));
    });
    app.put<{ Params: P }>(
      `${B}/cupons/:idcupom/`,
      { config: { contrato: CONTRATOS.alterar } },
      async (req) => {
        const a = await dono(req);
        const idcupom = idDe(req.params.idcupom, M.cupomNaoEncontrado);
        return svc.mudarCupom(a, idcupom, validar(cupomInputSchema, req.body));
      },
    );
    app.delete<{ Params: P }>(
      `${B}/cupons/:idcupom/`,
      { config: { contrato: CONTRATOS.excluir } },
      async (req, reply) => {
        const a = await dono(req);
        const c = await svc.excluirCupom(a, idDe(req.params.idcupom, M.cupomNaoEncontrado));
        return c ? reply.send(c) : reply.code(204).send();
      },
    );
  };
}
