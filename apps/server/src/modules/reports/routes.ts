import { MSG_RELATORIO, relatorioQuerySchema } from '@rango/domain/painel/relatorio';
import type { FastifyInstance } from 'fastify';
import { parseCorpo } from '../panel/validate.ts';
import { requireStaff } from '../staff/guard.ts';
import { relatorioCsv } from './csv.ts';
import type { ReportsService } from './service.ts';

interface EstParams {
  id: string;
}
interface RelatorioQs {
  de?: unknown;
  ate?: unknown;
}

const TEXTOS = { de: MSG_RELATORIO.dataInicial, ate: MSG_RELATORIO.dataFinal };

/**
 * The owner's sales report (issue 12): GET /painel/estabelecimento/{id}/relatorio/?de=…&ate=…
 * (JSON, domain painel/relatorio.ts) and …/relatorio.csv?de=…&ate=… (the same as a download).
 * Owner only: the staff guard first (401, 404 elsewhere, 403 for an attendant), then the period
 * (400 per field in Portuguese).
 */
export function reportsRoutes(reports: ReportsService) {
  return async function (app: FastifyInstance): Promise<void> {
    const base = '/painel/estabelecimento/:id';

    app.get<{ Params: EstParams; Querystring: RelatorioQs }>(`${base}/relatorio/`, async (req, reply) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      const q = parseCorpo(relatorioQuerySchema, req.query, TEXTOS);
      reply.header('cache-control', 'private, no-store');
      return reports.relatorio(s.idestabelecimento, q);
    });

    app.get<{ Params: EstParams; Querystring: RelatorioQs }>(`${base}/relatorio.csv`, async (req, reply) => {
      const s = await requireStaff(req, req.params.id, 'dono');
      const q = parseCorpo(relatorioQuerySchema, req.query, TEXTOS);
      const [r, nome] = await Promise.all([
        reports.relatorio(s.idestabelecimento, q),
        reports.nomeEstabelecimento(s.idestabelecimento),
      ]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="relatorio-${q.de}-a-${q.ate}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(relatorioCsv(r, nome));
    });
  };
}
