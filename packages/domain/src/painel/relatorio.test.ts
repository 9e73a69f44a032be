import { describe, expect, it } from 'vitest';
import {
  MSG_RELATORIO,
  dataMaxRelatorio,
  diasNoPeriodo,
  periodoUtc,
  relatorioQuerySchema,
} from './relatorio.ts';

const HOJE = '2026-11-28';
const erros = (q: unknown, hoje = HOJE) => {
  const r = relatorioQuerySchema(hoje).safeParse(q);
  return r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('relatório: período', () => {
  it('takes São Paulo days as UTC instants [00:00−03:00, next day 00:00−03:00)', () => {
    expect(periodoUtc('2026-11-01', '2026-11-30')).toEqual({
      inicio: '2026-11-01T03:00:00.000Z',
      fim: '2026-12-01T03:00:00.000Z',
    });
    expect(periodoUtc('2026-12-31', '2026-12-31').fim).toBe('2027-01-01T03:00:00.000Z');
  });

  it('counts both days', () => {
    expect(diasNoPeriodo('2026-03-01', '2026-03-01')).toBe(1);
    expect(diasNoPeriodo('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('accepts up to 366 days and refuses the rest on the field, in Portuguese', () => {
    expect(erros({ de: '2024-01-01', ate: '2024-12-31' })).toBeNull();
    expect(erros({ de: '2025-01-01', ate: '2026-01-02' })).toEqual([['ate', MSG_RELATORIO.periodoLongo]]);
    expect(erros({ de: '2026-03-02', ate: '2026-03-01' })).toEqual([['ate', MSG_RELATORIO.periodoInvertido]]);
    expect(erros({ de: '2026-02-29', ate: '2026-03-01' })).toEqual([['de', MSG_RELATORIO.dataInicial]]);
    expect(erros({ de: '2026-03-01' })).toEqual([['ate', MSG_RELATORIO.dataFinal]]);
  });

  it('takes days from 2000-01-01 to the end of next year only (issue 20: 9999-12-31 hung the server)', () => {
    const fora = MSG_RELATORIO.dataForaDoLimite('2027-12-31');
    expect(fora).toBe('Escolha uma data entre 01/01/2000 e 31/12/2027.');
    expect(dataMaxRelatorio(HOJE)).toBe('2027-12-31');
    expect(erros({ de: '2000-01-01', ate: '2000-12-31' })).toBeNull();
    expect(erros({ de: '2027-01-01', ate: '2027-12-31' })).toBeNull();
    expect(erros({ de: '2024-02-29', ate: '2024-02-29' })).toBeNull();
    expect(erros({ de: '1999-12-31', ate: '2000-01-01' })).toEqual([['de', fora]]);
    expect(erros({ de: '2027-12-31', ate: '2028-01-01' })).toEqual([['ate', fora]]);
    expect(erros({ de: '9999-12-31', ate: '9999-12-31' })).toEqual([
      ['de', fora],
      ['ate', fora],
    ]);
    expect(erros({ de: '0000-01-01', ate: '2026-01-01' })).toEqual([['de', fora]]);
    expect(erros({ de: '2026-01-01', ate: '10000-01-01' })).toEqual([['ate', MSG_RELATORIO.dataFinal]]);
    expect(erros({ de: '+010000-01-01', ate: '2026-01-01' })).toEqual([['de', MSG_RELATORIO.dataInicial]]);
    expect(erros({ de: '2023-02-29', ate: '2023-03-01' })).toEqual([['de', MSG_RELATORIO.dataInicial]]);
    // The horizon moves with the year.
    expect(erros({ de: '2028-06-01', ate: '2028-06-01' }, '2027-01-01')).toBeNull();
  });
});
