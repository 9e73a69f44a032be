import { describe, expect, it } from 'vitest';
import { MAX_TAXA_PLATAFORMA_BP, formatarBp, taxaPlataforma } from './pagamentos.ts';
import { resumoPagamentosOnline } from './relatorio.ts';

describe("the platform operator's fee (Mercado Pago application_fee)", () => {
  it('is bp basis points of the amount in cents, rounded half up', () => {
    expect(taxaPlataforma(10_000, 250)).toBe(250); // R$ 100,00 at 2,5 % = R$ 2,50
    expect(taxaPlataforma(4_990, 250)).toBe(125); // 124,75 → 125
    expect(taxaPlataforma(4_970, 250)).toBe(124); // 124,25 → 124
    expect(taxaPlataforma(20, 250)).toBe(1); // 0,5 → 1 (half up)
    expect(taxaPlataforma(19, 250)).toBe(0); // 0,475 → 0
    expect(taxaPlataforma(3_333, 1)).toBe(0); // 0,3333 → 0
    expect(taxaPlataforma(123_456_789, 199)).toBe(2_456_790); // 2 456 790,10 → integer
  });

  it('is 0 without a fee or an amount, and always below the payment', () => {
    expect(taxaPlataforma(10_000, 0)).toBe(0);
    expect(taxaPlataforma(0, 250)).toBe(0);
    expect(taxaPlataforma(-500, 250)).toBe(0);
    // 50 % of 1 cent rounds up to the whole payment: Mercado Pago refuses a fee equal to it.
    expect(taxaPlataforma(1, MAX_TAXA_PLATAFORMA_BP)).toBe(0);
    expect(taxaPlataforma(3, MAX_TAXA_PLATAFORMA_BP)).toBe(2);
    for (let valor = 1; valor < 300; valor++) {
      const t = taxaPlataforma(valor, MAX_TAXA_PLATAFORMA_BP);
      expect(Number.isInteger(t) && t >= 0 && t < valor).toBe(true);
    }
  });

  it('refuses what is not an integer fee within 0–50 %', () => {
    expect(() => taxaPlataforma(1000, 2.5)).toThrow(RangeError);
    expect(() => taxaPlataforma(10.5, 250)).toThrow(RangeError);
    expect(() => taxaPlataforma(1000, -1)).toThrow(RangeError);
    expect(() => taxaPlataforma(1000, MAX_TAXA_PLATAFORMA_BP + 1)).toThrow(RangeError);
  });

  it('reads as a percentage', () => {
    expect(formatarBp(250)).toBe('2,5 %');
    expect(formatarBp(205)).toBe('2,05 %');
    expect(formatarBp(300)).toBe('3 %');
    expect(formatarBp(1)).toBe('0,01 %');
  });
});

describe("the report's online payments: gross, fee and net", () => {
  it('net is gross minus the fee; Cielo and the sandbox never carry one', () => {
    const r = resumoPagamentosOnline([
      { provedor: 'sandbox', pagamentos: 2, bruto: 5000, taxa: 0 },
      { provedor: 'mercadopago', pagamentos: 3, bruto: 12_000, taxa: 300 },
      // A stray fee on a Cielo row (none is ever charged there) is not reported as one.
      { provedor: 'cielo', pagamentos: 1, bruto: 4000, taxa: 99 },
      { provedor: 'outro', pagamentos: 1, bruto: 100, taxa: 0 },
    ]);
    expect(r.porProvedor).toEqual([
      { provedor: 'mercadopago', pagamentos: 3, bruto: 12_000, taxa: 300, liquido: 11_700 },
      { provedor: 'cielo', pagamentos: 1, bruto: 4000, taxa: 0, liquido: 4000 },
      { provedor: 'sandbox', pagamentos: 2, bruto: 5000, taxa: 0, liquido: 5000 },
    ]);
    expect(r).toMatchObject({ bruto: 21_000, taxa: 300, liquido: 20_700 });
    expect(resumoPagamentosOnline([])).toEqual({ bruto: 0, taxa: 0, liquido: 0, porProvedor: [] });
  });
});
