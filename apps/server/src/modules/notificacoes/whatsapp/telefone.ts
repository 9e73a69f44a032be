/**
 * Brazilian mobile numbers for WhatsApp (issue 22 part 2): any way a person types one becomes
 * E.164 (+55 DD 9XXXX-XXXX); what cannot be a Brazilian mobile number is refused in Portuguese.
 */

export const MSG_TELEFONE = {
  invalido: 'Informe um celular brasileiro com DDD, por exemplo (11) 91234-5678.',
} as const;

/** DDDs in use in Brazil (Anatel). */
const DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46,
  47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85,
  86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
]);

/**
 * '+55 (11) 91234-5678', '011 91234 5678', '11912345678', '5511912345678' → '+5511912345678';
 * undefined for a landline, another country, a wrong DDD or a wrong length.
 */
export function normalizarCelular(entrada: string): string | undefined {
  const bruto = entrada.trim();
  if (bruto.length === 0 || bruto.length > 40 || /[^\d\s()+.-]/.test(bruto)) return undefined;
  let d = bruto.replace(/\D/g, '');
  if (bruto.startsWith('+')) {
    if (!d.startsWith('55')) return undefined;
    d = d.slice(2);
  } else if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
  else if (d.length === 12 && d.startsWith('0')) d = d.slice(1);
  if (d.length !== 11) return undefined;
  if (!DDDS.has(Number(d.slice(0, 2))) || d[2] !== '9') return undefined;
  return `+55${d}`;
}

/**
 * A number as the provider names a sender ('wa_id', digits only): Brazilian numbers often come
 * without the mobile's leading 9 (55 DD XXXXXXXX), which is put back. Undefined if not Brazilian.
 */
export function celularDoWaId(waId: string): string | undefined {
  const d = waId.replace(/\D/g, '');
  if (d.length === 12 && d.startsWith('55') && /[6-9]/.test(d[4] ?? ''))
    return normalizarCelular(`+55${d.slice(2, 4)}9${d.slice(4)}`);
  return normalizarCelular(`+${d}`);
}

/** '+5511912345678' → '5511912345678' (the messages endpoint's `to`). */
export const paraDoProvedor = (e164: string): string => e164.replace(/^\+/, '');
