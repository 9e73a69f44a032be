import { createServer } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, dbOptions, loadConfig } from './config.ts';
import type { Config } from './config.ts';
import { createDb, dialectOf } from './db/index.ts';
import type { Db } from './db/index.ts';
import { migrateToLatest, pendingMigrations } from './db/migrations.ts';
import { seedDemo } from './db/seed/seeder.ts';
import { MOTIVO } from './http/lifecycle.ts';
import { verifyKeys } from './modules/secrets/service.ts';
import { rejeicaoSemTratamento } from './rejeicao.ts';

/**
 * `npm run serve`: check the configuration, migrate (unless MIGRATE_ON_START=0), seed an empty
 * database, listen; on SIGTERM/SIGINT drain and close (see shutdown).
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
    if (early) return;
    early = signal;
    // Not listening yet (so no balancer sends it work): say why the instance is still here. A
    // SIGKILL now (a stop time-out) is safe too: the migration is one transaction, rolled back
    // whole, and the next instance to take the lock applies it.
    console.log(
      JSON.stringify({
        level: 40,
        time: Date.now(),
        pid: process.pid,
        signal,
        msg: `${signal} antes de atender: terminando a etapa em curso (migração, dados iniciais) e saindo sem atender.`,
      }),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => onSignal(signal));

  const db = createDb(config.databaseUrl, dbOptions(config));
  let migradas: string[] = [];
  let pendentes: string[] = [];
  if (config.migrateOnStart === false) {
    pendentes = await pendingMigrations(db);
  } else {
    // Several instances starting at once: Kysely's migrator holds a PostgreSQL advisory lock for
    // the whole run, so one migrates and the others wait, then find nothing pending. Its own
    // connection, without the pool's statement timeout: that wait, or a long migration, may
    // outlast it.
    const pg = dialectOf(db) === 'postgres';
    const mig = pg ? createDb(config.databaseUrl, { poolMax: 1 }) : db;
    try {
      migradas = await migrateToLatest(mig);
    } finally {
      if (mig !== db) await mig.destroy();
    }
  }
  if (pendentes.length) {
    // MIGRATE_ON_START=0 and the separate step has not run yet: the app's modules read their
    // tables as they load, so nothing is served but health (/readyz 503) until
    // `npm run operator -- migrate` brings the schema up to date.
    await esperarMigracoes(db, config, pendentes, () => early !== undefined);
    if (early) {
      await db.destroy();
      process.exit(0);
    }
  }
  // A wrong or missing SECRETS_KEYS key stops here, before any value is read (modules/secrets).
  try {
    await verifyKeys(db, config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuração inválida (invalid configuration): ${error.message}`);
    await db.destroy();
    process.exit(1);
  }
  const app = buildApp(config, { db });
  if (migradas.length) app.log.info({ migracoes: migradas }, `Migrações aplicadas: ${migradas.join(', ')}`);
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
 * Until the schema is current: a bare listener on the server's port answers GET /healthz 200 and
 * everything else 503 (/readyz says why), so the balancer keeps the instance out; the schema is
 * read again every 2 s. Returns when it is current or when `parar()` says a signal came.
 */
async function esperarMigracoes(
  db: Db,
  config: Config,
  pendentes: string[],
  parar: () => boolean,
): Promise<void> {
  const log = (msg: string, extra: Record<string, unknown> = {}) =>
    console.log(JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, ...extra, msg }));
  log('Migrações pendentes (MIGRATE_ON_START=0): /readyz fica 503 até rodar npm run operator -- migrate', {
    pendentes,
  });
  let faltam = pendentes;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?', 1)[0];
    const ok = path === '/healthz';
    res.writeHead(ok ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(
      JSON.stringify(
        ok ? { ok: true } : { ok: false, motivo: `${MOTIVO.migracoesPendentes}: ${faltam.join(', ')}` },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  try {
    while (faltam.length > 0 && !parar()) {
      await new Promise((r) => setTimeout(r, 2000));
      faltam = await pendingMigrations(db).catch(() => faltam);
    }
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  if (!parar()) log('Esquema atualizado: iniciando.');
}

/**
 * Graceful stop, for rolling restarts behind a load balancer:
 * 1. /readyz answers 503 at once, and for SHUTDOWN_DELAY_MS the instance keeps serving while the
 *    balancer's health check notices; its background jobs take no new run (a run under way is
 *    released to another instance after 5 s);
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
  // Background jobs (modules/jobs) take no new run from now on; a run under way has 5 s, then its
  // lease goes to another instance. app.close() below waits for that.
  void app.jobs.stop();
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

process.on('unhandledRejection', (reason: unknown) => rejeicaoSemTratamento(reason));

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
