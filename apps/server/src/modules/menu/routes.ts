import type { FastifyInstance } from 'fastify';
import { estabelecimentoNaoEncontrado, parseId } from '../../http/errors.ts';
import type { MenuService } from './service.ts';

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

interface IdParams {
  id: string;
}

/**
 * GET /api/estabelecimento/:id/menu/ — the benchmarked hot path: one version lookup, then the
 * cached bytes (already validated, serialised and compressed), no per-request zod or JSON work.
 */
export function menuRoutes(service: MenuService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: IdParams }>(
      '/api/estabelecimento/:id/menu/',
      // The cache holds compressed bodies; the compress plugin would only redo the work.
      { compress: false },
      async (req, reply) => {
        const id = parseId(req.params.id);
        if (id === undefined) throw estabelecimentoNaoEncontrado();
        const menu = await service.get(id);
        if (menu === undefined) throw estabelecimentoNaoEncontrado();
        reply.header('etag', menu.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        if (etagMatches(req.headers['if-none-match'], menu.etag)) {
          return reply.code(304).send();
        }
        reply.header('content-type', 'application/json; charset=utf-8');
        const encoding = pickEncoding(req.headers['accept-encoding']);
        if (encoding === 'br') return reply.header('content-encoding', 'br').send(menu.br);
        if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(menu.gzip);
        return reply.send(menu.body);
      },
    );
  };
}
