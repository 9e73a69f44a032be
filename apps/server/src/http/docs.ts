import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './html.ts';
import type { Documento } from './openapi.ts';

/**
 * GET /api/docs/openapi.json (the document, built once, with its ETag) and GET /api/docs, a page
 * our server writes from the same document: no script, no CDN (the CSP allows neither), the
 * operations listed by group with method, path, access, request and answers; each schema shown
 * as its JSON Schema, a `$ref` as a link to the schema's section at the end.
 */
export function docsRoutes(documento: () => Documento) {
  return async function (app: FastifyInstance): Promise<void> {
    let pagina: string | undefined;
    app.get('/api/docs/openapi.json', async (req, reply) => {
      const d = documento();
      reply.header('etag', d.etag).header('cache-control', 'no-cache');
      if (req.headers['if-none-match'] === d.etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(d.json);
    });
    app.get('/api/docs', async (req, reply) => {
      const d = documento();
      reply.header('etag', d.etag).header('cache-control', 'no-cache');
      if (req.headers['if-none-match'] === d.etag) return reply.code(304).send();
      pagina ??= paginaDocs(JSON.parse(d.json) as Doc);
      return reply.type('text/html; charset=utf-8').send(pagina);
    });
  };
}

interface Operacao {
  summary?: string;
  tags?: string[];
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}
interface Doc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operacao>>;
  components?: { schemas?: Record<string, unknown> };
}

const ACESSO: Record<string, string> = {
  cliente: 'Cliente (token de acesso)',
  funcionario: 'Funcionário do painel (token)',
  operador: 'Chave de operador',
};

const ancora = (nome: string) => `schema-${nome.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** A schema as indented JSON, each `$ref` a link to its section. */
function esquema(schema: unknown): string {
  const texto = escapeHtml(JSON.stringify(schema, null, 2));
  const html = texto.replace(
    /&quot;\$ref&quot;: &quot;#\/components\/schemas\/([^&]+)&quot;/g,
    (_m, nome: string) => `&quot;$ref&quot;: <a href="#${ancora(nome)}">${nome}</a>`,
  );
  return `<pre>${html}</pre>`;
}

function conteudo(content: Record<string, { schema?: unknown }> | undefined): string {
  if (!content) return '';
  return Object.entries(content)
    .map(([tipo, c]) => `<p>${escapeHtml(tipo)}</p>${c.schema === undefined ? '' : esquema(c.schema)}`)
    .join('');
}

function operacaoHtml(metodo: string, caminho: string, op: Operacao): string {
  const acesso = op.security?.length
    ? op.security.flatMap((s) => Object.keys(s).map((k) => ACESSO[k] ?? k)).join(', ')
    : 'Público';
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escapeHtml(p.name)}</code> (${escapeHtml(p.in)}${p.required ? ', obrigatório' : ''})</li>`,
    )
    .join('');
  const corpo = op.requestBody
    ? `<details><summary>Corpo da requisição</summary>${conteudo(op.requestBody.content)}</details>`
    : '';
  const respostas = Object.entries(op.responses ?? {})
    .map(
      ([status, r]) =>
        `<details><summary><strong>${escapeHtml(status)}</strong> ${escapeHtml(r.description ?? '')}</summary>${conteudo(r.content)}</details>`,
    )
    .join('');
  return `<article>
<h3><span class="metodo">${escapeHtml(metodo.toUpperCase())}</span> <code>${escapeHtml(caminho)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}</p>
<p><strong>Acesso:</strong> ${escapeHtml(acesso)}</p>
${params ? `<h4>Parâmetros</h4><ul>${params}</ul>` : ''}
${corpo ? `<h4>Requisição</h4>${corpo}` : ''}
<h4>Respostas</h4>${respostas}
</article>`;
}

/** The readable page of the document (Portuguese headings). */
export function paginaDocs(doc: Doc): string {
  const grupos = new Map<string, string[]>();
  for (const [caminho, item] of Object.entries(doc.paths)) {
    for (const [metodo, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? 'Outros';
      if (!grupos.has(tag)) grupos.set(tag, []);
      grupos.get(tag)!.push(operacaoHtml(metodo, caminho, op));
    }
  }
  const indice = [...grupos.keys()]
    .map((t) => `<li><a href="#${ancora(`tag-${t}`)}">${escapeHtml(t)}</a></li>`)
    .join('');
  const secoes = [...grupos.entries()]
    .map(
      ([t, ops]) =>
        `<section id="${ancora(`tag-${t}`)}"><h2>${escapeHtml(t)}</h2>${ops.join('\n')}</section>`,
    )
    .join('\n');
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([nome, s]) => `<section id="${ancora(nome)}"><h3>${escapeHtml(nome)}</h3>${esquema(s)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Documentação da API — ${escapeHtml(doc.info.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem;line-height:1.4;color:#1a1a1a}
article{border-top:1px solid #ccc;padding:.5rem 0}
.metodo{display:inline-block;min-width:4.5rem;font-family:monospace}
pre{background:#f4f4f4;padding:.5rem;font-size:.85rem;white-space:pre-wrap;overflow-wrap:anywhere}
a{color:#0b57d0}
summary{cursor:pointer}
</style>
</head>
<body>
<main>
<h1>Documentação da API — ${escapeHtml(doc.info.title)}</h1>
<p>${escapeHtml(doc.info.description ?? '')}</p>
<p>O documento OpenAPI 3.1: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p>
<nav aria-label="Grupos"><h2>Grupos</h2><ul>${indice}<li><a href="#esquemas">Esquemas</a></li></ul></nav>
${secoes}
<section id="esquemas"><h2>Esquemas</h2>${schemas}</section>
</main>
</body>
</html>
`;
}
