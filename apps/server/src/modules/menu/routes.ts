import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { estabelecimentoNaoEncontrado, parseId } from '../../http/errors.ts';
import { securityHeaders } from '../../http/security.ts';
import { CONTRATO_MENU } from './contrato.ts';
import type { CachedMenu, MenuService } from './service.ts';

type Encoding = 'br' | 'gzip' | undefined;

/** The best encoding we hold for an Accept-Encoding header (brotli, then gzip, else none). */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return undefined;
  // Fast path: the usual browser header has no q-values.
  if (!header.includes('q=')) {
    if (header.includes('br')) return 'br';
    if (header.includes('gzip') || header.includes('*')) return 'gzip';
    return undefined;
  }
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  const star = q.get('*');
  const weight = (name: string) => q.get(name) ?? star ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** If-None-Match with weak comparison (RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag || header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === opaque);
}

type Headers = Record<string, string>;

/** Every header of the four possible answers, built once per cached menu. */
interface PreparedMenu {
  plain: Headers;
  gzip: Headers;
  br: Headers;
  notModified: Headers;
}

interface IdParams {
  id: string;
}

const MENU_PATH = /^\/api\/ead\/api\/estabelecimento\/([^/?]*)\/menu\/?$/;

/**
 * Writes cached menus straight to the socket: the bytes were validated, serialised and
 * compressed once per menu_versao, the headers (security headers included) are prepared once per
 * cached menu. No per-request zod, JSON, header merging or onSend hooks.
 */
export function createMenuResponder(service: MenuService) {
  let security: Headers | undefined;
  const prepared = new WeakMap<CachedMenu, PreparedMenu>();

  function prepare(menu: CachedMenu, sec: Headers): PreparedMenu {
    let p = prepared.get(menu);
    if (p === undefined) {
      const common = { ...sec, etag: menu.etag, 'cache-control': 'no-cache', vary: 'accept-encoding' };
      const json = { ...common, 'content-type': 'application/json; charset=utf-8' };
      p = {
        plain: { ...json, 'content-length': String(menu.body.length) },
        gzip: { ...json, 'content-encoding': 'gzip', 'content-length': String(menu.gzip.length) },
        br: { ...json, 'content-encoding': 'br', 'content-length': String(menu.br.length) },
        notModified: common,
      };
      prepared.set(menu, p);
    }
    return p;
  }

  function write(req: IncomingMessage, res: ServerResponse, menu: CachedMenu, sec: Headers): void {
    const p = prepare(menu, sec);
    if (etagMatches(req.headers['if-none-match'], menu.etag)) {
      res.writeHead(304, p.notModified);
      res.end();
      return;
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const [headers, body] =
      encoding === 'br' ? [p.br, menu.br] : encoding === 'gzip' ? [p.gzip, menu.gzip] : [p.plain, menu.body];
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
  }

  return {
    /** Captures the security headers; the responder serves nothing before. */
    async init(): Promise<Headers> {
      security ??= await securityHeaders();
      return security;
    },
    write,
    /**
     * The node:http fast path, run before Fastify routes the request: answers a menu GET only
     * when it can do so synchronously (SQLite version read, fresh cache) and returns true;
     * anything else (a miss, PostgreSQL, a bad id, a query string) returns false and goes through
     * the Fastify route, which answers the same bytes or the error.
     */
    tryFastPath(req: IncomingMessage, res: ServerResponse): boolean {
      if (security === undefined || (req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
      const m = MENU_PATH.exec(req.url);
      const id = m ? parseId(m[1]) : undefined;
      if (id === undefined) return false;
      const menu = service.peek(id);
      if (menu === undefined) return false;
      write(req, res, menu, security);
      return true;
    },
  };
}

export type MenuResponder = ReturnType<typeof createMenuResponder>;

/** GET /api/estabelecimento/:id/menu/ through Fastify (misses, PostgreSQL, errors, inject). */
export function menuRoutes(service: MenuService, responder: MenuResponder) {
  return async function (app: FastifyInstance): Promise<void> {
    const security = await responder.init();
    app.get<{ Params: IdParams }>(
      '/api/estabelecimento/:id/menu/',
      // @fastify/helmet rebuilds its middleware per request; the responder sends the same
      // headers prepared once. The cache holds compressed bodies: nothing for compress to do.
      { helmet: false, compress: false, decompress: false, config: { contrato: CONTRATO_MENU } },
      async (req, reply) => {
        const id = parseId(req.params.id);
        const menu = id === undefined ? undefined : await service.get(id);
        if (menu === undefined) {
          // helmet is off for this route: the error answer gets the same headers by hand.
          reply.headers(security);
          throw estabelecimentoNaoEncontrado();
        }
        responder.write(req.raw, reply.hijack().raw, menu, security);
      },
    );
  };
}
