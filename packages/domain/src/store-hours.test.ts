import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { agendamentoValido } from './pedido-check.ts';
import {
  FUSOS_BRASIL,
  hoursByWeekday,
  isStoreOpen,
  isWithinHours,
  wallClock,
  wallClockIntl,
} from './store-hours.ts';

const h = (diadasemana: number, abertura: string, fechamento: string) => ({
  diadasemana,
  abertura,
  fechamento,
});

describe('store hours', () => {
  it('reads the São Paulo wall clock', () => {
    // 2026-11-22 is a Sunday; 15:00 UTC is 12:00 in São Paulo (UTC−3).
    expect(wallClock(new Date('2026-11-22T15:00:00Z'))).toEqual({
      dia: 0,
      minutos: 12 * 60,
      data: '2026-11-22',
    });
    expect(wallClock(new Date('2026-11-23T02:30:00Z'))).toEqual({
      dia: 0,
      minutos: 23 * 60 + 30,
      data: '2026-11-22',
    });
  });

  it("Brazil's fixed offsets agree with the time-zone database", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2030-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...Object.keys(FUSOS_BRASIL)),
        (now, zone) => {
          expect(wallClock(now, zone)).toEqual(wallClockIntl(now, zone));
        },
      ),
    );
    expect(wallClock(new Date('2026-11-22T15:00:00Z'), 'Europe/Lisbon')).toEqual({
      dia: 0,
      minutos: 15 * 60,
      data: '2026-11-22',
    });
  });

  it.each([
    ['inside a day period', [h(1, '11:00', '15:00')], 1, 12 * 60, true],
    ['at closing time it is closed', [h(1, '11:00', '15:00')], 1, 15 * 60, false],
    ['before opening', [h(1, '11:00', '15:00')], 1, 10 * 60 + 59, false],
    ['another weekday', [h(1, '11:00', '15:00')], 2, 12 * 60, false],
    ['past midnight, same evening', [h(5, '18:00', '02:00')], 5, 23 * 60, true],
    ['past midnight, early next day', [h(5, '18:00', '02:00')], 6, 60, true],
    ['past midnight, after it closed', [h(5, '18:00', '02:00')], 6, 2 * 60, false],
    ['Saturday night runs into Sunday', [h(6, '20:00', '01:00')], 0, 30, true],
    ['00:00–00:00 is open all day', [h(3, '00:00', '00:00')], 3, 23 * 60 + 59, true],
    [
      'two periods, the gap between them',
      [h(2, '11:00', '14:00'), h(2, '18:00', '23:00')],
      2,
      16 * 60,
      false,
    ],
  ])('%s', (_name, horarios, dia, minutos, open) => {
    expect(isWithinHours(horarios, dia, minutos)).toBe(open);
  });

  it('needs lojaaberta too', () => {
    const horario = [0, 1, 2, 3, 4, 5, 6].map((d) => h(d, '00:00', '00:00'));
    const now = new Date('2026-11-22T15:00:00Z');
    expect(isStoreOpen({ lojaaberta: true, horariofuncionamento_set: horario }, now)).toBe(true);
    expect(isStoreOpen({ lojaaberta: false, horariofuncionamento_set: horario }, now)).toBe(false);
    expect(isStoreOpen({ lojaaberta: true, horariofuncionamento_set: [] }, now)).toBe(false);
  });

  describe('dates with their own hours (holidays)', () => {
    // Every day 11:00–23:00; Thursdays 18:00–02:00. 2026-12-24 and 12-31 are Thursdays.
    const semana = [0, 1, 2, 3, 5, 6].map((d) => h(d, '11:00', '23:00')).concat(h(4, '18:00', '02:00'));
    const ex = (data: string, abertura: string | null = null, fechamento: string | null = null) => ({
      data,
      abertura,
      fechamento,
    });
    // São Paulo is UTC−3 all year.
    const em = (local: string) => new Date(`${local}:00-03:00`);
    const aberta = (local: string, excecoes: ReturnType<typeof ex>[]) =>
      isStoreOpen(
        { lojaaberta: true, horariofuncionamento_set: semana, horarioexcecao_set: excecoes },
        em(local),
      );

    it('a date closed all day is closed (FECHADO), the next day opens as usual', () => {
      expect(aberta('2026-12-25T12:00', [])).toBe(true);
      expect(aberta('2026-12-25T12:00', [ex('2026-12-25')])).toBe(false);
      expect(aberta('2026-12-26T12:00', [ex('2026-12-25')])).toBe(true);
      expect(aberta('2026-12-18T12:00', [ex('2026-12-25')])).toBe(true);
    });

    it("a date's own ranges replace its weekday's", () => {
      const reveillon = [ex('2026-12-31', '18:00', '23:00')];
      expect(aberta('2026-12-31T17:59', reveillon)).toBe(false);
      expect(aberta('2026-12-31T18:00', reveillon)).toBe(true);
      expect(aberta('2026-12-31T22:59', reveillon)).toBe(true);
      expect(aberta('2026-12-31T23:30', reveillon)).toBe(false);
      // Thursday's usual 18:00–02:00 would still be open at 01:00 of the 1st.
      expect(aberta('2027-01-01T01:00', [])).toBe(true);
      expect(aberta('2027-01-01T01:00', reveillon)).toBe(false);
      // Two ranges on one date.
      const dois = [ex('2026-12-31', '11:00', '14:00'), ex('2026-12-31', '19:00', '22:00')];
      expect(aberta('2026-12-31T12:00', dois)).toBe(true);
      expect(aberta('2026-12-31T16:00', dois)).toBe(false);
      expect(aberta('2026-12-31T20:00', dois)).toBe(true);
    });

    it('a range past midnight belongs to the day it opens', () => {
      // The 24th's usual 18:00–02:00 still runs into the closed 25th …
      expect(aberta('2026-12-25T01:00', [ex('2026-12-25')])).toBe(true);
      expect(aberta('2026-12-25T02:00', [ex('2026-12-25')])).toBe(false);
      // … a closed 24th does not.
      expect(aberta('2026-12-25T01:00', [ex('2026-12-24')])).toBe(false);
      // A date's own range past midnight runs into the next date, even a closed one.
      const virada = [ex('2026-12-31', '20:00', '03:00'), ex('2027-01-01')];
      expect(aberta('2027-01-01T02:30', virada)).toBe(true);
      expect(aberta('2027-01-01T12:00', virada)).toBe(false);
      // 24 h on a date.
      expect(aberta('2026-12-25T06:00', [ex('2026-12-25', '00:00', '00:00')])).toBe(true);
    });

    it('a scheduled time on a closed date is refused, on its own hours accepted', () => {
      const agora = em('2026-12-22T12:00');
      expect(agendamentoValido(em('2026-12-25T12:00'), semana, agora)).toBe(true);
      expect(agendamentoValido(em('2026-12-25T12:00'), semana, agora, undefined, [ex('2026-12-25')])).toBe(
        false,
      );
      const curto = [ex('2026-12-24', '10:00', '12:00')];
      expect(agendamentoValido(em('2026-12-24T11:00'), semana, agora, undefined, curto)).toBe(true);
      expect(agendamentoValido(em('2026-12-24T19:00'), semana, agora, undefined, curto)).toBe(false);
    });

    it('another time zone reads its own date', () => {
      // 02:00 UTC on the 25th is still the 24th in São Paulo and Manaus, the 25th in Lisbon.
      const t = new Date('2026-12-25T02:00:00Z');
      expect(wallClock(t).data).toBe('2026-12-24');
      expect(wallClock(t, 'America/Manaus').data).toBe('2026-12-24');
      expect(wallClock(t, 'Europe/Lisbon').data).toBe('2026-12-25');
    });
  });

  it('groups hours by weekday for display', () => {
    const dias = hoursByWeekday([h(1, '18:00:00', '23:00:00'), h(1, '11:00:00', '14:00:00')]);
    expect(dias).toHaveLength(7);
    expect(dias[1]).toEqual({
      dia: 1,
      nome: 'Segunda-feira',
      periodos: ['11:00 às 14:00', '18:00 às 23:00'],
    });
    expect(dias[0]!.periodos).toEqual([]);
  });
});
