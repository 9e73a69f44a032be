import { MSG_RELATORIO, relatorioQuerySchema, relatorioSchema } from '@rango/domain/painel/relatorio';
import type { FastifyInstance } from 'fastify';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
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
 * (400 per field in Portuguese: real dates from 2000-01-01 to the end of next year, at most 366 days).
 */
export function reportsRoutes(reports: ReportsService) {
  return async function (app: FastifyInstance): Promise<void> {
    const base = '/painel/estabelecimento/:id';
    // The period's bounds move with the day; the document shows today's (its fields do not change).
    const query = relatorioQuerySchema(reports.hoje());
    const erros = {
      400: R.campos('Período inválido (datas reais, de 2000-01-01 ao fim do ano que vem, até 366 dias).'),
      403: R.detalhe('Só o dono pode fazer isto.'),
      404: R.naoEncontrado('Sem acesso a este estabelecimento.'),
    };
    const relatorio: Contrato = {
      resumo: 'O relatório de vendas de um período (`de`, `ate`: AAAA-MM-DD).',
      tag: 'Painel: relatórios',
      acesso: 'funcionario',
      query,
      respostas: { 200: R.ok(relatorioSchema), ...erros },
    };
    const csv: Contrato = {
      ...relatorio,
      resumo: 'O mesmo relatório, como planilha CSV para baixar.',
      respostas: { 200: { descricao: 'O relatório em CSV.', tipo: 'text/csv' }, ...erros },
    };

    app.get<{ Params: EstParams; Querystring: RelatorioQs }>(
      `${base}/relatorio/`,
      { config: { contrato: relatorio } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const q = validar(relatorioQuerySchema(reports.hoje()), req.query, {
          chave: 'campo',
          textos: TEXTOS,
        });
        reply.header('cache-control', 'private, no-store');
        return reports.relatorio(s.idestabelecimento, q);
      },
    );

    app.get<{ Params: EstParams; Querystring: RelatorioQs }>(
      `${base}/relatorio.csv`,
      { config: { contrato: csv } },
      async (req, reply) => {
        const s = await requireStaff(req, req.params.id, 'dono');
        const q = validar(relatorioQuerySchema(reports.hoje()), req.query, {
          chave: 'campo',
          textos: TEXTOS,
        });
        const [r, nome] = await Promise.all([
          reports.relatorio(s.idestabelecimento, q),
          reports.nomeEstabelecimento(s.idestabelecimento),
        ]);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="relatorio-${q.de}-a-${q.ate}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(relatorioCsv(r, nome));
      },
    );
  };
}
