import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { reportsRoutes } from './routes.ts';
import { createReportsService } from './service.ts';

/** The owner's reports (issue 12, 'Relatórios'): app.ts registers this one plugin. */
export function reportsPlugin({ db }: { db: Db }) {
  return async (api: FastifyInstance): Promise<void> => {
    await api.register(reportsRoutes(createReportsService(db)));
  };
}
