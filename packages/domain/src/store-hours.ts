import type { HorarioExcecao, HorarioFuncionamento } from './schemas.ts';

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

const formatters: Record<string, Intl.DateTimeFormat> = {};

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

/**
 * Weekday (0 Sunday), minutes since midnight and date ('YYYY-MM-DD') of `now` on the wall clock
 * of `timeZone`. Brazil's zones by their fixed offset; any other IANA zone (or `intl`) through Intl.
 */
export function wallClock(
  now: Date,
  timeZone: string = FUSO_PADRAO,
  intl = FUSOS_BRASIL[timeZone] === undefined,
): { dia: number; minutos: number; data: string } {
  let local = new Date(now.getTime() + (FUSOS_BRASIL[timeZone] ?? 0) * 60_000);
  if (intl) {
    const f = (formatters[timeZone] ??= new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    }));
    const p = Object.fromEntries(f.formatToParts(now).map((x) => [x.type, +x.value]));
    local = new Date(Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute));
  }
  return {
    dia: local.getUTCDay(),
    minutos: local.getUTCHours() * 60 + local.getUTCMinutes(),
    data: local.toISOString().slice(0, 10),
  };
}

/** The general case, through Intl (any IANA zone). */
export const wallClockIntl = (now: Date, timeZone: string) => wallClock(now, timeZone, true);

/** '18:30:00' or '18:30' → 1110. */
export const toMinutes = (hhmm: string): number => +hhmm.slice(0, 2) * 60 + +hhmm.slice(3, 5);

/** 'HH:MM' for display. */
export function formatHora(hhmm: string): string {
  return hhmm.slice(0, 5);
}

/**
 * Is the wall-clock moment (weekday, minutes, date) within the hours? A period whose fechamento
 * is at or before its abertura runs past midnight into the next day ('18:00'–'02:00'). A date in
 * `excecoes` has its own rows instead of its weekday's (null abertura: closed); a range past
 * midnight belongs to the day it opens.
 */
export function isWithinHours(
  horarios: readonly HorarioFuncionamento[],
  dia: number,
  minutos: number,
  data?: string,
  excecoes: readonly HorarioExcecao[] = [],
): boolean {
  const ontem = (dia + 6) % 7;
  const dataOntem = data && new Date(Date.parse(data) - 864e5).toISOString().slice(0, 10);
  const ex = excecoes.filter((e) => e.data === data || e.data === dataOntem);
  return [
    ...horarios.filter((h) => !ex.some((e) => e.data === (h.diadasemana === dia ? data : dataOntem))),
    ...ex.map((e) => ({ ...e, diadasemana: e.data === data ? dia : ontem }) as HorarioFuncionamento),
  ].some((h) => {
    if (!h.abertura) return false;
    const abre = toMinutes(h.abertura);
    const fecha = toMinutes(h.fechamento);
    const viraODia = fecha <= abre;
    if (h.diadasemana === dia) {
      return viraODia ? minutos >= abre : minutos >= abre && minutos < fecha;
    }
    return viraODia && h.diadasemana === ontem && minutos < fecha;
  });
}

/** Store open (spec section 4): `lojaaberta` and the current time within today's hours (or the date's own). */
export function isStoreOpen(
  est: {
    lojaaberta: boolean;
    horariofuncionamento_set: readonly HorarioFuncionamento[];
    horarioexcecao_set?: readonly HorarioExcecao[] | undefined;
  },
  now: Date = new Date(),
  timeZone: string = FUSO_PADRAO,
): boolean {
  if (!est.lojaaberta) return false;
  const { dia, minutos, data } = wallClock(now, timeZone);
  return isWithinHours(est.horariofuncionamento_set, dia, minutos, data, est.horarioexcecao_set);
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
