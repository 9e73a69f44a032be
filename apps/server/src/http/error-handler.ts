import { MSG } from '@rango/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { $ZodError } from 'zod/v4/core';
import { HttpError } from './errors.ts';

/**
 * A zod error as the spec's 400 body: `{ campo: ['mensagem'] }` per field (dotted path for
 * nested fields) and `non_field_errors` for the body as a whole, the shapes the app's
 * error-text rules read.
 */
export function zodErrorBody(error: $ZodError): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? 'non_field_errors' : issue.path.map(String).join('.');
    (body[key] ??= []).push(issue.message);
  }
  return body;
}

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
 * The one error handler. Client errors keep their honest status; anything else is a 500 with the
 * spec's text, and its real cause goes only to the log (never a stack or SQL in a response).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.body);
    }
    if (error instanceof $ZodError) {
      return reply.code(400).send(zodErrorBody(error));
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
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ detail: statusText(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: MSG.probleminha });
  });
}
