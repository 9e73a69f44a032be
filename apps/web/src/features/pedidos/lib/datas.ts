/**
 * Dates and times of an order as the customer reads them ('12/05/2025 às 19:30'), on the
 * establishments' wall clock (the same zone the menu's opening hours use).
 */
import { FUSO_PADRAO } from '@rango/domain';

const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PADRAO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function partes(d: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of dataHora.formatToParts(d)) out[p.type] = p.value;
  return out;
}

const valid = (iso: string): Date | null => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** '12/05/2025' */
export function formatData(iso: string): string {
  const d = valid(iso);
  if (!d) return '';
  const p = partes(d);
  return `${p.day}/${p.month}/${p.year}`;
}

/** '19:30' */
export function formatHora(iso: string | Date): string {
  const d = typeof iso === 'string' ? valid(iso) : iso;
  if (!d) return '';
  const p = partes(d);
  return `${p.hour}:${p.minute}`;
}

/** '12/05/2025 às 19:30' */
export function formatDataHora(iso: string): string {
  const d = valid(iso);
  return d ? `${formatData(iso)} às ${formatHora(d)}` : '';
}

/**
 * The estimated time (spec section 4): the order time plus previsaoentregamin to
 * previsaoentregamax minutes, '19:30 – 20:10' (one time when both are equal). Null when the
 * establishment gave no estimate.
 */
export function faixaPrevisao(dthrpedido: string, min: number, max: number): string | null {
  const d = valid(dthrpedido);
  if (!d || max <= 0) return null;
  const de = formatHora(new Date(d.getTime() + Math.min(min, max) * 60_000));
  const ate = formatHora(new Date(d.getTime() + max * 60_000));
  return de === ate ? ate : `${de} – ${ate}`;
}
