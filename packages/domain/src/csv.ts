/**
 * One cell of a CSV the app writes for a spreadsheet (the sales report, the menu export), and the
 * same cell read back (the menu import).
 *
 * - A text a spreadsheet would run as a formula — starting with '=', '+', '-', '@', a tab or a
 *   carriage return (OWASP's "CSV injection" list) — gets a leading apostrophe: Excel, LibreOffice
 *   and Google Sheets then show it as text. A number written as text ('-12,50', '-3') is left
 *   alone, so a negative amount stays a number to the spreadsheet.
 * - A text whose apostrophes come before such a character ("'=x") gets one more too, so that
 *   reading removes exactly one (lerCampoCsv) and every text survives export → import.
 * - A cell with ';', '"' or a line break is quoted (RFC 4180, quotes doubled).
 */
const FORMULA = /^'*[=+\-@\t\r]/;
const NUMERO = /^-?\d+(?:[.,]\d+)?$/;

export function campoCsv(v: string | number): string {
  if (typeof v === 'number') return String(v);
  let s = FORMULA.test(v) && !NUMERO.test(v) ? `'${v}` : v;
  if (/[;"\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

/** A cell as read from a file (unquoted): without the apostrophe campoCsv put before a formula. */
export function lerCampoCsv(v: string): string {
  return v.charCodeAt(0) === 39 /* ' */ && FORMULA.test(v) ? v.slice(1) : v;
}
