import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { createDb } from './db/index.ts';
import type { Db } from './db/index.ts';
import { migrateToLatest } from './db/migrations.ts';
import { seedDemo } from './db/seed/seeder.ts';

/**
 * `npm run serve`: check the configuration, migrate, seed an empty database, listen; on
 * SIGTERM/SIGINT drain and close (see shutdown).
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line, no stack: the operator's fix is in the message.
    console.error(`Configuração inválida (invalid configuration): ${error.message}`);
    process.exit(1);
  }

  // A signal before the server listens (during a migration, say) lets that step finish — a
  // migration cut halfway is worse than a slower stop — and then ends without listening.
  let early: string | undefined;
  let onSignal = (signal: string) => {
    early ??= signal;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => onSignal(signal));

  const db = createDb(config.databaseUrl);
  await migrateToLatest(db);
  const app = buildApp(config, { db });
  if (config.seedDemo && !early) {
    const r = await seedDemo(db, { alwaysOpen: config.demoAlwaysOpen });
    if (r.seeded) app.log.info(`Dados de demonstração: ${r.estabelecimentos} estabelecimentos.`);
  }
  if (!early) await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  onSignal = (signal) => {
    if (stopping) {
      // A second Ctrl-C (or SIGTERM) means now.
      app.log.warn(`${signal} de novo: saindo sem esperar.`);
      process.exit(1);
    }
    stopping = true;
    void shutdown(app, db, config, signal);
  };
  if (early) {
    onSignal(early);
    return;
  }
  const port = app.server.address();
  app.log.info(`Rango em http://localhost:${typeof port === 'object' && port ? port.port : config.port}`);
}

/**
 * Graceful stop, for rolling restarts behind a load balancer:
 * 1. /readyz answers 503 at once, and for SHUTDOWN_DELAY_MS the instance keeps serving while the
 *    balancer's health check notices;
 * 2. app.close(): the listener stops accepting, requests under way finish (idle keep-alive
 *    connections are closed as they become idle), then the modules' onClose hooks end their
 *    timers and streams;
 * 3. at SHUTDOWN_TIMEOUT_MS the connections still open are cut, so a stuck request cannot hold
 *    a deployment; the pool closes last; exit 0 (1 if even the close hangs 5 s past the limit).
 */
async function shutdown(app: FastifyInstance, db: Db, config: Config, signal: string): Promise<void> {
  const { delayMs, timeoutMs } = config.shutdown;
  app.log.info({ signal, delayMs, timeoutMs }, `${signal}: deixando de receber tráfego e encerrando.`);
  app.readiness.drain();
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));

  const hard = setTimeout(() => {
    app.log.error('O encerramento não terminou no prazo: saindo mesmo assim.');
    process.exit(1);
  }, timeoutMs + 5000);
  hard.unref();
  const cut = setTimeout(() => {
    app.log.warn(`Prazo de ${timeoutMs} ms esgotado: cortando as conexões ainda abertas.`);
    app.server.closeAllConnections();
  }, timeoutMs);
  // Node closes the connections idle when close() starts; a keep-alive connection whose request
  // finishes later would otherwise stay open until its keep-alive time-out.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  let code = 0;
  try {
    await app.close();
  } catch (error) {
    app.log.error(error, 'Erro ao encerrar.');
    code = 1;
  } finally {
    clearTimeout(cut);
    clearInterval(idle);
  }
  try {
    await db.destroy();
  } catch (error) {
    app.log.error(error, 'Erro ao fechar o banco de dados.');
    code = 1;
  }
  app.log.info('Encerrado.');
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
