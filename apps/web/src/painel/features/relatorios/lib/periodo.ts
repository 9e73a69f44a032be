import { wallClock } from '@rango/domain';

export type Preset = 'hoje' | '7d' | '30d' | 'mes' | 'personalizado';

export const PRESETS: { value: Preset; label: string }[] = [
  { value: 'hoje', label: 'Hoje' },
  { value: '7d', label: '7 dias' },
  { value: '30d', label: '30 dias' },
  { value: 'mes', label: 'Este mês' },
  { value: 'personalizado', label: 'Personalizado' },
];

const somarDias = (iso: string, dias: number): string =>
  new Date(Date.parse(iso) + dias * 86_400_000).toISOString().slice(0, 10);

/** Today in São Paulo, 'YYYY-MM-DD'. */
export const hojeSaoPaulo = (agora = new Date()): string => wallClock(agora).data;

/** A preset's days (both included), ending today in São Paulo. */
export function periodoDo(
  preset: Exclude<Preset, 'personalizado'>,
  hoje: string,
): { de: string; ate: string } {
  switch (preset) {
    case 'hoje':
      return { de: hoje, ate: hoje };
    case '7d':
      return { de: somarDias(hoje, -6), ate: hoje };
    case '30d':
      return { de: somarDias(hoje, -29), ate: hoje };
    case 'mes':
      return { de: `${hoje.slice(0, 8)}01`, ate: hoje };
  }
}

/** Which preset a period is (for the URL's ?de=&ate=), else 'personalizado'. */
export function presetDe(p: { de: string; ate: string }, hoje: string): Preset {
  for (const { value } of PRESETS) {
    if (value === 'personalizado') continue;
    const q = periodoDo(value, hoje);
    if (q.de === p.de && q.ate === p.ate) return value;
  }
  return 'personalizado';
}

/** '2026-11-26' → '26/11/2026'. */
export const dataBr = (iso: string): string => iso.split('-').reverse().join('/');
