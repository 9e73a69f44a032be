import type { HorarioFuncionamento } from './schemas.ts';

/** Weekday names by diadasemana (0 Sunday … 6 Saturday). */
export const DIAS_SEMANA = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** Establishments' wall clock. */
export const FUSO_PADRAO = 'America/Sao_Paulo';

const WEEKDAY: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Brazil's zones keep one UTC offset all year (no daylight saving since 2019), in minutes.
 * Reading them needs no Intl.DateTimeFormat, whose first construction with a time zone costs
 * ~100 ms on a slow phone — on the menu's first render.
 */
export const FUSOS_BRASIL: Readonly<Record<string, number>> = {
  'America/Noronha': -120,
  'America/Sao_Paulo': -180,
  'America/Bahia': -180,
  'America/Fortaleza': -180,
  'America/Recife': -180,
  'America/Maceio': -180,
  'America/Belem': -180,
  'America/Araguaina': -180,
  'America/Santarem': -180,
  'America/Manaus': -240,
  'America/Cuiaba': -240,
  'America/Campo_Grande': -240,
  'America/Porto_Velho': -240,
  'America/Boa_Vista': -240,
  'America/Rio_Branco': -300,
  'America/Eirunepe': -300,
};

/** Weekday (0 Sunday) and minutes since midnight of `now` on the wall clock of `timeZone`. */
export function wallClock(now: Date, timeZone: string = FUSO_PADRAO): { dia: number; minutos: number } {
  const offset = FUSOS_BRASIL[timeZone];
  if (offset !== undefined) {
    const local = new Date(now.getTime() + offset * 60_000);
    return { dia: local.getUTCDay(), minutos: local.getUTCHours() * 60 + local.getUTCMinutes() };
  }
  return wallClockIntl(now, timeZone);
}

/** The general case, through Intl (any IANA zone). */
export function wallClockIntl(now: Date, timeZone: string): { dia: number; minutos: number } {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  const dia = WEEKDAY[parts.weekday ?? 'Sun'] ?? 0;
  return { dia, minutos: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** '18:30:00' or '18:30' → 1110. */
export function toMinutes(hhmm: string): number {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/** 'HH:MM' for display. */
export function formatHora(hhmm: string): string {
  return hhmm.slice(0, 5);
}

/**
 * Is the wall-clock moment (weekday, minutes) within the hours? A period whose fechamento is at
 * or before its abertura runs past midnight into the next day ('18:00'–'02:00').
 */
export function isWithinHours(
  horarios: readonly HorarioFuncionamento[],
  dia: number,
  minutos: number,
): boolean {
  const ontem = (dia + 6) % 7;
  return horarios.some((h) => {
    const abre = toMinutes(h.abertura);
    const fecha = toMinutes(h.fechamento);
    const viraODia = fecha <= abre;
    if (h.diadasemana === dia) {
      return viraODia ? minutos >= abre : minutos >= abre && minutos < fecha;
    }
    return viraODia && h.diadasemana === ontem && minutos < fecha;
  });
}

/** Store open (spec section 4): `lojaaberta` and the current time within today's hours. */
export function isStoreOpen(
  est: { lojaaberta: boolean; horariofuncionamento_set: readonly HorarioFuncionamento[] },
  now: Date = new Date(),
  timeZone: string = FUSO_PADRAO,
): boolean {
  if (!est.lojaaberta) return false;
  const { dia, minutos } = wallClock(now, timeZone);
  return isWithinHours(est.horariofuncionamento_set, dia, minutos);
}

/** The hours grouped by weekday, in order Sunday…Saturday, for 'Mais Informações'. */
export function hoursByWeekday(
  horarios: readonly HorarioFuncionamento[],
): { dia: number; nome: string; periodos: string[] }[] {
  return DIAS_SEMANA.map((nome, dia) => ({
    dia,
    nome,
    periodos: horarios
      .filter((h) => h.diadasemana === dia)
      .sort((a, b) => toMinutes(a.abertura) - toMinutes(b.abertura))
      .map((h) => `${formatHora(h.abertura)} às ${formatHora(h.fechamento)}`),
  }));
}
