import { MSG_PAINEL } from '@rango/domain/painel';
import {
  chaveInputSchema,
  conviteInputSchema,
  disponibilidadeInputSchema,
  lojaInputSchema,
  painelConfigSchema,
  painelStatusInputSchema,
} from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseId } from '../../http/errors.ts';
import { requireStaff } from '../staff/guard.ts';
import type { StaffService } from '../staff/service.ts';
import type { PanelService } from './service.ts';
import { parseCorpo } from './validate.ts';

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
const TEXTOS_CONVITE = {
  email: MSG_PAINEL.emailObrigatorio,
  nome: MSG_PAINEL.nomeObrigatorio,
  papel: MSG_PAINEL.papelInvalido,
};

/**
 * The panel's routes on one establishment (issue 11): /painel/estabelecimento/{id}/…. Every route
 * passes the staff guard first (401 without a staff token, 404 without a role there, 403 for an
 * attendant on an owner's route), then validates, calls the service and answers.
 */
export function panelRoutes(panel: PanelService, staff: StaffService) {
  return async function (app: FastifyInstance): Promise<void> {
    const base = '/painel/estabelecimento/:id';

    app.get<{ Params: EstParams }>(`${base}/pedidos/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      return panel.listar(s.idestabelecimento);
    });

    app.get<{ Params: PedidoParams }>(`${base}/pedido/:idpedido/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      return panel.obter(s.idestabelecimento, idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado));
    });

    app.post<{ Params: PedidoParams }>(`${base}/pedido/:idpedido/status/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      const id = idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado);
      const input = parseCorpo(painelStatusInputSchema, req.body, TEXTOS_STATUS);
      const r = await panel.mudarStatus(s.idestabelecimento, id, input);
      req.log.info(
        { pedido: id, status: input.status, funcionario: s.idfuncionario },
        'painel: status do pedido alterado',
      );
      return r;
    });

    app.get<{ Params: PedidoParams }>(`${base}/pedido/:idpedido/cupom/`, async (req, reply) => {
      const s = await requireStaff(req, req.params.id);
      const html = await panel.cupom(
        s.idestabelecimento,
        idDe(req.params.idpedido, MSG_PAINEL.pedidoNaoEncontrado),
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').send(html);
    });

    app.get<{ Params: EstParams }>(`${base}/loja/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      return panel.loja(s.idestabelecimento);
    });

    app.put<{ Params: EstParams }>(`${base}/loja/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      const input = parseCorpo(lojaInputSchema, req.body, TEXTOS_LOJA);
      return panel.mudarLoja(s.idestabelecimento, input);
    });

    app.get<{ Params: EstParams }>(`${base}/disponibilidade/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      return panel.disponibilidade(s.idestabelecimento);
    });

    app.put<{ Params: EstParams & { idproduto: string } }>(
      `${base}/produto/:idproduto/disponibilidade/`,
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const id = idDe(req.params.idproduto, MSG_PAINEL.produtoNaoEncontrado);
        const { stindisponivel } = parseCorpo(disponibilidadeInputSchema, req.body, TEXTOS_DISPONIBILIDADE);
        await panel.mudarProduto(s.idestabelecimento, id, stindisponivel);
        return { stindisponivel };
      },
    );

    app.put<{ Params: EstParams & { idopcao: string } }>(
      `${base}/opcao/:idopcao/disponibilidade/`,
      async (req) => {
        const s = await requireStaff(req, req.params.id);
        const id = idDe(req.params.idopcao, MSG_PAINEL.opcaoNaoEncontrada);
        const { stindisponivel } = parseCorpo(disponibilidadeInputSchema, req.body, TEXTOS_DISPONIBILIDADE);
        await panel.mudarOpcao(s.idestabelecimento, id, stindisponivel);
        return { stindisponivel };
      },
    );

    app.get<{ Params: EstParams }>(`${base}/config/`, async (req) => {
      const s = await requireStaff(req, req.params.id);
      return panel.config(s.idestabelecimento);
    });

    app.put<{ Params: EstParams }>(`${base}/config/`, async (req) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      const input = parseCorpo(painelConfigSchema, req.body, TEXTOS_CONFIG);
      return panel.mudarConfig(s.idestabelecimento, input);
    });

    app.get<{ Params: EstParams }>(`${base}/equipe/`, async (req) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      return staff.equipe(s.idestabelecimento);
    });

    app.post<{ Params: EstParams }>(`${base}/equipe/`, async (req, reply) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      const input = parseCorpo(conviteInputSchema, req.body, TEXTOS_CONVITE);
      const r = await staff.convidar(s.idestabelecimento, input);
      return reply.code(201).send(r.membro);
    });

    app.delete<{ Params: EstParams & { idfuncionario: string } }>(
      `${base}/equipe/:idfuncionario/`,
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const alvo = idDe(req.params.idfuncionario, MSG_PAINEL.membroNaoEncontrado);
        await staff.removerDaEquipe(s.idestabelecimento, s.idfuncionario, alvo);
        return reply.code(204).send();
      },
    );

    // The operator API keys (integrations), managed by the owner.
    app.get<{ Params: EstParams }>(`${base}/chaves/`, async (req) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      return panel.chaves(s.idestabelecimento);
    });

    app.post<{ Params: EstParams }>(`${base}/chaves/`, async (req, reply) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      const { nome } = parseCorpo(chaveInputSchema, req.body, { nome: MSG_PAINEL.nomeObrigatorio });
      const c = await panel.criarChave(s.idestabelecimento, nome);
      req.log.info({ chave: c.id, funcionario: s.idfuncionario }, 'painel: chave de operador criada');
      return reply.code(201).header('cache-control', 'no-store').send(c);
    });

    app.delete<{ Params: EstParams & { idchave: string } }>(
      `${base}/chaves/:idchave/`,
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
