import { MSG_AVALIACAO, avaliacaoInputSchema } from '@rango/domain';
import { respostaInputSchema } from '@rango/domain/painel';
import type { FastifyInstance } from 'fastify';
import { requireCliente } from '../../http/auth.ts';
import { validar } from '../../http/corpo.ts';
import { HttpError, parseId, rotaNaoEncontrada } from '../../http/errors.ts';
import { requireStaff } from '../staff/guard.ts';
import { AVALIACOES_QUERY, CONTRATOS_AVALIACAO as C } from './contrato.ts';
import type { AvaliacoesService } from './service.ts';

interface PedidoParams {
  id: string;
}
interface PainelParams {
  id: string;
  idavaliacao: string;
}

const TEXTOS_AVALIACAO = { nota: MSG_AVALIACAO.notaInvalida, comentario: MSG_AVALIACAO.comentarioLongo };
const TEXTOS_RESPOSTA = { resposta: MSG_AVALIACAO.respostaVazia };

/**
 * Ratings (issue 22 part 5). The customer's, signed in like the order routes (401 without):
 * GET/PUT /api/pedido/{id}/avaliacao/ on their own order (another's, or none by that id: 404).
 * The restaurant's owner, through the staff guard (401 / 404 another establishment / 403 an
 * attendant): GET /painel/estabelecimento/{id}/avaliacoes/ and
 * PUT …/avaliacoes/{idavaliacao}/resposta/.
 */
export function avaliacoesRoutes(avaliacoes: AvaliacoesService) {
  return async function (app: FastifyInstance): Promise<void> {
    const pedidoId = (raw: string): number => {
      const id = parseId(raw);
      if (id === undefined) throw rotaNaoEncontrada();
      return id;
    };

    app.get<{ Params: PedidoParams }>(
      '/api/pedido/:id/avaliacao/',
      { config: { contrato: C.doPedido } },
      async (req) => {
        const idcliente = await requireCliente(req);
        return avaliacoes.doPedido(idcliente, pedidoId(req.params.id));
      },
    );

    app.put<{ Params: PedidoParams }>(
      '/api/pedido/:id/avaliacao/',
      { config: { contrato: C.avaliar } },
      async (req) => {
        const idcliente = await requireCliente(req);
        const id = pedidoId(req.params.id);
        return avaliacoes.avaliar(
          idcliente,
          id,
          validar(avaliacaoInputSchema, req.body, { chave: 'campo', textos: TEXTOS_AVALIACAO }),
        );
      },
    );

    const B = '/painel/estabelecimento/:id/avaliacoes';

    app.get<{ Params: PainelParams }>(`${B}/`, { config: { contrato: C.listar } }, async (req) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      const { nota, dias, limit, offset } = validar(AVALIACOES_QUERY, req.query, { forma: 'primeiro' });
      return avaliacoes.listar(s.idestabelecimento, { nota, dias }, limit, offset);
    });

    app.put<{ Params: PainelParams }>(
      `${B}/:idavaliacao/resposta/`,
      { config: { contrato: C.responder } },
      async (req) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const id = parseId(req.params.idavaliacao);
        if (id === undefined) throw new HttpError(404, { detail: MSG_AVALIACAO.avaliacaoNaoEncontrada });
        const { resposta } = validar(respostaInputSchema, req.body, {
          chave: 'campo',
          textos: TEXTOS_RESPOSTA,
        });
        return avaliacoes.responder(s.idestabelecimento, id, resposta);
      },
    );
  };
}
