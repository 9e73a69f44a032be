import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/index.ts';
import { registerErrorHandler } from '../../../http/error-handler.ts';
import { HELMET_OPTIONS } from '../../../http/security.ts';
import { sandboxMpiRoutes } from './mpi.ts';

/** app.ts's API_PREFIX (not imported: that would load the whole app). */
const API_PREFIX = '/api/ead';

export const SEGREDO_TESTE = 'segredo-de-teste-do-3ds-com-32-caracteres';
export const BASE_3DS = `${API_PREFIX}/sandbox/3ds`;

/**
 * The sandbox 3-D Secure routes as the app serves them (helmet's headers, the error handler, the
 * API prefix), on their own: the tests need no seeded establishment.
 */
export async function appMpi(db: Db, agora?: () => Date): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(fastifyHelmet, HELMET_OPTIONS);
  registerErrorHandler(app);
  await app.register(
    async (api) => {
      await api.register(sandboxMpiRoutes({ db, secret: SEGREDO_TESTE, ...(agora ? { agora } : {}) }));
    },
    { prefix: API_PREFIX },
  );
  await app.ready();
  return app;
}
