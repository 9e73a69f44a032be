/**
 * The cash note the customer pays with ('Troco para'), typed as Brazilians write money:
 * '50', '50,00', 'R$ 1.000,50'. Returns cents, or null when the text is not an amount.
 */
export function parseTroco(texto: string): number | null {
  const t = texto.replace(/R\$/i, '').replace(/\s/g, '');
  if (t === '') return null;
  let partes: string[];
  if (/^\d{1,3}(\.\d{3})*(,\d{1,2})?$/.test(t) || /^\d+(,\d{1,2})?$/.test(t)) {
    // The comma is the decimal mark; dots group thousands.
    partes = t.replace(/\./g, '').split(',');
  } else if (/^\d+\.\d{1,2}$/.test(t)) {
    // '50.5' from a keyboard without a comma.
    partes = t.split('.');
  } else {
    return null;
  }
  const [reais = '0', centavos = ''] = partes;
  const cents = Number(reais) * 100 + Number(centavos.padEnd(2, '0') || '0');
  return Number.isSafeInteger(cents) ? cents : null;
}
