/**
 * The schedule fields (spec section 5): the days and times offered, on the establishment's wall
 * clock, and the ISO instant sent as `entregue_as`. Validity is the domain's `agendamentoValido`,
 * the rule the server applies: a time is offered only when that rule accepts it now.
 */
import {
  AGENDAMENTO_MAX_DIAS,
  agendamentoValido,
  DIAS_SEMANA,
  FUSO_PADRAO,
  FUSOS_BRASIL,
  type HorarioExcecao,
  type HorarioFuncionamento,
} from '@rango/domain';

/** Minutes between two offered times. */
export const PASSO_MINUTOS = 15;

/** The establishment's UTC offset in minutes (Brazil keeps one all year). */
const OFFSET = FUSOS_BRASIL[FUSO_PADRAO] ?? -180;
const MS_MINUTO = 60_000;
const MS_DIA = 86_400_000;

const dois = (n: number) => String(n).padStart(2, '0');

/** '-03:00' */
function offsetTexto(): string {
  const abs = Math.abs(OFFSET);
  return `${OFFSET < 0 ? '-' : '+'}${dois(Math.floor(abs / 60))}:${dois(abs % 60)}`;
}

/** The wall-clock calendar date ('YYYY-MM-DD') of an instant. */
function dataLocal(instante: Date): string {
  const local = new Date(instante.getTime() + OFFSET * MS_MINUTO);
  return `${local.getUTCFullYear()}-${dois(local.getUTCMonth() + 1)}-${dois(local.getUTCDate())}`;
}

function partes(data: string): [number, number, number] {
  const [a = '0', m = '1', d = '1'] = data.split('-');
  return [Number(a), Number(m), Number(d)];
}

/** The instant of a wall-clock date ('YYYY-MM-DD') and time ('HH:MM') at the establishment. */
export function instanteAgendado(data: string, hora: string): Date {
  const [a, m, d] = partes(data);
  const [h = '0', min = '0'] = hora.split(':');
  return new Date(Date.UTC(a, m - 1, d, Number(h), Number(min)) - OFFSET * MS_MINUTO);
}

/** `entregue_as` as sent: '2025-05-14T19:30:00-03:00' (the establishment's own clock). */
export function isoAgendado(data: string, hora: string): string {
  return `${data}T${hora}:00${offsetTexto()}`;
}

/** The times ('HH:MM', every PASSO_MINUTOS) of a day that the scheduling rule accepts now. */
export function horariosDoDia(
  data: string,
  horarios: readonly HorarioFuncionamento[],
  agora: Date = new Date(),
  excecoes: readonly HorarioExcecao[] = [],
): string[] {
  const out: string[] = [];
  for (let min = 0; min < 24 * 60; min += PASSO_MINUTOS) {
    const hora = `${dois(Math.floor(min / 60))}:${dois(min % 60)}`;
    if (agendamentoValido(instanteAgendado(data, hora), horarios, agora, undefined, excecoes)) out.push(hora);
  }
  return out;
}

export interface OpcaoDia {
  value: string;
  label: string;
  /** No time of that day can be scheduled (closed, or already past). */
  disabled: boolean;
}

/** Today and the next AGENDAMENTO_MAX_DIAS days ('Hoje, 14/05', 'Amanhã, 15/05', 'Sexta-feira, 16/05'). */
export function diasAgendamento(
  horarios: readonly HorarioFuncionamento[],
  agora: Date = new Date(),
  excecoes: readonly HorarioExcecao[] = [],
): OpcaoDia[] {
  const dias: OpcaoDia[] = [];
  for (let i = 0; i <= AGENDAMENTO_MAX_DIAS; i++) {
    const data = dataLocal(new Date(agora.getTime() + i * MS_DIA));
    const [a, m, d] = partes(data);
    const nome =
      i === 0 ? 'Hoje' : i === 1 ? 'Amanhã' : DIAS_SEMANA[new Date(Date.UTC(a, m - 1, d)).getUTCDay()];
    dias.push({
      value: data,
      label: `${nome}, ${dois(d)}/${dois(m)}`,
      disabled: horariosDoDia(data, horarios, agora, excecoes).length === 0,
    });
  }
  return dias;
}

/** The spec's rule for a chosen day and time: inside the hours and in the future. */
export function agendamentoEscolhidoValido(
  data: string,
  hora: string,
  horarios: readonly HorarioFuncionamento[],
  agora: Date = new Date(),
  excecoes: readonly HorarioExcecao[] = [],
): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data) || !/^\d{2}:\d{2}$/.test(hora)) return false;
  return agendamentoValido(instanteAgendado(data, hora), horarios, agora, undefined, excecoes);
}
