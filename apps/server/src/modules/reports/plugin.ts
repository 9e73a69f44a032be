import { setImmediate as ceder } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { INCORPORAR_MS, incorporarPendentes } from './pendentes.ts';
import { reportsRoutes } from './routes.ts';
import { createReportsService } from './service.ts';

/** The owner's reports (issue 12, 'Relatórios'): app.ts registers this one plugin. */
export function reportsPlugin({ db }: { db: Db }) {
  return async (api: FastifyInstance): Promise<void> => {
    // The orders queued by their insert (migration 0016) folded into the reports' tables after
    // commit, in batches; a report folds what is left before reading (service.ts).
    api.jobs.define({
      name: 'relatorio-pendentes',
      everyMs: INCORPORAR_MS,
      leaseSeconds: 60,
      run: () => incorporarPendentes(db, () => ceder()),
    });
    await api.register(reportsRoutes(createReportsService(db)));
  };
}
