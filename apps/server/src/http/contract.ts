import type { Schema } from '@rango/domain';

/**
 * Checks an answer against its domain schema before it leaves. A mismatch is our bug, so it is
 * a plain Error (500, details in the log), never a 400 with the client blamed.
 */
export function conform<T>(schema: Schema<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (!r.success) {
    throw new Error(`Resposta fora do contrato (${what}): ${r.error.message}`);
  }
  return r.data;
}
