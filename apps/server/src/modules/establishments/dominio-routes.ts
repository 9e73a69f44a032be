import { dominioInputSchema, dominioSchema, dominiosSchema } from '@rango/domain/painel';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { validar } from '../../http/corpo.ts';
import { R } from '../../http/openapi.ts';
import type { Contrato } from '../../http/openapi.ts';
import { clientIp } from '../../http/rate-limit.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import { ESTABELECIMENTO_NAO_ENCONTRADO, parseId } from '../../http/errors.ts';
import { dominioNaoEncontrado } from './dominio.ts';
import type { DominiosService } from './dominio.ts';
import { dono, idDe } from './painel-http.ts';

const dono403404 = {
  403: R.detalhe('Só o dono pode fazer isto.'),
  404: R.naoEncontrado('Sem acesso a este estabelecimento, ou o domínio não existe nele.'),
};
const tag = 'Painel: loja';

const askQuery = z.object({ domain: z.string().check(z.minLength(1), z.maxLength(300)) });

export const CONTRATOS_DOMINIO = {
  listar: {
    resumo: 'Os domínios próprios do estabelecimento e o host da plataforma (o destino do CNAME).',
    tag,
    acesso: 'funcionario',
    respostas: { 200: R.ok(dominiosSchema), ...dono403404 },
  },
  adicionar: {
    resumo:
      'Adiciona um domínio ao estabelecimento (normalizado: minúsculas, punycode, sem porta). ' +
      'Recusa um domínio inválido, um IP, um nome reservado, o da própria plataforma ou o de outro estabelecimento.',
    tag,
    acesso: 'funcionario',
    corpo: dominioInputSchema,
    respostas: { 201: R.ok(dominioSchema, 'O domínio adicionado.'), 400: R.campos(), ...dono403404 },
  },
  remover: {
    resumo: 'Remove um domínio do estabelecimento.',
    tag,
    acesso: 'funcionario',
    respostas: { 204: R.semCorpo('Removido.'), ...dono403404 },
  },
  ask: {
    resumo:
      'O `ask` do TLS sob demanda do Caddy: 200 só para um domínio de algum estabelecimento; 404 para qualquer outro.',
    tag: 'Infraestrutura',
    acesso: 'publico',
    query: askQuery,
    respostas: {
      200: R.semCorpo('Domínio conhecido: o Caddy pode emitir o certificado.'),
      400: R.simples('Sem o parâmetro `domain`.'),
      404: R.naoEncontrado('Domínio desconhecido.'),
      429: R.limite(),
    },
  },
} satisfies Record<string, Contrato>;

/** Caddy asks once per new name; a client asking more than this per minute is not Caddy. */
export const ASK_LIMITE = { max: 300, windowSeconds: 60 };

/** The owner's 'Domínios' section of the back office ('Loja'), under the API prefix. */
export function dominioPainelRoutes(dominios: DominiosService) {
  return async function (app: FastifyInstance): Promise<void> {
    const B = '/painel/estabelecimento/:id/dominios';
    app.get<{ Params: { id: string } }>(
      `${B}/`,
      { config: { contrato: CONTRATOS_DOMINIO.listar } },
      async (req) => dominios.listar((await dono(req)).idestabelecimento),
    );
    app.post<{ Params: { id: string } }>(
      `${B}/`,
      { config: { contrato: CONTRATOS_DOMINIO.adicionar } },
      async (req, reply) => {
        const autor = await dono(req);
        const { host } = validar(dominioInputSchema, req.body, { chave: 'campo' });
        const d = await dominios.adicionar(autor, host);
        req.log.info(
          { estabelecimento: autor.idestabelecimento, host: d.host },
          'painel: domínio adicionado',
        );
        return reply.code(201).send(d);
      },
    );
    app.delete<{ Params: { id: string; iddominio: string } }>(
      `${B}/:iddominio/`,
      { config: { contrato: CONTRATOS_DOMINIO.remover } },
      async (req, reply) => {
        const autor = await dono(req);
        const id = idDe(req.params.iddominio, 'Domínio não encontrado.');
        if (!(await dominios.remover(autor, id))) throw dominioNaoEncontrado();
        return reply.code(204).send();
      },
    );
  };
}

/**
 * GET /api/tls/ask?domain=… at the root (Caddy's `on_demand_tls { ask … }`, docs/deploy.md):
 * 200 for a host name of an establishment, 404 for any other, so the edge never requests a
 * certificate for a name nobody here owns. Rate-limited per client.
 */
export function tlsAskRoutes(dominios: DominiosService, rateLimit: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/api/tls/ask', { config: { contrato: CONTRATOS_DOMINIO.ask } }, async (req, reply) => {
      await rateLimit(req, reply, 'tls-ask', { ...ASK_LIMITE, key: clientIp(req) });
      const { domain } = validar(askQuery, req.query, {
        forma: 'error',
        texto: 'Informe o domínio (domain).',
      });
      reply.header('cache-control', 'no-store');
      if (!(await dominios.conhecido(domain)))
        return reply.code(404).send({ detail: 'Domínio desconhecido.' });
      return reply.code(200).send();
    });
  };
}

const PAGINA_404 =
  '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Página não encontrada</title></head><body><main><h1>Página não encontrada</h1>' +
  '<p><a href="/">Ver o cardápio</a></p></main></body></html>';

/**
 * Routing by the Host header (issue 23 part 5), before every route and the SPA's fallback. Under
 * an establishment's own host name:
 *   - `/` is its menu, at `/` (no redirect): the shell served there is the menu's, naming the
 *     establishment in `<meta name="rango-estabelecimento">` (marca-shell.ts), which the customer
 *     app's index route reads;
 *   - another establishment's menu page (`/estabelecimento/{other}`) and its public API
 *     (`{api}/api/estabelecimento/{other}/…`: menu, payment methods, areas, orders;
 *     `{api}/controle/estabelecimento/{other}/`) answer 404:
 *     the other restaurants are not reachable under it.
 * Everything else (its own menu, the customer's account and orders, the panel) is served as under
 * the platform's host. The menu's fast path (app.ts) leaves such hosts to Fastify, so this applies.
 * Registered after the security headers, so its answers carry them.
 */
export function rotasPorHost(dominios: DominiosService, apiPrefix: string): FastifyPluginAsync {
  const pagina = /^\/estabelecimento\/([^/]+)\/?$/;
  const api = new RegExp(`^${apiPrefix}/(?:api/|controle/)estabelecimento/([^/]+)(?:/|$)`);
  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
      const id = dominios.idDoHost(req.headers.host);
      if (id === undefined) return;
      const path = req.url.split('?', 1)[0] ?? '';
      const naPagina = pagina.exec(path)?.[1];
      if (naPagina !== undefined && parseId(naPagina) !== id) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(PAGINA_404);
      }
      const naApi = api.exec(path)?.[1];
      if (naApi !== undefined && parseId(naApi) !== id) {
        return reply.code(404).send({ detail: ESTABELECIMENTO_NAO_ENCONTRADO });
      }
    });
  };
  // Its hook applies to the whole app (as a fastify-plugin plugin's).
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: 'rotas-por-host',
  });
}
