import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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
    expect(wallClock(new Date('2026-11-22T15:00:00Z'))).toEqual({ dia: 0, minutos: 12 * 60 });
    expect(wallClock(new Date('2026-11-23T02:30:00Z'))).toEqual({ dia: 0, minutos: 23 * 60 + 30 });
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
