import { describe, expect, it } from 'vitest';
import { avisoPix, formatarRestante, marcoPix, restanteMs } from './pix-contagem.ts';

describe('PIX countdown', () => {
  it('formats the time left as m:ss (h:mm:ss past an hour), rounded up, never negative', () => {
    expect(formatarRestante(12 * 60_000 + 34_000)).toBe('12:34');
    expect(formatarRestante(15 * 60_000)).toBe('15:00');
    expect(formatarRestante(59_001)).toBe('1:00');
    expect(formatarRestante(500)).toBe('0:01');
    expect(formatarRestante(0)).toBe('0:00');
    expect(formatarRestante(-5000)).toBe('0:00');
    expect(formatarRestante(3_723_000)).toBe('1:02:03');
  });

  it('reads the expiry against now; a missing or bad instant is null', () => {
    expect(restanteMs('2025-05-12T22:30:00.000Z', Date.parse('2025-05-12T22:00:00.000Z'))).toBe(1_800_000);
    expect(restanteMs(null, 0)).toBeNull();
    expect(restanteMs('amanhã', 0)).toBeNull();
  });

  it('announces only at 5 minutes, 1 minute and the expiry', () => {
    expect(marcoPix(10 * 60_000)).toBeNull();
    expect(marcoPix(5 * 60_000 + 1)).toBeNull();
    expect(marcoPix(5 * 60_000)).toBe(300);
    expect(marcoPix(61_000)).toBe(300);
    expect(marcoPix(60_000)).toBe(60);
    expect(marcoPix(1)).toBe(60);
    expect(marcoPix(0)).toBe('expirado');
    expect(avisoPix(null)).toBe('');
    expect(avisoPix(300)).toBe('Faltam 5 minutos para o código PIX expirar.');
    expect(avisoPix(60)).toBe('Falta 1 minuto para o código PIX expirar.');
    expect(avisoPix('expirado')).toBe('O código PIX expirou. Gere um novo código para pagar.');
  });
});
