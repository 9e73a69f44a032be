import { describe, expect, it } from 'vitest';
import { makeGravado } from '../testing/fixtures.ts';
import { faixaPrevisao, formatData, formatDataHora, formatHora } from './datas.ts';
import { PedidoIlegivelError, parsePedidoJson } from './pedido-json.ts';

describe('order dates (São Paulo wall clock)', () => {
  it('formats date and time', () => {
    expect(formatDataHora('2025-05-12T22:05:00.000Z')).toBe('12/05/2025 às 19:05');
    expect(formatData('2025-05-13T02:59:00Z')).toBe('12/05/2025');
    expect(formatHora('2025-05-13T03:00:00Z')).toBe('00:00');
    expect(formatDataHora('não é data')).toBe('');
  });

  it('gives the estimate as the order time plus min to max minutes', () => {
    expect(faixaPrevisao('2025-05-12T22:00:00Z', 30, 50)).toBe('19:30 – 19:50');
    expect(faixaPrevisao('2025-05-12T22:00:00Z', 40, 40)).toBe('19:40');
    // Past midnight.
    expect(faixaPrevisao('2025-05-13T02:40:00Z', 10, 30)).toBe('23:50 – 00:10');
    // No estimate given.
    expect(faixaPrevisao('2025-05-12T22:00:00Z', 0, 0)).toBeNull();
  });
});

describe("parsePedidoJson (the fetched order's pedido text)", () => {
  it('parses a stored order', () => {
    const gravado = makeGravado();
    expect(parsePedidoJson({ referencia: '1', pedido: JSON.stringify(gravado) })).toEqual(gravado);
  });

  it.each([
    ['{'],
    ['null'],
    [JSON.stringify({ ...makeGravado(), total: '41,00' })],
    [JSON.stringify({ ...makeGravado(), tipo: 'DRONE' })],
  ])('refuses %s', (pedido) => {
    expect(() => parsePedidoJson({ referencia: '77', pedido })).toThrow(PedidoIlegivelError);
  });
});
