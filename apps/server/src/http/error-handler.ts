import { MSG } from '@rango/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { corpoDoErroZod } from './corpo.ts';
import { HttpError } from './errors.ts';

/** Texts of spec section 8 for the statuses we answer without a more specific body. */
function statusText(status: number): string {
  if (status === 401) return MSG.naoAutorizado;
  if (status === 404) return MSG.rotaNaoEncontrada;
  if (status === 405) return MSG.semPermissao;
  if (status === 422) return MSG.requisicaoInvalida;
  return MSG.requisicaoMalFormada;
}

/**
 * PostgreSQL's 22021 (character_not_in_repertoire: NUL or an invalid byte sequence in text) and
 * 22P05 (untranslatable_character).
 */
const BAD_CHARACTER_CODES = new Set(['22021', '22P05']);

function isBadCharacterError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && BAD_CHARACTER_CODES.has(code);
}

/**
 * The database is unreachable or refusing work for now (not a bug of this request): Node's socket
 * errors, pg's lost or unobtainable connections, PostgreSQL's connection-exception class 08,
 * shutdown/recovery (57P01-57P03), a full disk, out of memory, too many connections
 * (53100/53200/53300), a cancelled statement (statement_timeout, 57014); SQLite busy past its
 * timeout, a full disk, an I/O error; pg's own time-outs (no connection in time, no reply to a
 * query in time: a frozen server).
 */
const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53100',
  '53200',
  '53300',
  '57014',
  'ENOSPC',
  'SQLITE_BUSY',
  'SQLITE_FULL',
  'SQLITE_IOERR',
]);

/** PostgreSQL's disk_full, SQLite's SQLITE_FULL (also a max_page_count reached), Node's ENOSPC. */
const DISK_FULL_CODES = new Set(['53100', 'SQLITE_FULL', 'ENOSPC']);

export function isDiskFull(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && DISK_FULL_CODES.has(code);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (DB_UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof code === 'string' && code.startsWith('SQLITE_IOERR')) return true;
  const message = (error as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout)/.test(
      message,
    )
  );
}

/**
 * The one error handler. Client errors keep their honest status; anything else is a 500 with the
 * spec's text, and its real cause goes only to the log (never a stack or SQL in a response).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body);
    }
    if (error instanceof $ZodError) {
      // Request input is validated in its route (http/corpo.ts); this is the net for the rest.
      return reply.code(400).send(corpoDoErroZod(error.issues));
    }
    const fe = error as FastifyError;
    if (Array.isArray(fe.validation)) {
      const body: Record<string, string[]> = {};
      for (const v of fe.validation) {
        const key =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (typeof v.params?.missingProperty === 'string' ? v.params.missingProperty : 'non_field_errors');
        (body[key] ??= []).push(v.message ?? MSG.requisicaoMalFormada);
      }
      return reply.code(400).send(body);
    }
    if (isBadCharacterError(error)) {
      // A safety net: the schemas refuse control characters, but a text PostgreSQL cannot store
      // (NUL, an invalid sequence) is the client's fault, never a 500.
      request.log.info({ code: (error as { code?: unknown }).code }, 'text refused by the database');
      return reply.code(400).send({ detail: MSG.requisicaoMalFormada });
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: an honest 503 the client may retry, one warning line (no stack).
      // The transaction was rolled back whole: nothing of the request was kept.
      const code = (error as { code?: unknown }).code;
      const cheio = isDiskFull(error);
      request.log.warn(
        { code, motivo: error.message },
        cheio ? 'disco cheio: gravação recusada (database disk full)' : 'database unavailable',
      );
      return reply
        .code(503)
        .header('retry-after', cheio ? '60' : '5')
        .send({ detail: MSG.probleminha });
    }
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ detail: statusText(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: MSG.probleminha });
  });
}
