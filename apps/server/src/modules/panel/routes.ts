import { MSG_PAINEL } from '@rango/domain/painel';
import {
  chaveInputSchema,
  disponibilidadeInputSchema,
  lojaInputSchema,
  painelConfigSchema,
  painelPrevisaoInputSchema,
  painelStatusInputSchema,
} from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseId } from '../../http/errors.ts';
import { requireStaff } from '../staff/guard.ts';
import { CONTRATOS_PAINEL, PEDIDOS_QUERY } from './contrato.ts';
import type { PanelService } from './service.ts';
import { validar } from '../../http/corpo.ts';

interface EstParams {
  id: string;
}
interface PedidoParams extends EstParams {
  idpedido: string;
}

/** A path id of a thing inside the establishment; malformed answers like an unknown one. */
function idDe(raw: string, detail: string): number {
  const id = parseId(raw);
  if (id === undefined) throw new HttpError(404, { detail });
  return id;
}

const TEXTOS_STATUS = {
  status: MSG_PAINEL.statusInvalido,
  motivo: MSG_PAINEL.motivoInvalido,
  previsao_minutos: MSG_PAINEL.previsaoInvalida,
};
const TEXTOS_LOJA = { aberta: MSG_PAINEL.valorInvalido, reabrir_em: MSG_PAINEL.reabrirInvalido };
const TEXTOS_DISPONIBILIDADE = { stindisponivel: MSG_PAINEL.disponibilidadeInvalida };
const TEXTOS_CONFIG = {
  alerta_amarelo_min: 'Informe um número inteiro de minutos entre 1 e 240.',
  alerta_vermelho_min: 'Informe um número inteiro de minutos entre 1 e 240.',
  aceite_limite_min: 'Informe um número inteiro de minutos entre 1 e 120.',
  auto_aceite: MSG_PAINEL.valorInvalido,
  previsao_padrao_min: MSG_PAINEL.previsaoInvalida,
};

/**
 * The panel's routes on one establishment (issue 11): /painel/estabelecimento/{id}/…. Every route
 * passes the staff guard first (401 without a staff token, 404 without a role there, 403 for an
 * attendant on an owner's route), then validates, calls the service and answers.
 */
export function panelRoutes(panel: PanelService) {
  return async function (app: FastifyInstance): Promise<void> {
    const base = '/painel/estabelecimento/:id';

    app.get<{ Params: EstParams }>(
      `${base}/pedidos/`,
      { config: { contrato: CONTRATOS_PAINEL.pedidos } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const { canal } = validar(PEDIDOS_QUERY, req.query, {
          texto: 'Canal inválido.',
          forma: 'primeiro',
        });
        return panel.listar(s.idestabelecimento, canal);
      },
    );

    app.get<{ Params: PedidoParams }>(
      `${base}/pedido/:idpedido/`,
      { config: { contrato: CONTRATOS_PAINEL.pedido } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        return panel.obter(s.idestabelecimento, idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado));
      },
    );

    app.post<{ Params: PedidoParams }>(
      `${base}/pedido/:idpedido/status/`,
      { config: { contrato: CONTRATOS_PAINEL.status } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const id = idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado);
        const input = validar(painelStatusInputSchema, req.body, { chave: 'campo', textos: TEXTOS_STATUS });
        const r = await panel.mudarStatus(s.idestabelecimento, id, input);
        req.log.info(
          { pedido: id, status: input.status, funcionario: s.idfuncionario },
          'painel: status do pedido alterado',
        );
        return r;
      },
    );

    app.put<{ Params: PedidoParams }>(
      `${base}/pedido/:idpedido/previsao/`,
      { config: { contrato: CONTRATOS_PAINEL.previsao } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const id = idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado);
        const { previsao_minutos } = validar(painelPrevisaoInputSchema, req.body, {
          chave: 'campo',
          textos: { previsao_minutos: MSG_PAINEL.previsaoInvalida },
        });
        const r = await panel.mudarPrevisao(s.idestabelecimento, id, previsao_minutos);
        req.log.info({ pedido: id, funcionario: s.idfuncionario }, 'painel: previsão do pedido alterada');
        return r;
      },
    );

    app.get<{ Params: PedidoParams }>(
      `${base}/pedido/:idpedido/cupom/`,
      { config: { contrato: CONTRATOS_PAINEL.cupom } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id);
        const html = await panel.cupom(
          s.idestabelecimento,
          idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado),
        );
        return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
      },
    );

    app.get<{ Params: EstParams }>(
      `${base}/loja/`,
      { config: { contrato: CONTRATOS_PAINEL.loja } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        return panel.loja(s.idestabelecimento);
      },
    );

    app.put<{ Params: EstParams }>(
      `${base}/loja/`,
      { config: { contrato: CONTRATOS_PAINEL.mudarLoja } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const input = validar(lojaInputSchema, req.body, { chave: 'campo', textos: TEXTOS_LOJA });
        return panel.mudarLoja(s.idestabelecimento, input);
      },
    );

    app.get<{ Params: EstParams }>(
      `${base}/disponibilidade/`,
      { config: { contrato: CONTRATOS_PAINEL.disponibilidade } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        return panel.disponibilidade(s.idestabelecimento);
      },
    );

    app.put<{ Params: EstParams & { idproduto: string } }>(
      `${base}/produto/:idproduto/disponibilidade/`,
      { config: { contrato: CONTRATOS_PAINEL.disponibilidadeProduto } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const id = idDe(req.params.idproduto, MSG_PAINEL.produtoNaoEncontrado);
        const { stindisponivel } = validar(disponibilidadeInputSchema, req.body, {
          chave: 'campo',
          textos: TEXTOS_DISPONIBILIDADE,
        });
        await panel.mudarProduto(s.idestabelecimento, id, stindisponivel);
        return { stindisponivel };
      },
    );

    app.put<{ Params: EstParams & { idopcao: string } }>(
      `${base}/opcao/:idopcao/disponibilidade/`,
      { config: { contrato: CONTRATOS_PAINEL.disponibilidadeOpcao } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const id = idDe(req.params.idopcao, MSG_PAINEL.opcaoNaoEncontrada);
        const { stindisponivel } = validar(disponibilidadeInputSchema, req.body, {
          chave: 'campo',
          textos: TEXTOS_DISPONIBILIDADE,
        });
        await panel.mudarOpcao(s.idestabelecimento, id, stindisponivel);
        return { stindisponivel };
      },
    );

    app.get<{ Params: EstParams }>(
      `${base}/config/`,
      { config: { contrato: CONTRATOS_PAINEL.config } },
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        return panel.config(s.idestabelecimento);
      },
    );

    app.put<{ Params: EstParams }>(
      `${base}/config/`,
      { config: { contrato: CONTRATOS_PAINEL.mudarConfig } },
      async (req) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const input = validar(painelConfigSchema, req.body, { chave: 'campo', textos: TEXTOS_CONFIG });
        return panel.mudarConfig(s.idestabelecimento, input);
      },
    );

    // The team (…/equipe/, …/sair/) is modules/staff's (staff/routes.ts).

    // The operator API keys (integrations), managed by the owner.
    app.get<{ Params: EstParams }>(
      `${base}/chaves/`,
      { config: { contrato: CONTRATOS_PAINEL.chaves } },
      async (req) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        return panel.chaves(s.idestabelecimento);
      },
    );

    app.post<{ Params: EstParams }>(
      `${base}/chaves/`,
      { config: { contrato: CONTRATOS_PAINEL.criarChave } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const { nome } = validar(chaveInputSchema, req.body, {
          chave: 'campo',
          textos: { nome: MSG_PAINEL.nomeObrigatorio },
        });
        const c = await panel.criarChave(s.idestabelecimento, nome);
        req.log.info({ chave: c.id, funcionario: s.idfuncionario }, 'painel: chave de operador criada');
        return reply.code(201).header('cache-control', 'no-store').send(c);
      },
    );

    app.delete<{ Params: EstParams & { idchave: string } }>(
      `${base}/chaves/:idchave/`,
      { config: { contrato: CONTRATOS_PAINEL.revogarChave } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        await panel.revogarChave(
          s.idestabelecimento,
          idDe(req.params.idchave, MSG_PAINEL.chaveNaoEncontrada),
        );
        return reply.code(204).send();
      },
    );
  };
}
