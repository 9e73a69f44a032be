/** Largest id a PostgreSQL `integer` column holds. */
export const MAX_INT4 = 2_147_483_647;

/**
 * An id as it appears in a path ('/estabelecimento/12'): digits without a leading zero, within
 * the database's integer range; anything else is no id at all (the app and the server both
 * answer not-found, never a different establishment).
 */
export function parseId(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= MAX_INT4 ? n : undefined;
}
