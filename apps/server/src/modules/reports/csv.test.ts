import type { Relatorio } from '@rango/domain/painel/relatorio';
import { describe, expect, it } from 'vitest';
import { CASOS_FORMULA } from '../../test/csv-formulas.ts';
import { relatorioCsv } from './csv.ts';

const vazio: Relatorio = {
  de: '2026-03-01',
  ate: '2026-03-31',
  pedidos: 0,
  receita: 0,
  ticketMedio: 0,
  porFormaPagamento: [],
  porTipo: [],
  porCanal: [],
  cancelamentos: { pedidos: 0, valor: 0 },
  estornos: { pagamentos: 0, valor: 0, pendentes: 0, valorPendente: 0 },
  produtos: { porQuantidade: [], porReceita: [] },
  opcoes: { porQuantidade: [], porReceita: [] },
  porHora: [],
  pagamentosOnline: { bruto: 0, taxa: 0, liquido: 0, porProvedor: [] },
};

describe('sales report CSV', () => {
  it('guards every text a spreadsheet would run as a formula (the menu export takes the same cases)', () => {
    const itens = CASOS_FORMULA.map((c, i) => ({
      id: i + 1,
      descricao: c.texto,
      quantidade: 2,
      receita: 1050,
    }));
    const csv = relatorioCsv(
      { ...vazio, produtos: { porQuantidade: itens, porReceita: [] }, porFormaPagamento: [] },
      '=Pizzaria',
    );
    expect(csv.startsWith("\uFEFFRelatório de vendas;'=Pizzaria\r\n")).toBe(true);
    for (const c of CASOS_FORMULA)
      expect(csv, JSON.stringify(c.texto)).toContain(`\r\n${c.celula};2;10,50\r\n`);
  });

  it('keeps a negative amount a number', () => {
    const csv = relatorioCsv({ ...vazio, cancelamentos: { pedidos: 1, valor: -1250 } }, 'Pizzaria');
    expect(csv).toContain('\r\nCancelamentos (R$);-12,50\r\n');
  });
});
