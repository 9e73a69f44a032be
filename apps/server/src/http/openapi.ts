import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  apiErrorBodySchema,
  cartaoSalvoSchema,
  clienteSchema,
  enderecoInputSchema,
  enderecoSchema,
  estabelecimentoDetalheSchema,
  menuSchema,
  pedidoFetchedSchema,
  pedidoInputSchema,
  pedidoOperadorSchema,
} from '@rango/domain';
import { z } from 'zod/mini';
import type { $ZodObject, $ZodType } from 'zod/v4/core';
import { createDocument } from 'zod-openapi';
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';

/**
 * The routes' contracts (issue 24, part 1): each route declares, where it is registered, what it
 * takes and answers — `app.post(url, { config: { contrato } }, handler)` — with the same zod
 * schemas it gives to `validar` and `conform`, so the published OpenAPI 3.1 document cannot drift
 * from what the route does. The list of routes comes from Fastify itself (an onRoute hook); a
 * route without a contract fails http/openapi.test.ts unless it is a named exception there.
 */

/** Who may call: the customer's bearer token, the panel's staff token, an operator key, anyone. */
export type Acesso = 'cliente' | 'funcionario' | 'operador' | 'publico';

export interface Resposta {
  descricao: string;
  /** The body's schema (JSON); none for an empty answer. */
  schema?: $ZodType;
  /** The body's media type when it is not JSON (a CSV, a script). */
  tipo?: string;
}

export interface Contrato {
  resumo: string;
  /** The document's group: 'Cliente', 'Painel', 'Operador'… */
  tag: string;
  acesso: Acesso;
  /** The JSON body, the very schema given to validar(). */
  corpo?: $ZodType;
  /** A body of bytes (a photo, a CSV file), instead of or beside the JSON one: its media types. */
  arquivo?: readonly string[];
  /** The query string's schema, the very one given to validar(). */
  query?: $ZodObject;
  /** The path's parameters; by default each `:name` of the URL is a string. */
  params?: $ZodObject;
  /** Status → answer. 401 is added for the routes that need a token, 500 for every route. */
  respostas: Record<number, Resposta>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contrato?: Contrato;
  }
}

const campos = z.record(z.string(), z.array(z.string()));
const detalhe = z.object({ detail: z.string() });

/** The error bodies of spec section 8. */
export const ERROS = {
  /** `{ campo: [mensagens] }`, `non_field_errors` for the input as a whole (validar's refusals). */
  campos,
  /** `{ detail }`: one text (401, 404, 422, 429, 500…). */
  detalhe,
  /** Either of the two (a route refusing its body per field, or a rule with one text). */
  recusa: z.union([campos, detalhe]),
  /** `{ error }` (the coupon check). */
  simples: z.object({ error: z.string() }),
  /** The general body the app reads (codigo, msg, extra…): an order's refusals. */
  pedido: apiErrorBodySchema,
};

/** Schemas named in the document (components.schemas), each written once and referenced. */
const COMPONENTES = {
  ErroCampos: ERROS.campos,
  ErroDetalhe: ERROS.detalhe,
  ErroSimples: ERROS.simples,
  ErroPedido: ERROS.pedido,
  Estabelecimento: estabelecimentoDetalheSchema,
  Cardapio: menuSchema,
  Cliente: clienteSchema,
  Endereco: enderecoSchema,
  EnderecoEntrada: enderecoInputSchema,
  Cartao: cartaoSalvoSchema,
  PedidoEntrada: pedidoInputSchema,
  Pedido: pedidoFetchedSchema,
  PedidoOperador: pedidoOperadorSchema,
};

/** The usual answers, so the contracts read short. */
export const R = {
  ok: (schema?: $ZodType, descricao = 'Sucesso.'): Resposta => ({ descricao, ...(schema ? { schema } : {}) }),
  semCorpo: (descricao = 'Feito; sem corpo.'): Resposta => ({ descricao }),
  campos: (descricao = 'Entrada recusada: `{ campo: [mensagens] }`.'): Resposta => ({
    descricao,
    schema: ERROS.campos,
  }),
  detalhe: (descricao: string): Resposta => ({ descricao, schema: ERROS.detalhe }),
  recusa: (descricao = 'Entrada recusada: `{ campo: [mensagens] }` ou `{ detail }`.'): Resposta => ({
    descricao,
    schema: ERROS.recusa,
  }),
  limite: (): Resposta => ({ descricao: 'Tentativas demais; tente mais tarde.', schema: ERROS.detalhe }),
  html: (descricao: string): Resposta => ({ descricao, tipo: 'text/html' }),
  simples: (descricao: string): Resposta => ({ descricao, schema: ERROS.simples }),
  naoEncontrado: (descricao = 'Não encontrado (ou de outro estabelecimento).'): Resposta => ({
    descricao,
    schema: ERROS.detalhe,
  }),
};

/** A route as Fastify registered it, with its contract if it declared one. */
export interface RotaRegistrada {
  metodo: string;
  url: string;
  contrato?: Contrato;
}

const ESQUEMAS_SEGURANCA = {
  cliente: {
    type: 'http',
    scheme: 'bearer',
    description: 'Token de acesso do cliente (POST /controle/token/).',
  },
  funcionario: {
    type: 'http',
    scheme: 'bearer',
    description: 'Token de acesso do funcionário do painel (POST /painel/auth/login/).',
  },
  operador: {
    type: 'http',
    scheme: 'bearer',
    description: 'Chave de operador do estabelecimento (rop_…, criada no painel).',
  },
} as const;

/** `/a/:id/b/` → `/a/{id}/b/` and its parameter names; Fastify's `::` is a literal colon (`/v1/events::polling`). */
function caminhoOpenApi(url: string): { caminho: string; nomes: string[] } {
  const nomes: string[] = [];
  const caminho = url.replace(/::|:([A-Za-z_][A-Za-z0-9_]*)/g, (m, nome: string | undefined) => {
    if (m === '::' || nome === undefined) return ':';
    nomes.push(nome);
    return `{${nome}}`;
  });
  return { caminho, nomes };
}

function operacao(c: Contrato, nomes: string[]): ZodOpenApiOperationObject {
  const respostas: ZodOpenApiResponsesObject = {};
  const todas: Record<number, Resposta> = { ...c.respostas };
  if (c.acesso !== 'publico') todas[401] ??= R.detalhe('Sem token ou token inválido.');
  todas[500] ??= R.detalhe('Tivemos um probleminha, tente novamente depois.');
  for (const [status, r] of Object.entries(todas)) {
    respostas[status as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: r.descricao,
      ...(r.schema || r.tipo
        ? { content: { [r.tipo ?? 'application/json']: r.schema ? { schema: r.schema } : {} } }
        : {}),
    };
  }
  const path =
    c.params ?? (nomes.length ? z.object(Object.fromEntries(nomes.map((n) => [n, z.string()]))) : undefined);
  return {
    summary: c.resumo,
    tags: [c.tag],
    security: c.acesso === 'publico' ? [] : [{ [c.acesso]: [] }],
    ...(path || c.query
      ? { requestParams: { ...(path ? { path } : {}), ...(c.query ? { query: c.query } : {}) } }
      : {}),
    ...(c.corpo || c.arquivo
      ? {
          requestBody: {
            required: true,
            content: {
              ...(c.corpo ? { 'application/json': { schema: c.corpo } } : {}),
              ...Object.fromEntries(
                (c.arquivo ?? []).map((tipo) => [
                  tipo,
                  { schema: { type: 'string' as const, contentMediaType: tipo } },
                ]),
              ),
            },
          },
        }
      : {}),
    responses: respostas,
  };
}

/**
 * An answer's field read through a transform (an input schema reused for the answer, such as the
 * hours' 'HH:MM' trimmed of its seconds) has no JSON Schema of its own: it is described by the
 * schema of what the transform receives, a close (and honest) approximation of what it gives.
 */
function saidaDeTransformacao(ctx: {
  jsonSchema: Record<string, unknown>;
  zodSchema: $ZodType;
  io: string;
}): void {
  const def = ctx.zodSchema._zod.def;
  if (ctx.io !== 'output' || def.type !== 'pipe' || Object.keys(ctx.jsonSchema).length > 0) return;
  const pipe = def as unknown as { in: $ZodType; out: $ZodType };
  if (pipe.out._zod.def.type !== 'transform') return;
  const { $schema: _, ...entrada } = z.toJSONSchema(pipe.in, { io: 'output', unrepresentable: 'any' });
  Object.assign(ctx.jsonSchema, entrada);
}

/** The OpenAPI 3.1 document of the routes that declared a contract. */
export function documentoOpenApi(rotas: readonly RotaRegistrada[]): Record<string, unknown> {
  const paths: ZodOpenApiPathsObject = {};
  for (const r of rotas) {
    if (!r.contrato) continue;
    const { caminho, nomes } = caminhoOpenApi(r.url);
    const item = (paths[caminho] ??= {});
    (item as Record<string, ZodOpenApiOperationObject>)[r.metodo.toLowerCase()] = operacao(r.contrato, nomes);
  }
  const doc = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Rango API',
        version: '1',
        description:
          'A API do Rango: a do cliente (spec, seção 7), a do painel do restaurante e a de integração ' +
          '(chave de operador). Gerada dos mesmos esquemas zod que validam as requisições.',
      },
      paths,
      components: { securitySchemes: { ...ESQUEMAS_SEGURANCA }, schemas: { ...COMPONENTES } },
    },
    { outputIdSuffix: 'Saida', override: saidaDeTransformacao },
  );
  return doc as unknown as Record<string, unknown>;
}

/**
 * Collects every route Fastify registers from here on (call it before the routes' plugins); the
 * document is built once, when first asked for, and kept.
 */
export function coletarContratos(app: FastifyInstance): { rotas: RotaRegistrada[]; documento(): Documento } {
  const rotas: RotaRegistrada[] = [];
  app.addHook('onRoute', (r) => {
    // Fastify's own HEAD of a GET route answers as the GET does: it is documented once, as the GET.
    for (const metodo of [r.method].flat()) {
      if (metodo === 'HEAD') continue;
      rotas.push({ metodo, url: r.url, ...(r.config?.contrato ? { contrato: r.config.contrato } : {}) });
    }
  });
  let cache: Documento | undefined;
  return {
    rotas,
    documento() {
      if (!cache) {
        const json = JSON.stringify(documentoOpenApi(rotas));
        cache = { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
      }
      return cache;
    },
  };
}

export interface Documento {
  json: string;
  etag: string;
}
