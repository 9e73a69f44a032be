import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { MenuService } from '../menu/service.ts';

export interface OrdersDeps {
  config: Config;
  db: Db;
  menu: MenuService;
}

/** Orders (issue 4): placement, the customer's reads, status, receipt. */
export function ordersRoutes(_deps: OrdersDeps) {
  return async function (_app: FastifyInstance): Promise<void> {};
}
