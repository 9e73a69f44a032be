import { existsSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { MSG } from '@rango/domain';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { createDb, pingDb } from './db/index.ts';
import type { Db } from './db/index.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { establishmentsRoutes } from './modules/establishments/routes.ts';
import { createEstablishmentsService } from './modules/establishments/service.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { createMenuService } from './modules/menu/service.ts';

export const API_PREFIX = '/api/ead';

export interface AppDeps {
  /** An open database; when omitted the app opens config.databaseUrl and closes it on app.close(). */
  db?: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * The SPA's policy: no inline script at all; inline style only because Mantine injects style
 * tags. Sent on every answer (JSON and media too) so nothing served here can widen it.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const isDir = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** Builds the Fastify app (tests call app.inject on it; main.ts listens). */
export function buildApp(config: Config, deps: AppDeps = {}): FastifyInstance {
  const ownsDb = deps.db === undefined;
  const db = deps.db ?? createDb(config.databaseUrl);
  const verbose = config.logLevel === 'debug' || config.logLevel === 'trace';
  const app = Fastify({
    logger: { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    // One log line per request costs the benchmarked menu path dearly; errors are still logged.
    disableRequestLogging: !verbose,
  });
  app.decorate('db', db);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());

  app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  });
  app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Default brotli quality (11) is far too slow for answers compressed on the fly.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerErrorHandler(app);

  const establishments = createEstablishmentsService(db);
  const menu = createMenuService(db);

  app.register(
    async (api) => {
      api.get('/health', async () => {
        await pingDb(db);
        return { ok: true };
      });
      await api.register(establishmentsRoutes(establishments));
      await api.register(menuRoutes(menu));
      if (isDir(config.mediaDir)) {
        await api.register(fastifyStatic, {
          root: config.mediaDir,
          prefix: '/media/',
          decorateReply: false,
          index: false,
          // Demo image names are not content-hashed: long, but not immutable.
          cacheControl: true,
          maxAge: '30d',
        });
      }
    },
    { prefix: API_PREFIX },
  );

  const spa = isDir(config.webDist) && existsSync(join(config.webDist, 'index.html'));
  if (spa) {
    const assets = join(config.webDist, 'assets') + sep;
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite's hashed build output never changes under the same name; everything else
        // (index.html above all) must be revalidated so a deploy shows at once.
        res.header(
          'cache-control',
          path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?', 1)[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (spa && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client-side routes (/estabelecimento/1, /pedido/5/, …) get the SPA shell.
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.code(404).send({ detail: MSG.rotaNaoEncontrada });
  });

  return app;
}
