import { formatBRL } from '@rango/domain';

/**
 * What an owner types as reais → integer cents, or null when it is not an amount. Accepts
 * '12', '12,5', '12,50', '1.234,56', 'R$ 9,90' and a dot as the decimal mark when it ends with
 * one or two digits ('12.50'), as people paste from spreadsheets.
 */
export function parseDinheiro(texto: string): number | null {
  let t = texto.replace(/R\$/i, '').replace(/\s/g, '');
  if (t === '') return null;
  const negativo = t.startsWith('-');
  if (negativo) t = t.slice(1);
  if (t.includes(',')) {
    if (!/^\d{1,3}(\.\d{3})*(,\d{0,2})?$|^\d+(,\d{0,2})?$/.test(t)) return null;
    t = t.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{1,2}$/.test(t)) {
    // '12.50': a decimal point.
  } else if (/^\d{1,3}(\.\d{3})+$/.test(t)) {
    t = t.replace(/\./g, '');
  } else if (!/^\d+$/.test(t)) {
    return null;
  }
  const [inteiro = '0', dec = ''] = t.split('.');
  const cents = Number(inteiro) * 100 + Number(dec.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negativo ? -cents : cents;
}

/** Cents as the money field shows them: '1.234,56' (the field's own 'R$' sits beside it). */
export function textoDinheiro(cents: number): string {
  return formatBRL(cents).replace('R$ ', '');
}
