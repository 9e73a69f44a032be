import { MSG_PAINEL, mensagensDoPedidoSchema } from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { HttpError, parseId } from '../../http/errors.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { requireStaff } from '../staff/guard.ts';
import type { NotificacoesService } from './service.ts';

const CONTRATO_MENSAGENS = {
  resumo:
    'As mensagens enviadas ao cliente sobre o pedido (canal e estado), a avaliação do pedido e o link "Conversar no WhatsApp".',
  tag: 'Painel',
  acesso: 'funcionario',
  respostas: {
    200: R.ok(mensagensDoPedidoSchema),
    404: R.naoEncontrado('Pedido não encontrado (ou de outro estabelecimento).'),
  },
} satisfies Contrato;

/** The panel's order drawer (issue 22): owner and attendant; another establishment's order answers 404. */
export function notificacoesPainelRoutes(service: NotificacoesService) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { id: string; idpedido: string } }>(
      '/painel/estabelecimento/:id/pedido/:idpedido/mensagens/',
      { config: { contrato: CONTRATO_MENSAGENS } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id);
        const idpedido = parseId(req.params.idpedido);
        const r =
          idpedido === undefined ? undefined : await service.mensagensDoPedido(s.idestabelecimento, idpedido);
        if (!r) throw new HttpError(404, { detail: MSG_PAINEL.pedidoNaoEncontrado });
        reply.header('cache-control', 'private, no-store');
        return r;
      },
    );
  };
}
