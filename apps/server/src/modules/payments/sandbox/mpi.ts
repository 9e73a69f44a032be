import { randomUUID } from 'node:crypto';
import { MAX_CENTS, MSG } from '@rango/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import type { Db } from '../../../db/index.ts';
import { HttpError } from '../../../http/errors.ts';
import type { AutenticacaoExterna } from '../port.ts';
import { BANCO_CSS, BANCO_JS, bpmpiJs } from './mpi-assets.ts';
import {
  BANDEIRAS_MPI,
  comportamentoDe,
  desfechoDoDesafio,
  resultadoInicial,
  respostaDe,
} from './mpi-cartoes.ts';
import type { Resposta3ds } from './mpi-cartoes.ts';
import { CSP_BANCO, paginaAviso, paginaDesafio } from './mpi-pagina.ts';
import { createMpiRepository } from './mpi-repository.ts';
import { bearerDe, calcularCavv, textosIguais, tokenMpiValido } from './mpi-token.ts';
import { COMO_ZOD, validar } from '../../../http/corpo.ts';

/**
 * The sandbox 3-D Secure server: the embedded stand-in for Braspag's BP.Mpi script and the
 * issuer's authentication server behind it (issue 5). The app loads `bpmpi.js`, which asks
 * `POST /autenticar` (bearer: the token of GET /controle/3ds/token/) with the card's last 4 and
 * brand only; the last 4 decide (mpi-cartoes.ts). A challenge opens the bank page
 * (`/desafio/:ref`) in a modal; the customer's decision is read back from `/resultado/:ref`. A
 * successful authentication carries a CAVV that `verificarAutenticacao` checks, once, when the
 * sandbox gateway receives the debit.
 */

export { emitirTokenMpi, TTL_TOKEN_MPI } from './mpi-token.ts';

export interface SandboxMpiOptions {
  db: Db;
  /** Signs the access tokens and the CAVVs (a key is derived per use). */
  secret: string;
  /** The clock (tests move it). */
  agora?: () => Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Strict: a body with the card number (or anything else) in it is refused, never read. */
export const autenticarSchema = z.strictObject({
  // Printable ASCII: Braspag's OrderNumber is alphanumeric; the app sends its pedido_id.
  ordernumber: z.string().check(z.regex(/^[ -~]{1,64}$/)),
  totalamount: z.int().check(z.positive(), z.maximum(MAX_CENTS)),
  final: z.string().check(z.regex(/^\d{4}$/)),
  bandeira: z.enum(BANDEIRAS_MPI),
});

export const decisaoSchema = z.strictObject({ decisao: z.enum(['aprovar', 'negar']) });

const resultadoQuerySchema = z.object({ bandeira: z.enum(BANDEIRAS_MPI) });

export const DESAFIO_CONCLUIDO = 'Esta autenticação já foi concluída.';
export const DESAFIO_PENDENTE = 'A autenticação ainda não foi concluída.';
export const DESAFIO_NAO_ENCONTRADO = 'Autenticação não encontrada.';

const naoEncontrada = () => new HttpError(404, { detail: DESAFIO_NAO_ENCONTRADO });

/** Briefly: the script and the bank page's files change only with a deploy. */
const CACHE_ASSET = 'public, max-age=300';

interface RefParams {
  referenceid: string;
}

/** The routes, registered under the API prefix: `${prefix}/sandbox/3ds/...`. */
export function sandboxMpiRoutes(opts: SandboxMpiOptions) {
  const { db, secret } = opts;
  const agora = opts.agora ?? (() => new Date());
  const repo = createMpiRepository(db);

  return async function (app: FastifyInstance): Promise<void> {
    const base = `${app.prefix}/sandbox/3ds`;
    const script = bpmpiJs(base);

    const exigirToken = (req: FastifyRequest, reply: FastifyReply) => {
      const token = bearerDe(req.headers.authorization);
      if (token === null || !tokenMpiValido(secret, token, agora())) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(401, { detail: MSG.naoAutorizado });
      }
    };

    /** A challenge by its id (404 for anything else, a malformed id included). */
    const desafio = async (referenceid: string) => {
      const linha = UUID.test(referenceid) ? await repo.porReferencia(referenceid) : undefined;
      return linha?.resultado === 'desafio' ? linha : undefined;
    };

    const enviarPagina = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', CSP_BANCO)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(html);

    app.get('/sandbox/3ds/bpmpi.js', async (_req, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', CACHE_ASSET).send(script),
    );
    app.get('/sandbox/3ds/banco.js', async (_req, reply) =>
      reply.type('application/javascript; charset=utf-8').header('cache-control', CACHE_ASSET).send(BANCO_JS),
    );
    app.get('/sandbox/3ds/banco.css', async (_req, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', CACHE_ASSET).send(BANCO_CSS),
    );

    app.post('/sandbox/3ds/autenticar', async (req, reply): Promise<Resposta3ds> => {
      exigirToken(req, reply);
      const pedido = validar(autenticarSchema, req.body, COMO_ZOD);
      const resultado = resultadoInicial(comportamentoDe(pedido.final));
      const referenceid = randomUUID();
      const linha = {
        referenceid,
        final: pedido.final,
        valor: pedido.totalamount,
        resultado,
        estado: resultado === 'desafio' ? 'aguardando' : 'concluido',
        cavv:
          resultado === 'sucesso'
            ? calcularCavv(secret, referenceid, pedido.totalamount, pedido.final)
            : null,
        usado_em: null,
        criado_em: agora().toISOString(),
      };
      await repo.inserir(linha);
      reply.header('cache-control', 'no-store');
      if (resultado === 'desafio') {
        return { resultado, referenceid, url: `${base}/desafio/${referenceid}` };
      }
      const resposta = respostaDe(linha, pedido.bandeira);
      if (!resposta) throw new Error(`sandbox 3ds: resultado sem evento (${resultado})`);
      return resposta;
    });

    app.get<{ Params: RefParams }>('/sandbox/3ds/desafio/:referenceid', async (req, reply) => {
      const linha = await desafio(req.params.referenceid);
      if (!linha) return enviarPagina(reply, 404, paginaAviso(base, DESAFIO_NAO_ENCONTRADO));
      if (linha.estado !== 'aguardando')
        return enviarPagina(reply, 409, paginaAviso(base, DESAFIO_CONCLUIDO));
      return enviarPagina(
        reply,
        200,
        paginaDesafio({ base, referenceid: linha.referenceid, valor: linha.valor, final: linha.final }),
      );
    });

    // The bank page's buttons. No bearer: the page has none. The random reference id, known only
    // to the customer's browser, is what allows the decision.
    app.post<{ Params: RefParams }>('/sandbox/3ds/desafio/:referenceid', async (req, reply) => {
      const linha = await desafio(req.params.referenceid);
      if (!linha) throw naoEncontrada();
      const { decisao } = validar(decisaoSchema, req.body, COMO_ZOD);
      const estado = desfechoDoDesafio(linha.final, decisao === 'aprovar');
      const cavv =
        estado === 'aprovado' ? calcularCavv(secret, linha.referenceid, linha.valor, linha.final) : null;
      if (!(await repo.decidir(linha.referenceid, estado, cavv))) {
        throw new HttpError(409, { detail: DESAFIO_CONCLUIDO });
      }
      reply.header('cache-control', 'no-store');
      return { estado };
    });

    app.get<{ Params: RefParams }>('/sandbox/3ds/resultado/:referenceid', async (req, reply) => {
      exigirToken(req, reply);
      const { bandeira } = validar(resultadoQuerySchema, req.query, COMO_ZOD);
      const linha = UUID.test(req.params.referenceid)
        ? await repo.porReferencia(req.params.referenceid)
        : undefined;
      if (!linha) throw naoEncontrada();
      const resposta = respostaDe(linha, bandeira);
      if (!resposta) throw new HttpError(409, { detail: DESAFIO_PENDENTE });
      reply.header('cache-control', 'no-store');
      return resposta;
    });
  };
}

/**
 * What a debit's `external_authentication` proves (the sandbox gateway asks before charging):
 * - 'autenticado': this server authenticated that card (last 4) for that amount — the CAVV is
 *   ours and matches;
 * - 'falha': the authentication failed (frictionless failure card, or a challenge denied,
 *   cancelled or failed by a failure card);
 * - 'nao_inscrito': the card is not enrolled;
 * - 'invalido': unknown or malformed reference id, another amount or card, a forged CAVV, an
 *   issuer error, a challenge still open, or already used.
 * Anything but 'invalido' consumes the authentication: one UPDATE guarded by `usado_em IS NULL`,
 * so a replay — even a concurrent one on another instance — gets 'invalido'.
 */
export async function verificarAutenticacao(
  db: Db,
  secret: string,
  auth: AutenticacaoExterna | null,
  esperado: { valor: number; final: string },
  agora: Date = new Date(),
): Promise<'autenticado' | 'falha' | 'nao_inscrito' | 'invalido'> {
  const referenceid = auth?.referenceid;
  if (typeof referenceid !== 'string' || !UUID.test(referenceid)) return 'invalido';
  const repo = createMpiRepository(db);
  const linha = await repo.porReferencia(referenceid);
  if (!linha || linha.valor !== esperado.valor || linha.final !== esperado.final) return 'invalido';
  let desfecho: 'autenticado' | 'falha' | 'nao_inscrito';
  if (linha.resultado === 'sucesso' || (linha.resultado === 'desafio' && linha.estado === 'aprovado')) {
    const cavv = calcularCavv(secret, linha.referenceid, linha.valor, linha.final);
    if (linha.cavv !== cavv || !textosIguais(auth?.cavv ?? '', cavv)) return 'invalido';
    desfecho = 'autenticado';
  } else if (linha.resultado === 'falha' || (linha.resultado === 'desafio' && linha.estado === 'negado')) {
    desfecho = 'falha';
  } else if (linha.resultado === 'nao_inscrito') {
    desfecho = 'nao_inscrito';
  } else {
    return 'invalido';
  }
  return (await repo.consumir(linha.referenceid, agora.toISOString())) ? desfecho : 'invalido';
}
