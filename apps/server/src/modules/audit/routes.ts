import { MSG_CATALOGO as M, auditoriaSchema } from '@rango/domain/painel/catalogo';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Db } from '../../db/index.ts';
import { idDaQuery, validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { requireStaff } from '../staff/guard.ts';
import { listarAuditoria } from './service.ts';

const ANTES = z.object({ antes: idDaQuery(M.idInvalido) });

const CONTRATO: Contrato = {
  resumo: 'O registro de auditoria do back office, do mais novo ao mais antigo (`antes`: a página seguinte).',
  tag: 'Painel: loja',
  acesso: 'funcionario',
  query: ANTES,
  respostas: {
    200: R.ok(auditoriaSchema),
    400: R.campos(),
    403: R.detalhe('Só o dono pode fazer isto.'),
    404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
  },
};

/** The owner's audit log of the back office (issue 12): 401 / 404 / 403 from the staff guard. */
export function auditRoutes(db: Db) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: { id: string }; Querystring: { antes?: string } }>(
      '/painel/estabelecimento/:id/auditoria/',
      { config: { contrato: CONTRATO } },
      async (req) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const { antes } = validar(ANTES, req.query);
        return listarAuditoria(db, s.idestabelecimento, antes);
      },
    );
  };
}
