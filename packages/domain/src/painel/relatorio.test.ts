import { describe, expect, it } from 'vitest';
import { MSG_RELATORIO, diasNoPeriodo, periodoUtc, relatorioQuerySchema } from './relatorio.ts';

const erros = (q: unknown) => {
  const r = relatorioQuerySchema.safeParse(q);
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
    expect(erros({ de: '1999-12-31', ate: '2000-01-01' })).toEqual([['de', MSG_RELATORIO.dataInicial]]);
    expect(erros({ de: '2026-03-01' })).toEqual([['ate', MSG_RELATORIO.dataFinal]]);
  });
});
