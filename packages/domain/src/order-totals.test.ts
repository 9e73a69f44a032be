import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { couponDiscount, orderTotals } from './order-totals.ts';

describe('couponDiscount', () => {
  it.each([
    ['percent, truncated', { ehpercentual: true, desconto: 15, limitedesconto: 0 }, 3333, 499],
    [
      'percent capped by limitedesconto',
      { ehpercentual: true, desconto: 50, limitedesconto: 10 },
      10000,
      1000,
    ],
    ['fixed in reais', { ehpercentual: false, desconto: 12.5, limitedesconto: 0 }, 5000, 1250],
    [
      'never more than subtotal − 1 cent',
      { ehpercentual: false, desconto: 100, limitedesconto: 0 },
      2000,
      1999,
    ],
    ['100 % leaves one cent', { ehpercentual: true, desconto: 100, limitedesconto: 0 }, 2000, 1999],
    ['empty subtotal', { ehpercentual: true, desconto: 10, limitedesconto: 0 }, 0, 0],
  ])('%s', (_n, cupom, sub, d) => expect(couponDiscount(cupom, sub)).toBe(d));

  it('never leaves a total below one cent nor gives a negative discount', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: -50, max: 500 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (ehpercentual, desconto, limite, sub) => {
          const d = couponDiscount({ ehpercentual, desconto, limitedesconto: limite }, sub);
          expect(d).toBeGreaterThanOrEqual(0);
          expect(sub - d).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe('orderTotals', () => {
  const base = { taxaentrega: 5.99, abono: null, cupom: null, pedidominimo: 20 };
  it('adds the fee and subtracts the discount', () => {
    const t = orderTotals({
      ...base,
      subtotal: 3000,
      cupom: { ehpercentual: false, desconto: 5, limitedesconto: 0 },
    });
    expect(t).toMatchObject({
      taxaCobrada: 599,
      desconto: 500,
      total: 3099,
      entregaGratis: false,
      pedidoMinimoFaltando: null,
    });
  });
  it('waives the fee from a nonzero abono and says how much is missing below it', () => {
    expect(orderTotals({ ...base, subtotal: 8000, abono: 80 })).toMatchObject({
      entregaGratis: true,
      taxaCobrada: 0,
      total: 8000,
    });
    expect(orderTotals({ ...base, subtotal: 7999, abono: 80 })).toMatchObject({
      entregaGratis: false,
      abonoFaltando: 8000,
    });
    expect(orderTotals({ ...base, subtotal: 100, abono: 0 }).abonoFaltando).toBeNull();
  });
  it('flags the minimum order and treats a fee of 0 as free, a null fee as none', () => {
    expect(orderTotals({ ...base, subtotal: 1999 }).pedidoMinimoFaltando).toBe(2000);
    expect(orderTotals({ ...base, subtotal: 1999, taxaentrega: 0 }).entregaGratis).toBe(true);
    expect(orderTotals({ ...base, subtotal: 1999, taxaentrega: null })).toMatchObject({
      taxaEntrega: null,
      taxaCobrada: 0,
    });
  });
});
