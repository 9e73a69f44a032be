import { MSG, parseId } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import type { Schema } from '@rango/domain';
import { z } from 'zod/mini';
import type { $ZodIssue } from 'zod/v4/core';
import { HttpError } from './errors.ts';

/**
 * The one way a request's input (a body, a query string) is validated: `validar(schema, input,
 * opções)` at the edge, in the route, so services receive typed values. A refusal is the spec's
 * section 8 shape, `{ campo: ['mensagem'] }` per field and `non_field_errors` for the input as a
 * whole; the options cover what the routes' refusals legitimately differ in, each kept as it was.
 */
export interface OpcoesValidar {
  /** The key of a refusal: the dotted path (default, 'horarios.2.abertura') or its first key. */
  chave?: 'caminho' | 'campo';
  /**
   * Texts for zod's built-in checks (a type, a range, an enum speak English), per key; a key
   * without one takes MSG_PAINEL.valorInvalido (non_field_errors: MSG.requisicaoMalFormada).
   * The schemas' own refinements keep their Portuguese text.
   */
  textos?: Readonly<Record<string, string>>;
  /** One text for every refusal, refinements too (the order payload: the app shows one text). */
  texto?: string;
  /** Input that is not a plain object is refused as malformed before the schema (default true). */
  objeto?: boolean;
  /** Keep every issue's text, repeats too (default false: each text once per key). */
  repetidos?: boolean;
  /**
   * 'campos' (default): the per-field body; 'primeiro': only the first refusal's key and text (a
   * query string answered at its first bad value); 'error': `{ error: first text }` (the coupon).
   */
  forma?: 'campos' | 'primeiro' | 'error';
  /** The refusal's status (default 400). */
  status?: number;
  /** A path in front of every key (a part of a bigger body, read by `ler`). */
  prefixo?: string;
}

/**
 * zod's texts as they come, every issue listed, input that is not an object answered with the
 * schema's own root text: the shape of the routes that used to throw zod's error to the handler.
 */
export const COMO_ZOD: OpcoesValidar = { objeto: false, repetidos: true };

type Anotar = (chave: string, texto: string, issue: $ZodIssue) => void;

function recusas(issues: readonly $ZodIssue[], anotar: Anotar, o: OpcoesValidar): void {
  for (const issue of issues) {
    const caminho = [...(o.prefixo ? [o.prefixo] : []), ...issue.path.map(String)];
    const chave =
      caminho.length === 0 ? 'non_field_errors' : o.chave === 'campo' ? caminho[0]! : caminho.join('.');
    let texto = issue.message;
    if (o.texto !== undefined) texto = o.texto;
    else if (o.textos && issue.code !== 'custom') {
      texto =
        o.textos[chave] ??
        (chave === 'non_field_errors' ? MSG.requisicaoMalFormada : MSG_PAINEL.valorInvalido);
    }
    anotar(chave, texto, issue);
  }
}

/**
 * Reads a value with its schema: its data, or `undefined` after noting each refusal (its key
 * and text per the options). For a body read in parts whose refusals all go back at once.
 */
export function ler<T>(
  schema: Schema<T>,
  input: unknown,
  anotar: Anotar,
  o: OpcoesValidar = {},
): T | undefined {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  recusas(r.error.issues, anotar, o);
  return undefined;
}

/** A collector of refusals in the per-field shape (each text once per key unless `repetidos`). */
export function anotarEm(
  erros: Record<string, string[]>,
  repetidos = false,
): (chave: string, texto: string) => void {
  return (chave, texto) => {
    const lista = (erros[chave] ??= []);
    if (repetidos || !lista.includes(texto)) lista.push(texto);
  };
}

/** Validates a request's input with its schema; a refusal is an HttpError (400 by default). */
export function validar<T>(schema: Schema<T>, input: unknown, o: OpcoesValidar = {}): T {
  const erros: Record<string, string[]> = {};
  let primeiro: string | undefined;
  let primeiraChave = 'non_field_errors';
  if (o.objeto !== false && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    erros.non_field_errors = [(primeiro = MSG.requisicaoMalFormada)];
  } else {
    const anotar = anotarEm(erros, o.repetidos);
    const data = ler(
      schema,
      input,
      (chave, texto) => {
        if (primeiro === undefined) [primeiro, primeiraChave] = [texto, chave];
        anotar(chave, texto);
      },
      o,
    );
    if (primeiro === undefined) return data as T;
  }
  const status = o.status ?? 400;
  if (o.forma === 'error') throw new HttpError(status, { error: primeiro });
  if (o.forma === 'primeiro') throw new HttpError(status, { [primeiraChave]: [primeiro] });
  throw new HttpError(status, erros);
}

/**
 * A query string's whole number: absent or '' is `padrao` (a number, or `undefined` for a filter
 * that may be left out); else 1 to `digitos` digits between `min` and `max`. Anything else (a
 * repeated key arrives as a list) is refused with `texto`.
 */
export function inteiroDaQuery<P extends number | undefined>(
  padrao: P,
  min: number,
  max: number,
  digitos: number,
  texto: string,
) {
  const forma = new RegExp(`^\\d{1,${digitos}}$`);
  const valido = (v: string) => v === '' || (forma.test(v) && Number(v) >= min && Number(v) <= max);
  return z.pipe(
    z.optional(z.string({ error: texto }).check(z.refine(valido, { error: texto }))),
    z.transform((v): number | P => (v === undefined || v === '' ? padrao : Number(v))),
  );
}

/** A zod error no route caught (a safety net of the error handler): the COMO_ZOD body. */
export function corpoDoErroZod(issues: readonly $ZodIssue[]): Record<string, string[]> {
  const erros: Record<string, string[]> = {};
  recusas(issues, anotarEm(erros, true), COMO_ZOD);
  return erros;
}

/** A query string's id (as parseId reads a path's), absent allowed; anything else gets `texto`. */
export function idDaQuery(texto: string) {
  return z.optional(
    z.pipe(
      z.string({ error: texto }).check(z.refine((v) => parseId(v) !== undefined, { error: texto })),
      z.transform((v) => parseId(v)!),
    ),
  );
}
