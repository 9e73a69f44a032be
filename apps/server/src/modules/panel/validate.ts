import { MSG } from '@rango/domain';
import { MSG_PAINEL } from '@rango/domain/painel';
import type { Schema } from '@rango/domain';
import { HttpError } from '../../http/errors.ts';

/**
 * Parses a body with its domain schema; a refusal is a 400 per field in Portuguese. The schemas'
 * own refinements already carry the panel's texts (MSG_PAINEL); zod's built-in checks (a type,
 * a range, an enum) speak English, so those take the field's text from `textos` instead.
 */
export function parseCorpo<T>(schema: Schema<T>, body: unknown, textos: Readonly<Record<string, string>>): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, { non_field_errors: [MSG.requisicaoMalFormada] });
  }
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const erros: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const campo = issue.path.length > 0 ? String(issue.path[0]) : 'non_field_errors';
    const texto =
      issue.code === 'custom'
        ? issue.message
        : (textos[campo] ??
          (campo === 'non_field_errors' ? MSG.requisicaoMalFormada : MSG_PAINEL.valorInvalido));
    const lista = (erros[campo] ??= []);
    if (!lista.includes(texto)) lista.push(texto);
  }
  throw new HttpError(400, erros);
}
