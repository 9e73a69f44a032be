import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/index.ts';
import { migrateToLatest } from './db/migrations.ts';
import { seedDemo } from './db/seed/seeder.ts';

/** `npm run serve`: migrate, seed an empty database, listen; close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  const app = buildApp(config, { db });
  if (config.seedDemo) {
    const r = await seedDemo(db, { alwaysOpen: config.demoAlwaysOpen });
    if (r.seeded) app.log.info(`Dados de demonstração: ${r.estabelecimentos} estabelecimentos.`);
  }
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: encerrando.`);
    try {
      await app.close();
    } finally {
      await db.destroy();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const port = app.server.address();
  app.log.info(`Rango em http://localhost:${typeof port === 'object' && port ? port.port : config.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
