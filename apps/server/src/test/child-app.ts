/**
 * A test app in a process of its own, for tests that must survive what would stop their own
 * process (a heap cap, a loop): `node --max-old-space-size=128 --import tsx src/test/child-app.ts`.
 * Opens the test fixture on a new database (CHILD_DIALECT: sqlite, a temp file; postgres, a new
 * schema of TEST_DATABASE_URL), makes an owner of establishment 1, listens on a free port, and
 * prints one line `{"porta":…,"dono":"Bearer …"}`. On SIGTERM it closes and drops the database.
 */
import type { Dialeto } from '../db/index.ts';
import { definirHorarios } from '../modules/orders/testing.ts';
import { staffBearer } from '../modules/staff/testing.ts';
import { openTestApp } from './app.ts';

const dialect = (process.env.CHILD_DIALECT ?? 'sqlite') as Dialeto;
const ta = await openTestApp(dialect, { rateLimit: false });
await ta.app.ready();
await definirHorarios(ta.t.db, 1);
const { authorization } = await staffBearer(ta.app, ta.t.db, 1, 'dono@heap.test', 'dono');
await ta.app.listen({ port: 0, host: '127.0.0.1' });
const endereco = ta.app.server.address();
const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
process.stdout.write(`${JSON.stringify({ porta, dono: authorization })}\n`);

process.once('SIGTERM', () => {
  void ta.close().finally(() => process.exit(0));
});
