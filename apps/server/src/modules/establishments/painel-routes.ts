import {
  MSG_CATALOGO as M,
  areaInputSchema,
  estabelecimentoInputSchema,
  excecoesHorarioInputSchema,
  formasPgtoInputSchema,
  horariosInputSchema,
  taxaBairroInputSchema,
} from '@rango/domain/painel/catalogo';
import type { FastifyInstance } from 'fastify';
import { requireFuncionario } from '../staff/guard.ts';
import { CONTRATOS_LOJA } from './contrato-painel.ts';
import type { EstabelecimentoPainelService } from './painel.ts';
import { validar } from '../../http/corpo.ts';
import { dono, idDe } from './painel-http.ts';

interface P {
  id: string;
  idarea: string;
  idtaxa: string;
}

/** The map under the delivery circles (config.ts's MAPA_TILES_URL); unset = numbers only. */
export interface MapaTiles {
  tilesUrl: string;
  atribuicao: string;
}

/**
 * The owner's back office of the store (issue 12): a new establishment, its data, hours, dates
 * with their own hours, delivery areas and fees, payment methods. Every route is the owner's (an
 * attendant 403, another establishment 404); each body's schema is in
 * packages/domain/src/painel/catalogo.ts.
 */
export function estabelecimentoPainelRoutes(svc: EstabelecimentoPainelService, mapa: MapaTiles | undefined) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id';

    app.post(
      '/painel/estabelecimentos/',
      { config: { contrato: CONTRATOS_LOJA.criar } },
      async (req, reply) => {
        const idfuncionario = await requireFuncionario(req);
        const v = validar(estabelecimentoInputSchema, req.body);
        const e = await svc.criarEstabelecimento(idfuncionario, v);
        req.log.info({ estabelecimento: e.id, funcionario: idfuncionario }, 'painel: estabelecimento criado');
        return reply.code(201).send(e);
      },
    );

    app.get<{ Params: P }>(`${B}/dados/`, { config: { contrato: CONTRATOS_LOJA.dados } }, async (req) =>
      svc.estabelecimento((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(`${B}/dados/`, { config: { contrato: CONTRATOS_LOJA.mudarDados } }, async (req) =>
      svc.mudarEstabelecimento(await dono(req), validar(estabelecimentoInputSchema, req.body)),
    );

    app.get<{ Params: P }>(`${B}/horarios/`, { config: { contrato: CONTRATOS_LOJA.horarios } }, async (req) =>
      svc.horarios((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(
      `${B}/horarios/`,
      { config: { contrato: CONTRATOS_LOJA.mudarHorarios } },
      async (req) => svc.mudarHorarios(await dono(req), validar(horariosInputSchema, req.body)),
    );

    app.get<{ Params: P }>(
      `${B}/horarios/excecoes/`,
      { config: { contrato: CONTRATOS_LOJA.excecoes } },
      async (req) => svc.excecoes((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(
      `${B}/horarios/excecoes/`,
      { config: { contrato: CONTRATOS_LOJA.mudarExcecoes } },
      async (req) => svc.mudarExcecoes(await dono(req), validar(excecoesHorarioInputSchema, req.body)),
    );

    app.get<{ Params: P }>(`${B}/areas/`, { config: { contrato: CONTRATOS_LOJA.areas } }, async (req) =>
      svc.areas((await dono(req)).idestabelecimento),
    );
    // The tiles the panel draws the circles over: { tiles: null } when none are configured.
    app.get<{ Params: P }>(`${B}/areas/mapa/`, { config: { contrato: CONTRATOS_LOJA.mapa } }, async (req) => {
      await dono(req);
      return { tiles: mapa?.tilesUrl ?? null, atribuicao: mapa?.atribuicao ?? '' };
    });
    app.post<{ Params: P }>(
      `${B}/areas/`,
      { config: { contrato: CONTRATOS_LOJA.criarArea } },
      async (req, reply) => {
        const a = await dono(req);
        return reply.code(201).send(await svc.criarArea(a, validar(areaInputSchema, req.body)));
      },
    );
    app.put<{ Params: P }>(
      `${B}/areas/:idarea/`,
      { config: { contrato: CONTRATOS_LOJA.mudarArea } },
      async (req) => {
        const a = await dono(req);
        const idarea = idDe(req.params.idarea, M.areaNaoEncontrada);
        return svc.mudarArea(a, idarea, validar(areaInputSchema, req.body));
      },
    );
    app.delete<{ Params: P }>(
      `${B}/areas/:idarea/`,
      { config: { contrato: CONTRATOS_LOJA.excluirArea } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.excluirArea(a, idDe(req.params.idarea, M.areaNaoEncontrada));
        return reply.code(204).send();
      },
    );

    app.get<{ Params: P }>(
      `${B}/taxas-bairro/`,
      { config: { contrato: CONTRATOS_LOJA.taxas } },
      async (req) => svc.taxas((await dono(req)).idestabelecimento),
    );
    app.post<{ Params: P }>(
      `${B}/taxas-bairro/`,
      { config: { contrato: CONTRATOS_LOJA.criarTaxa } },
      async (req, reply) => {
        const a = await dono(req);
        return reply.code(201).send(await svc.criarTaxa(a, validar(taxaBairroInputSchema, req.body)));
      },
    );
    app.put<{ Params: P }>(
      `${B}/taxas-bairro/:idtaxa/`,
      { config: { contrato: CONTRATOS_LOJA.mudarTaxa } },
      async (req) => {
        const a = await dono(req);
        const idtaxa = idDe(req.params.idtaxa, M.taxaNaoEncontrada);
        return svc.mudarTaxa(a, idtaxa, validar(taxaBairroInputSchema, req.body));
      },
    );
    app.delete<{ Params: P }>(
      `${B}/taxas-bairro/:idtaxa/`,
      { config: { contrato: CONTRATOS_LOJA.excluirTaxa } },
      async (req, reply) => {
        const a = await dono(req);
        await svc.excluirTaxa(a, idDe(req.params.idtaxa, M.taxaNaoEncontrada));
        return reply.code(204).send();
      },
    );

    app.get<{ Params: P }>(
      `${B}/formas-pagamento/`,
      { config: { contrato: CONTRATOS_LOJA.formas } },
      async (req) => svc.formas((await dono(req)).idestabelecimento),
    );
    app.put<{ Params: P }>(
      `${B}/formas-pagamento/`,
      { config: { contrato: CONTRATOS_LOJA.mudarFormas } },
      async (req) => svc.mudarFormas(await dono(req), validar(formasPgtoInputSchema, req.body)),
    );
  };
}
