import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

export interface OperatorDeps {
  config: Config;
  db: Db;
}

/** The restaurant's side (issue 4, part 5): operator API by per-establishment key. */
export function operatorRoutes(_deps: OperatorDeps) {
  return async function (_app: FastifyInstance): Promise<void> {};
}
