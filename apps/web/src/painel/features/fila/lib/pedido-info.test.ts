import type { PedidoPainel } from '@rango/domain/painel';
import { describe, expect, it } from 'vitest';
import { pagamentoTexto, tipoTexto, trocoTexto } from './pedido-info.ts';

const pedido = (pagamento: Partial<PedidoPainel['pagamento']>, total = 4500): PedidoPainel =>
  ({
    tipo: 'DELIVERY',
    total,
    pedido: {},
    pagamento: {
      online: false,
      descricao: 'Dinheiro',
      tipo: null,
      estado: null,
      troco_para: null,
      ...pagamento,
    },
  }) as PedidoPainel;

const semEspacoDuro = (s: string | null) => s?.replace(/\u00a0/g, ' ') ?? null;

describe('payment lines of the drawer and card', () => {
  it('a Rango order: collect the total, change on the total', () => {
    const p = pedido({ troco_para: 5000 });
    expect(semEspacoDuro(pagamentoTexto(p))).toBe('Cobrar na entrega · Dinheiro');
    expect(semEspacoDuro(trocoTexto(p))).toBe('Troco para R$ 50,00 (levar R$ 5,00)');
  });

  it('an order partly paid on iFood: collect only the rest, change on that part', () => {
    const p = pedido({
      descricao: 'Pago no iFood (Vale-refeição) + Dinheiro (cobrar na entrega)',
      troco_para: 5000,
      a_cobrar: 2500,
    });
    expect(semEspacoDuro(pagamentoTexto(p))).toBe(
      'Cobrar R$ 25,00 na entrega · Pago no iFood (Vale-refeição) + Dinheiro (cobrar na entrega)',
    );
    expect(semEspacoDuro(trocoTexto(p))).toBe('Troco para R$ 50,00 (levar R$ 25,00)');
  });
});

describe('who delivers', () => {
  it("an iFood order delivered by iFood's courier says so; the store's own is a plain delivery", () => {
    const p = pedido({});
    expect(tipoTexto(p)).toBe('Entrega');
    expect(tipoTexto({ ...p, pedido: { ...p.pedido, entrega_por: 'ifood' } })).toBe('Entrega pelo iFood');
    expect(tipoTexto({ ...p, pedido: { ...p.pedido, entrega_por: 'loja' } })).toBe('Entrega');
    expect(tipoTexto({ ...p, tipo: 'TOGO' })).toBe('Retirada');
  });
});
